import type { ServiceDeps } from '../../platform/deps.js';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../http/principal.js';
import { lockRow } from '../../db/row-lock.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import { auditActor, recordAudit } from '../audit/index.js';
import { deleteSessionsOfUser } from '../accounts/index.js';
import { findWorkspace } from '../workspaces/index.js';
import type { WorkspaceRole } from '../../lib/roles.js';
import {
  countOrgAdmins,
  deleteMembership,
  deleteWorkspaceRolesInOrg,
  findMembershipRow,
  hasOtherActiveOrganization,
  membersQuery,
  setOrgRole,
  setWorkspaceRole,
  workspaceRolesOf,
} from './members.repo.js';
import type { MemberListQuery, UpdateMemberBody } from './members.schemas.js';

type Row = { user_id: string; role: 'org_admin' | 'member'; created_at: string; email: string; name: string | null };

/**
 * org_admins see and manage every member. A ws_admin (members.read only) sees the members holding
 * a role in its current workspace, and only their role there.
 */
const scopeOf = (p: Principal) => (p.role === 'org_admin' ? undefined : p.workspaceId);

async function withWorkspaces(db: DB, p: Principal, rows: Row[], status: 'active' | 'removed' = 'active') {
  const scope = scopeOf(p);
  const roles = (
    await workspaceRolesOf(
      db,
      p.organizationId,
      rows.map((r) => r.user_id),
    )
  ).filter((r) => !scope || r.workspace_id === scope);
  return rows.map((r) => ({
    user_id: r.user_id,
    email: r.email,
    name: r.name,
    role: r.role,
    status,
    created_at: r.created_at,
    workspaces: roles
      .filter((x) => x.user_id === r.user_id)
      .map((x) => ({ workspace_id: x.workspace_id, role: x.role })),
  }));
}

export async function listMembers(ctx: ServiceDeps, p: Principal, q: MemberListQuery) {
  const page = await paginate(membersQuery(ctx.db, p.organizationId, scopeOf(p)), q, 'usr', 'm.user_id');
  return { ...page, items: await withWorkspaces(ctx.db, p, page.items) };
}

/** A member's one 404: another organization's user, one outside the caller's workspace and an unknown id read alike. */
export const memberNotFound = () => notFound('Member');

async function memberRow(db: DB, p: Principal, userId: string) {
  const row = await findMembershipRow(db, p.organizationId, userId);
  const scope = scopeOf(p);
  if (
    !row ||
    (scope && !(await workspaceRolesOf(db, p.organizationId, [userId])).some((r) => r.workspace_id === scope))
  )
    throw memberNotFound();
  return row;
}

export async function getMember(ctx: ServiceDeps, p: Principal, userId: string) {
  return (await withWorkspaces(ctx.db, p, [await memberRow(ctx.db, p, userId)]))[0];
}

/** Each named workspace must be an active workspace of the organization, named once. */
export async function checkWorkspaces(db: DB, p: Principal, items: Array<{ workspace_id: string }>) {
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const ws = await findWorkspace(db, p.organizationId, item.workspace_id);
    if (!ws || ws.status !== 'active')
      throw invalidField(
        `/workspaces/${i}/workspace_id`,
        'no active workspace with this id in your organization',
        'not_found',
      );
    if (seen.has(item.workspace_id))
      throw invalidField(`/workspaces/${i}/workspace_id`, 'is listed twice', 'duplicate');
    seen.add(item.workspace_id);
  }
}

/**
 * Workspace roles are part of a workspace's configuration, so their changes are logged as
 * `workspaces.member_added|member_updated|member_removed` in that workspace (docs/decisions.md D6 resource types).
 */
async function auditRole(
  trx: DB,
  p: Principal,
  workspaceId: string,
  userId: string,
  old: WorkspaceRole | null,
  next: WorkspaceRole | null,
  at: Date,
) {
  if (old === next) return;
  const verb = old === null ? 'member_added' : next === null ? 'member_removed' : 'member_updated';
  const field = `member:${userId}`;
  await recordAudit(trx, auditActor(p, workspaceId), {
    action: `workspaces.${verb}`,
    resourceType: 'workspaces',
    resourceId: workspaceId,
    before: { [field]: old },
    after: { [field]: next },
    at,
  });
}

async function ensureAnotherAdmin(trx: DB, organizationId: string) {
  if ((await countOrgAdmins(trx, organizationId)) <= 1)
    throw conflict('The organization must keep at least one org_admin.');
}

export async function updateMember(ctx: ServiceDeps, p: Principal, userId: string, body: UpdateMemberBody) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', p.organizationId);
    const row = await memberRow(trx, p, userId);
    const items = body.workspaces ?? [];
    await checkWorkspaces(trx, p, items);
    if (body.role !== undefined && body.role !== row.role) {
      if (row.role === 'org_admin') await ensureAnotherAdmin(trx, p.organizationId);
      await setOrgRole(trx, p.organizationId, userId, body.role);
    }
    const current = await workspaceRolesOf(trx, p.organizationId, [userId]);
    for (const item of items) {
      const old = current.find((r) => r.workspace_id === item.workspace_id)?.role ?? null;
      if (old === item.role) continue;
      await setWorkspaceRole(trx, item.workspace_id, userId, item.role, at.toISOString());
      await auditRole(trx, p, item.workspace_id, userId, old, item.role, at);
    }
    return (await withWorkspaces(trx, p, [(await findMembershipRow(trx, p.organizationId, userId))!]))[0];
  });
}

/**
 * Removes the user from the organization and all its workspaces. Its sessions end when it belongs
 * to no other active organization. Keys it created stay: they belong to their workspace.
 */
export async function removeMember(ctx: ServiceDeps, p: Principal, userId: string) {
  const at = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'organizations', p.organizationId);
    const row = await memberRow(trx, p, userId);
    if (row.role === 'org_admin') await ensureAnotherAdmin(trx, p.organizationId);
    const roles = await workspaceRolesOf(trx, p.organizationId, [userId]);
    await deleteWorkspaceRolesInOrg(trx, p.organizationId, userId);
    await deleteMembership(trx, p.organizationId, userId);
    for (const r of roles) await auditRole(trx, p, r.workspace_id, userId, r.role, null, at);
    if (!(await hasOtherActiveOrganization(trx, p.organizationId, userId))) await deleteSessionsOfUser(trx, userId);
    return { ...(await withWorkspaces(trx, p, [row], 'removed'))[0], workspaces: [] };
  });
}
