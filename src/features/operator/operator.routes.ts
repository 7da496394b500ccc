import type { App } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { operatorAt, operatorRoute, tags } from './operator.route.js';
import { prefixClaimRoutes } from './operator-prefixes.routes.js';
import {
  OperatorAuditEntry,
  OperatorAuditQuery,
  OperatorOrganization,
  OrganizationDirectoryQuery,
  OrganizationParams,
  PlanChangeBody,
} from './operator.schemas.js';
import { operatorHealthRoutes } from './operator-health.routes.js';
import { operatorOrganizationAccountRoutes } from './operator-organization-accounts.routes.js';
import { operatorUserRoutes } from './operator-users.routes.js';
import { operatorAnnouncementsRoutes } from './operator-announcements.routes.js';
import { operatorLimitsRoutes } from './operator-limits.routes.js';
import { operatorOperatorsRoutes } from './operators.routes.js';
import { changePlan, listOperatorAudit, listOrganizations, organizationForOperator } from './operator.service.js';

/** Every route under /v1/operator: each resource's file adds its routes here. */
export async function operatorRoutes(app: App) {
  organizationRoutes(app);
  prefixClaimRoutes(app);
  await app.register(operatorHealthRoutes);
  operatorOrganizationAccountRoutes(app);
  operatorUserRoutes(app);
  operatorAnnouncementsRoutes(app);
  operatorLimitsRoutes(app);
  operatorOperatorsRoutes(app);
}

function organizationRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/v1/operator/organizations',
    operatorRoute(deps, {
      operationId: 'operatorListOrganizations',
      tags,
      summary: 'Every organization of the server, with what it uses',
      description:
        "The operator's list of organizations, newest first, each with its plan and usage: scans this period, active dynamic codes, stored bytes and members. `q` finds an organization by its id, part of its name or slug, or a member's e-mail address. Operators only (a dashboard session with two-factor sign-in); anyone else gets 404.",
      querystring: OrganizationDirectoryQuery,
      response: { 200: List(OperatorOrganization) },
    }),
    async (request) => list(request, await listOrganizations(deps, request.query)),
  );

  app.get(
    '/v1/operator/organizations/:id',
    operatorRoute(deps, {
      operationId: 'operatorGetOrganization',
      tags,
      summary: 'One organization, with what it uses',
      description:
        'An organization as the list shows it. Each look is recorded in the instance audit log (`organization.viewed`). A deleted or unknown organization is a 404.',
      params: OrganizationParams,
      response: { 200: One(OperatorOrganization) },
    }),
    async (request) => one(request, await organizationForOperator(deps, operatorAt(request), request.params.id)),
  );

  app.put(
    '/v1/operator/organizations/:id/plan',
    operatorRoute(deps, {
      operationId: 'operatorSetOrganizationPlan',
      tags,
      summary: "Change an organization's plan",
      description:
        "Moves the organization to another plan, as `qrs org set-plan` does: the organization's own audit log shows a system change (`organizations.updated`), the instance audit log the operator (`organization.plan_changed`, before and after). The plan it already has changes and records nothing.",
      params: OrganizationParams,
      body: PlanChangeBody,
      response: { 200: One(OperatorOrganization) },
    }),
    async (request) => one(request, await changePlan(deps, operatorAt(request), request.params.id, request.body.plan)),
  );

  app.get(
    '/v1/operator/audit',
    operatorRoute(deps, {
      operationId: 'operatorListAudit',
      tags,
      summary: 'The instance audit log',
      description:
        "What operators did, newest first: looks into an organization, plan changes, operators added and removed with the CLI (`operator_id` null). Apart from the organizations' own logs, which their members read.",
      querystring: OperatorAuditQuery,
      response: { 200: List(OperatorAuditEntry) },
    }),
    async (request) => list(request, await listOperatorAudit(deps, request.query)),
  );
}
