import type { OrgRole, WorkspaceRole } from '../../lib/roles.js';
import type { DB } from '../../db/database.js';

/** Members of the organization; with `workspaceId`, only those holding a role there. */
export function membersQuery(db: DB, organizationId: string, workspaceId?: string) {
  let q = db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.role', 'm.created_at', 'u.email', 'u.name'])
    .where('m.organization_id', '=', organizationId);
  if (workspaceId) {
    q = q.where(
      'm.user_id',
      'in',
      db.selectFrom('workspace_members').select('user_id').where('workspace_id', '=', workspaceId),
    );
  }
  return q;
}

/** Roles of these users in the organization's active workspaces. */
export async function workspaceRolesOf(db: DB, organizationId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('workspace_members as wm')
    .innerJoin('workspaces as w', 'w.id', 'wm.workspace_id')
    .select(['wm.user_id', 'wm.workspace_id', 'wm.role'])
    .where('w.organization_id', '=', organizationId)
    .where('w.status', '=', 'active')
    .where('wm.user_id', 'in', userIds)
    .orderBy('wm.workspace_id', 'asc')
    .execute();
}

export function findMembershipRow(db: DB, organizationId: string, userId: string) {
  return membersQuery(db, organizationId).where('m.user_id', '=', userId).executeTakeFirst();
}

export async function countOrgAdmins(db: DB, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'org_admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertMembership(db: DB, organizationId: string, userId: string, role: OrgRole, at: string) {
  return db
    .insertInto('memberships')
    .values({ organization_id: organizationId, user_id: userId, role, created_at: at })
    .execute();
}

export function setOrgRole(db: DB, organizationId: string, userId: string, role: OrgRole) {
  return db
    .updateTable('memberships')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

export function deleteMembership(db: DB, organizationId: string, userId: string) {
  return db
    .deleteFrom('memberships')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

export async function setWorkspaceRole(
  db: DB,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole | null,
  at: string,
) {
  await db
    .deleteFrom('workspace_members')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
  if (role)
    await db
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId, user_id: userId, role, created_at: at })
      .execute();
}

/** Every workspace role of the user in this organization, archived workspaces included. */
export function deleteWorkspaceRolesInOrg(db: DB, organizationId: string, userId: string) {
  return db
    .deleteFrom('workspace_members')
    .where('user_id', '=', userId)
    .where('workspace_id', 'in', db.selectFrom('workspaces').select('id').where('organization_id', '=', organizationId))
    .execute();
}

/** Whether the user still belongs to another active organization (then its sessions stay). */
export async function hasOtherActiveOrganization(db: DB, organizationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select('m.organization_id')
    .where('m.user_id', '=', userId)
    .where('m.organization_id', '!=', organizationId)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
