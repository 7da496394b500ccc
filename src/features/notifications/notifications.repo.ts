import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { NotificationsTable } from './notifications.table.js';

// Who may hear of what is read from the membership tables (as usage's admin notices do); this
// feature writes only its own two tables.

/** The people behind these ids who can still be told anything (erased users are left out). */
export function recipientsByIds(db: DB, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'locale'])
    .where('id', 'in', ids)
    .where('erased_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** The org admins of an organization. */
export async function orgAdminIds(db: DB, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'org_admin')
    .execute();
  return rows.map((r) => r.user_id);
}

/** Everyone who may approve codes of the workspace: its ws_admins and approvers, and the org admins. */
export async function approverIds(db: DB, organizationId: string, workspaceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('workspace_members')
    .select('user_id')
    .where('workspace_id', '=', workspaceId)
    .where('role', 'in', ['ws_admin', 'approver'])
    .execute();
  return [...(await orgAdminIds(db, organizationId)), ...rows.map((r) => r.user_id)];
}

/** The members who can read the workspace (a role there, or org admin), with what a mention may name. */
export function workspaceAudience(db: DB, organizationId: string, workspaceId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.name'])
    .where('m.organization_id', '=', organizationId)
    .where('u.erased_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('m.role', '=', 'org_admin'),
        eb(
          'm.user_id',
          'in',
          eb.selectFrom('workspace_members').select('user_id').where('workspace_id', '=', workspaceId),
        ),
      ]),
    )
    .execute();
}

/** The person behind an actor id: a user is themself, an API key is the user who created it. */
export async function personOf(db: DB, actorId: string | null): Promise<string | null> {
  if (!actorId) return null;
  if (!actorId.startsWith('key_')) return actorId;
  const key = await db.selectFrom('api_keys').select('created_by').where('id', '=', actorId).executeTakeFirst();
  return key?.created_by ?? null;
}

export async function organizationName(db: DB, id: string): Promise<string> {
  const row = await db.selectFrom('organizations').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? '';
}

export function preferencesOf(db: DB, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('notification_preferences').selectAll().where('user_id', 'in', userIds).execute();
}

export function upsertPreference(
  db: DB,
  row: { user_id: string; kind: string; in_app: number; email: number; updated_at: string },
) {
  return db
    .insertInto('notification_preferences')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet({ in_app: row.in_app, email: row.email, updated_at: row.updated_at }),
    )
    .execute();
}

export function insertNotifications(db: DB, rows: Insertable<NotificationsTable>[]) {
  if (rows.length === 0) return Promise.resolve();
  return db.insertInto('notifications').values(rows).execute();
}

/**
 * A person's notices from the organizations they still belong to (leaving one takes its notices out
 * of the list). No ORDER BY or LIMIT: the pagination adds them.
 */
export function listQuery(db: DB, userId: string, unread: boolean) {
  let q = db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where(
      'organization_id',
      'in',
      db.selectFrom('memberships').select('organization_id').where('user_id', '=', userId),
    );
  if (unread) q = q.where('read_at', 'is', null);
  return q;
}

export function findNotification(db: DB, userId: string, id: string) {
  return listQuery(db, userId, false).where('id', '=', id).executeTakeFirst();
}

/** Marks the person's unread notices read (one, or all of them); returns how many changed. */
export async function markRead(db: DB, userId: string, at: string, id?: string): Promise<number> {
  let q = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (id) q = q.where('id', '=', id);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Display names of the actors a page of notices names (null for an erased person). */
export function actorsOf(db: DB, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'email', 'name', 'erased_at']).where('id', 'in', ids).execute();
}
