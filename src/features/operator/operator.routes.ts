import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { sessionRoute, type OperationSchema } from '../../http/route.js';
import { problemResponse } from '../../http/openapi.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { operatorOf, type Operator } from './operator.gate.js';
import {
  OperatorAuditEntry,
  OperatorAuditQuery,
  OperatorOrganization,
  OrganizationDirectoryQuery,
  OrganizationParams,
  PlanChangeBody,
} from './operator.schemas.js';
import { changePlan, listOperatorAudit, listOrganizations, organizationForOperator } from './operator.service.js';

const tags = ['Operator'];
const operators = new WeakMap<FastifyRequest, Operator>();
const operatorAt = (request: FastifyRequest) => operators.get(request)!;

const ERRORS = {
  403: problemResponse(
    'An operator without two-factor sign-in (two-factor-enrolment-required), or a change without the X-CSRF-Token header',
    403,
  ),
  404: problemResponse('Not a signed-in operator (API keys included), or no such organization', 404),
};

/**
 * An operator's route (docs/decisions.md D73): a dashboard session that reads the cookie itself, as
 * sessionRoute says, and is checked before validation, so nobody but an operator learns from a 400
 * that the route exists.
 */
function operatorRoute<S extends OperationSchema>(deps: ServiceDeps, schema: S) {
  const declared = sessionRoute({
    ...schema,
    security: [{ session: [] }],
    response: { ...ERRORS, ...(schema.response as object) },
  });
  return {
    ...declared,
    preValidation: async (request: FastifyRequest) => {
      operators.set(request, await operatorOf(deps, request));
    },
  };
}

export async function operatorRoutes(app: App) {
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
