import type { DB } from '../../db/database.js';
import type { WorkspaceRole } from '../../lib/roles.js';
import { defaultWorkspaceQuery } from './workspace-joins.js';

// What other features join or filter on of workspaces and their members (docs/decisions.md D71):
// fragments of the caller's one statement, and the lookups sessions, members and notices make.

/** The workspace rows, for a join (`innerJoin(workspaceRows(db).as('w'), …)`). */
export const workspaceRows = (db: DB) => db.selectFrom('workspaces').selectAll();

/** The workspace role rows (workspace_id, user_id, role, created_at), for a join. */
export const workspaceMemberRows = (db: DB) => db.selectFrom('workspace_members').selectAll();

/** Ids of the users holding a role in the workspace (for `where('user_id', 'in', …)`). */
export const workspaceMemberIds = (db: DB, workspaceId: string) =>
  db.selectFrom('workspace_members').select('user_id').where('workspace_id', '=', workspaceId);

/** The workspace's ws_admins and approvers. */
export async function workspaceApproverIds(db: DB, workspaceId: string): Promise<string[]> {
  const rows = await workspaceMemberIds(db, workspaceId).where('role', 'in', ['ws_admin', 'approver']).execute();
  return rows.map((r) => r.user_id);
}

/** The workspace flagged default of the organization, if any. */
export async function flaggedDefaultWorkspaceId(db: DB, organizationId: string): Promise<string | undefined> {
  return (await defaultWorkspaceQuery(db, organizationId).executeTakeFirst())?.id;
}

/** The default workspace, else the oldest: where an organization's own entries and events go. */
export async function findDefaultWorkspaceId(db: DB, organizationId: string): Promise<string> {
  return (await defaultOrOldestQuery(db, organizationId).executeTakeFirstOrThrow()).id;
}

/** The same workspace with its language (usage notices are written in it). */
export function defaultWorkspaceOf(db: DB, organizationId: string) {
  return defaultOrOldestQuery(db, organizationId).limit(1).executeTakeFirst();
}

const defaultOrOldestQuery = (db: DB, organizationId: string) =>
  db
    .selectFrom('workspaces')
    .select(['id', 'default_locale'])
    .where('organization_id', '=', organizationId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'asc');

/** The named active workspace of the organization, or its default one. */
export function findWorkspaceForSession(db: DB, organizationId: string, workspaceId?: string) {
  let q = db
    .selectFrom('workspaces')
    .select(['id'])
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'active');
  q = workspaceId ? q.where('id', '=', workspaceId) : q.where('is_default', '=', 1);
  return q.executeTakeFirst();
}

/** The oldest active workspace of the organization in which the user holds a role. */
export function findFirstMemberWorkspace(db: DB, organizationId: string, userId: string) {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(['w.id', 'm.role'])
    .where('m.user_id', '=', userId)
    .where('w.organization_id', '=', organizationId)
    .where('w.status', '=', 'active')
    .orderBy('w.id', 'asc')
    .executeTakeFirst();
}

/** Active workspaces of one organization with the user's role; org_admins hold all of them. */
export async function workspacesOfUser(db: DB, organizationId: string, userId: string, orgAdmin: boolean) {
  const rows = await db
    .selectFrom('workspaces as w')
    .leftJoin('workspace_members as wm', (j) => j.onRef('wm.workspace_id', '=', 'w.id').on('wm.user_id', '=', userId))
    .select(['w.id', 'w.name', 'w.slug', 'w.is_default', 'wm.role'])
    .where('w.organization_id', '=', organizationId)
    .where('w.status', '=', 'active')
    .orderBy('w.id', 'asc')
    .execute();
  return rows
    .filter((r) => orgAdmin || r.role !== null)
    .map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      is_default: r.is_default === 1,
      role: orgAdmin ? ('org_admin' as const) : r.role!,
    }));
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
