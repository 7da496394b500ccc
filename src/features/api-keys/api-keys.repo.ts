import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.js';
import type { ApiKeysTable } from './api-keys.table.js';
import { membershipRows, organizationRows } from '../organizations/index.js';
import { workspaceMemberRows, workspaceRows } from '../workspaces/index.js';

export function insertApiKey(db: DB, row: Insertable<ApiKeysTable>) {
  return db.insertInto('api_keys').values(row).execute();
}

/**
 * Everything auth needs about a key, in one indexed lookup: the creator's current roles come in
 * the same query (primary-key joins), so "a key never exceeds its creator" costs no round trip and
 * needs no cache to invalidate when a membership changes. The joined rows are their owners'
 * fragments, which the planner inlines (the same plan as joining the tables by name).
 */
export function findKeyForAuth(db: DB, keyHash: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin(organizationRows(db).as('o'), 'o.id', 'k.organization_id')
    .innerJoin(workspaceRows(db).as('w'), 'w.id', 'k.workspace_id')
    .leftJoin(membershipRows(db).as('cm'), (j) =>
      j.onRef('cm.organization_id', '=', 'k.organization_id').onRef('cm.user_id', '=', 'k.created_by'),
    )
    .leftJoin(workspaceMemberRows(db).as('cw'), (j) =>
      j.onRef('cw.workspace_id', '=', 'k.workspace_id').onRef('cw.user_id', '=', 'k.created_by'),
    )
    .select([
      'k.id',
      'k.key_hash',
      'k.created_by',
      'k.expires_at',
      'k.revoked_at',
      'k.organization_id',
      'k.workspace_id',
      'o.plan',
      'o.deleted_at as org_deleted_at',
      'o.suspended_at as org_suspended_at',
      'w.status as workspace_status',
      'cm.role as creator_org_role',
      'cw.role as creator_workspace_role',
    ])
    .where('k.key_hash', '=', keyHash)
    .executeTakeFirst();
}

export async function touchLastUsed(db: DB, times: Map<string, string>) {
  for (const [id, at] of times) {
    await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}

export function findApiKey(db: DB, organizationId: string, id: string) {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function apiKeysOfWorkspace(db: DB, workspaceId: string) {
  return db.selectFrom('api_keys').selectAll().where('workspace_id', '=', workspaceId);
}

export function revokeApiKey(db: DB, id: string, at: string) {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Names of several of the organization's keys at once (keys that made audit entries and comments). */
export function keyNamesByIds(db: DB, organizationId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('api_keys')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
}
