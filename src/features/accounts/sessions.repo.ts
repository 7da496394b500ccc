import type { DB } from '../../db/database.js';
import type { SessionsTable } from './users.table.js';

export function findSessionByHash(db: DB, tokenHash: string) {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The user's membership in one organization, or in the oldest one when none is named. */
export function findMembership(db: DB, userId: string, organizationId?: string) {
  let q = db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['m.organization_id', 'm.role', 'o.plan', 'o.suspended_at'])
    .where('m.user_id', '=', userId)
    .where('o.deleted_at', 'is', null);
  if (organizationId) q = q.where('m.organization_id', '=', organizationId);
  return q.orderBy('m.created_at', 'asc').orderBy('m.organization_id', 'asc').executeTakeFirst();
}

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

export function insertSession(db: DB, row: SessionsTable) {
  return db.insertInto('sessions').values(row).execute();
}

export function deleteSession(db: DB, id: string) {
  return db.deleteFrom('sessions').where('id', '=', id).execute();
}

export function deleteSessionsOfUser(db: DB, userId: string) {
  return db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Returns how many sessions ended. */
export async function deleteOtherSessions(db: DB, userId: string, keepId: string): Promise<number> {
  const res = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
