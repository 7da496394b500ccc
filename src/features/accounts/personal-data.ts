import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { pageAfter } from '../../db/keyset-page.js';

// What accounts holds of a person, for privacy's erasure (each a step inside its transaction) and
// its export (docs/privacy.md).

/** Login throttling keys that name the address (pairKey and windowKeys in login-throttle.ts). */
export function forgetLoginThrottleOf(trx: DB, email: string) {
  return trx
    .deleteFrom('login_throttle')
    .where((eb) =>
      eb.or([
        eb(sql`substr(key, 1, ${`pair:${email}|`.length})`, '=', `pair:${email}|`),
        eb(sql`substr(key, 1, ${`acct:${email}:`.length})`, '=', `acct:${email}:`),
      ]),
    )
    .execute();
}

/** Their e-mailed tokens (verification, reset, address change). */
export const deleteUserTokensOf = (trx: DB, userId: string) =>
  trx.deleteFrom('user_tokens').where('user_id', '=', userId).execute();

/** Their 2FA recovery codes. */
export const deleteRecoveryCodesOf = (trx: DB, userId: string) =>
  trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();

/** The user row stays (what points at it keeps pointing) with nothing personal left in it. */
export function anonymizeUser(trx: DB, userId: string, placeholder: string, at: string) {
  return trx
    .updateTable('users')
    .set({
      email: placeholder,
      name: null,
      password_hash: '',
      totp_secret_sealed: null,
      totp_enabled_at: null,
      erased_at: at,
      updated_at: at,
    })
    .where('id', '=', userId)
    .execute();
}

/** The profile a user's export shows. */
export function profileOf(db: DB, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'created_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** One keyset page (by id) of the user's sessions: when each began and ends, no token. */
export function sessionsPageOf(db: DB, userId: string, after: string | null, limit: number) {
  return pageAfter(
    db.selectFrom('sessions').select(['id', 'created_at', 'expires_at']).where('user_id', '=', userId),
    after,
    limit,
  );
}

/** Each user's id, address and name, to join as a derived table where rows name a user (one statement). */
export const userContacts = (db: DB) => db.selectFrom('users').select(['id', 'email', 'name']);
