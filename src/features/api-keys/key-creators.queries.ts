import type { DB } from '../../db/database.js';
import type { KeysOfUser } from '../accounts/index.js';
import { isMemberOf } from '../organizations/index.js';

/** Revoked the way erasure revokes them: what a password reset of an unproved account takes back. */
export const keysOfUser: KeysOfUser = {
  revokeAll: (trx, userId, at) =>
    trx
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('created_by', '=', userId)
      .where('revoked_at', 'is', null)
      .execute(),
};

/**
 * Ids of the users who created a key that is not revoked and was used since `since`, and who are
 * still members of the key's organization (for `where('id', 'in', …)`).
 */
export function activeKeyCreatorIds(db: DB, since: string, organizationId: string | null) {
  let q = db
    .selectFrom('api_keys as k')
    .select('k.created_by')
    .where('k.revoked_at', 'is', null)
    .where('k.last_used_at', '>=', since)
    .where(isMemberOf('k.created_by', 'k.organization_id'));
  if (organizationId) q = q.where('k.organization_id', '=', organizationId);
  return q;
}

/** The user who created the key, if the key exists. */
export async function keyCreatorOf(db: DB, keyId: string): Promise<string | null> {
  const key = await db.selectFrom('api_keys').select('created_by').where('id', '=', keyId).executeTakeFirst();
  return key?.created_by ?? null;
}
