import type { DB } from '../../db/database.js';
import { pageAfter } from '../../db/keyset-page.js';

// What api-keys holds of a person, for privacy's erasure and export (docs/privacy.md).

/** A person's keys stop working when they are erased; the rows stay for the audit trail. */
export function revokeKeysCreatedBy(trx: DB, userId: string, at: string) {
  return trx
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('created_by', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The columns of a key that an export shows: never the secret or its hash. */
export const KEY_EXPORT_COLUMNS = [
  'id',
  'organization_id',
  'workspace_id',
  'name',
  'hint',
  'created_at',
  'expires_at',
  'revoked_at',
  'last_used_at',
] as const;

/** One keyset page (by id) of the keys a user created. */
export function keysCreatedByPage(db: DB, userId: string, after: string | null, limit: number) {
  return pageAfter(
    db
      .selectFrom('api_keys')
      .select([...KEY_EXPORT_COLUMNS])
      .where('created_by', '=', userId),
    after,
    limit,
  );
}
