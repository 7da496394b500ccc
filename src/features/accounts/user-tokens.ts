import type { DB } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { randomBase62, sha256Hex } from '../../lib/tokens.js';
import { invalidField } from '../../http/errors.js';
import type { UserTokenPurpose } from './users.table.js';

/**
 * Mints a single-use token for an e-mailed link; only its SHA-256 is stored. Earlier open tokens
 * of the same purpose stop working, so only the newest link does.
 */
export async function issueUserToken(
  trx: DB,
  input: { userId: string; purpose: UserTokenPurpose; email: string; ttlMs: number },
  now: Date,
): Promise<string> {
  const token = randomBase62(43);
  await trx
    .updateTable('user_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', input.userId)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('user_tokens')
    .values({
      id: newId('utk'),
      user_id: input.userId,
      purpose: input.purpose,
      token_hash: sha256Hex(token),
      email: input.email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + input.ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses a token up inside the caller's transaction, or throws a 422 at /token saying why it cannot
 * be used: unknown (forged, or another purpose's), used (or replaced by a newer one), expired.
 * The conditional update makes two concurrent uses end with one winner.
 */
export async function consumeUserToken(trx: DB, token: string, purpose: UserTokenPurpose, now: Date) {
  const row = await trx
    .selectFrom('user_tokens')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) throw invalidField('/token', 'is not a valid link; ask for a new one', 'invalid_token');
  if (row.used_at) throw invalidField('/token', 'was already used or replaced by a newer link', 'used_token');
  if (row.expires_at <= now.toISOString())
    throw invalidField('/token', 'has expired; ask for a new one', 'expired_token');
  const done = await trx
    .updateTable('user_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1)
    throw invalidField('/token', 'was already used or replaced by a newer link', 'used_token');
  return row;
}

/** When the user's tokens of one purpose were minted since `since`, newest first (for resend limits). */
export async function tokensSince(db: DB, userId: string, purpose: UserTokenPurpose, since: Date) {
  const rows = await db
    .selectFrom('user_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since.toISOString())
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => r.created_at);
}

/** Whose token this is (any state), for checks that must run before the token is used. */
export function findTokenUser(db: DB, token: string) {
  return db
    .selectFrom('user_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.email'])
    .where('t.token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
}
