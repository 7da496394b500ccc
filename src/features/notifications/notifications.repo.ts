import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { NotificationsTable } from './notifications.table.js';
import { recipientsAmong, userNamesByIds, userRows } from '../accounts/index.js';
import { keyCreatorOf } from '../api-keys/index.js';
import {
  membershipRows,
  orgAdminIdsOf,
  organizationIdsOfMember,
  organizationName as nameOf,
} from '../organizations/index.js';
import { workspaceApproverIds, workspaceMemberIds } from '../workspaces/index.js';

// Who may hear of what comes from the features that own people and memberships, as fragments of
// this feature's queries; this feature writes only its own two tables.

/** The people behind these ids who can still be told anything (erased users are left out). */
export function recipientsByIds(db: DB, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return recipientsAmong(db, ids);
}

/** The org admins of an organization. */
export async function orgAdminIds(db: DB, organizationId: string): Promise<string[]> {
  const rows = await orgAdminIdsOf(db, organizationId).execute();
  return rows.map((r) => r.user_id);
}

/** Everyone who may approve codes of the workspace: its ws_admins and approvers, and the org admins. */
export async function approverIds(db: DB, organizationId: string, workspaceId: string): Promise<string[]> {
  const approvers = await workspaceApproverIds(db, workspaceId);
  return [...(await orgAdminIds(db, organizationId)), ...approvers];
}

/** The members who can read the workspace (a role there, or org admin), with what a mention may name. */
export function workspaceAudience(db: DB, organizationId: string, workspaceId: string) {
  return db
    .selectFrom(membershipRows(db).as('m'))
    .innerJoin(userRows(db).as('u'), 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.name'])
    .where('m.organization_id', '=', organizationId)
    .where('u.erased_at', 'is', null)
    .where((eb) => eb.or([eb('m.role', '=', 'org_admin'), eb('m.user_id', 'in', workspaceMemberIds(db, workspaceId))]))
    .execute();
}

/** The person behind an actor id: a user is themself, an API key is the user who created it. */
export async function personOf(db: DB, actorId: string | null): Promise<string | null> {
  if (!actorId) return null;
  if (!actorId.startsWith('key_')) return actorId;
  return keyCreatorOf(db, actorId);
}

export async function organizationName(db: DB, id: string): Promise<string> {
  return (await nameOf(db, id)) ?? '';
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
    .where('organization_id', 'in', organizationIdsOfMember(db, userId));
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
  return userNamesByIds(db, ids);
}
