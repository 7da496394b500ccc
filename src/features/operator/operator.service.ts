import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import type { PlanName } from '../../platform/plans.js';
import { newId, isId } from '../../lib/ids.js';
import { mapInTurns } from '../../lib/in-turns.js';
import { paginate } from '../../http/pagination.js';
import { findUserByEmail } from '../accounts/index.js';
import {
  countMembers,
  findActiveOrganization,
  organizationDirectory,
  organizationNotFound,
  setPlan,
} from '../organizations/index.js';
import { organizationFootprint } from '../usage/index.js';
import { systemActor } from '../audit/index.js';
import { insertOperatorAudit, operatorAuditQuery } from './operator.repo.js';
import { toAuditEntry, type OperatorAuditQuery, type OrganizationDirectoryQuery } from './operator.schemas.js';
import type { Operator } from './operator.gate.js';

/** What an entry of the instance audit log says (docs/decisions.md D73). */
export interface OperatorAction {
  action: string;
  targetType: string;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  details?: Record<string, unknown> | null;
}

const json = (v: Record<string, unknown> | null | undefined) => (v ? JSON.stringify(v) : null);

/** Written in the transaction of the change it records; `who` null is the CLI. */
export function recordOperatorAction(db: DB, who: Operator | null, at: Date, a: OperatorAction) {
  return insertOperatorAudit(db, {
    id: newId('aud'),
    operator_id: who?.userId ?? null,
    action: a.action,
    target_type: a.targetType,
    target_id: a.targetId,
    before: json(a.before),
    after: json(a.after),
    details: json(a.details),
    request_id: who?.requestId ?? null,
    created_at: at.toISOString(),
  });
}

type OrganizationRow = NonNullable<Awaited<ReturnType<typeof findActiveOrganization>>>;

/** The row an operator sees, with what the organization uses (the usage and organizations features count it). */
export async function withUsage(deps: ServiceDeps, row: OrganizationRow) {
  const [footprint, members] = await Promise.all([
    organizationFootprint(deps.db, row.id, deps.clock.now()),
    countMembers(deps.db, row.id),
  ]);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    billing_email: row.billing_email,
    plan: row.plan as PlanName,
    created_at: row.created_at,
    updated_at: row.updated_at,
    suspended_at: row.suspended_at,
    suspension:
      row.suspended_at !== null
        ? { reason: row.suspension_reason ?? '', redirects: row.suspension_redirects ?? ('keep' as const) }
        : null,
    usage: { ...footprint, members },
  };
}

/** GET /v1/operator/organizations: newest first; a search with an e-mail address also finds its member's organizations. */
export async function listOrganizations(deps: ServiceDeps, q: OrganizationDirectoryQuery) {
  const member = q.q?.includes('@') ? await findUserByEmail(deps.db, q.q) : undefined;
  const base = organizationDirectory(deps.db, { search: q.q, memberIds: member ? [member.id] : [] });
  const page = await paginate(base, { limit: q.limit, cursor: q.cursor }, 'org');
  return { ...page, items: await mapInTurns(page.items, 4, (row) => withUsage(deps, row)) };
}

export async function liveOrganization(db: DB, id: string) {
  const row = isId(id, 'org') ? await findActiveOrganization(db, id) : undefined;
  if (!row) throw organizationNotFound();
  return row;
}

/** GET /v1/operator/organizations/{id}: looking into a tenant is itself recorded. */
export async function organizationForOperator(deps: ServiceDeps, who: Operator, id: string) {
  const row = await liveOrganization(deps.db, id);
  await recordOperatorAction(deps.db, who, deps.clock.now(), {
    action: 'organization.viewed',
    targetType: 'organization',
    targetId: id,
  });
  return withUsage(deps, row);
}

/**
 * PUT /v1/operator/organizations/{id}/plan: the organizations feature's setPlan, which `qrs org
 * set-plan` calls too. The organization's own log shows a system change (its members do not know the
 * operator); the instance log names the operator. The same plan again changes and records nothing.
 */
export async function changePlan(deps: ServiceDeps, who: Operator, id: string, plan: PlanName) {
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await liveOrganization(trx, id);
    const { before, after } = await setPlan(trx, id, plan, systemActor({ requestId: who.requestId }), at);
    if (before.plan === after.plan) return;
    await recordOperatorAction(trx, who, at, {
      action: 'organization.plan_changed',
      targetType: 'organization',
      targetId: id,
      before: { plan: before.plan },
      after: { plan: after.plan },
    });
  });
  return withUsage(deps, await liveOrganization(deps.db, id));
}

/** GET /v1/operator/audit: newest first. */
export async function listOperatorAudit(deps: ServiceDeps, q: OperatorAuditQuery) {
  const base = operatorAuditQuery(deps.db, { targetId: q.target_id, action: q.action });
  const page = await paginate(base, { limit: q.limit, cursor: q.cursor }, 'aud');
  return { ...page, items: page.items.map(toAuditEntry) };
}
