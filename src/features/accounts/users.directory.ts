import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { lockRow } from '../../db/row-lock.js';
import { deleteSessionsOfUser } from './sessions.repo.js';

/**
 * Every user not erased, for the operator's console (docs/decisions.md D74): `search` matches the id
 * exactly or the e-mail address and name as a substring, case-insensitively. No ORDER BY or LIMIT:
 * the pagination adds them.
 */
export function userDirectory(db: DB, search?: string) {
  let q = db.selectFrom('users').selectAll().where('erased_at', 'is', null);
  const s = search?.trim().toLowerCase();
  if (s) {
    const like = `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('id', '=', search!.trim()),
        sql<boolean>`lower(email) like ${like} escape '\\'`,
        sql<boolean>`lower(name) like ${like} escape '\\'`,
      ]),
    );
  }
  return q;
}

/**
 * When each user last signed in, as far as it is known: the start of their newest session still
 * stored (a session that ended by logout or expiry is gone with its time).
 */
export async function lastSignIns(db: DB, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sessions')
    .select(['user_id', (eb) => eb.fn.max('created_at').as('at')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, String(r.at)]));
}

/**
 * Disables a user (`reason`) or enables them again (null) inside the caller's transaction
 * (docs/decisions.md D74). Disabling ends every session of theirs; sign-in is refused until enabled.
 * What is already so changes nothing (`changed` false).
 */
export async function setUserDisabled(trx: DB, userId: string, reason: string | null, at: Date) {
  await lockRow(trx, 'users', userId);
  const before = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const patch =
    reason === null
      ? { disabled_at: null, disabled_reason: null }
      : { disabled_at: before.disabled_at ?? at.toISOString(), disabled_reason: reason };
  const changed = before.disabled_at !== patch.disabled_at || before.disabled_reason !== patch.disabled_reason;
  if (changed) await trx.updateTable('users').set(patch).where('id', '=', userId).execute();
  if (reason !== null) await deleteSessionsOfUser(trx, userId);
  return { before, after: { ...before, ...patch }, changed };
}
