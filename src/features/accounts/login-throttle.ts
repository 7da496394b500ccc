import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

/**
 * Password-guessing brake, counted BEFORE the password is checked (docs/security.md):
 * - an (account + IP) pair may try `pairFree` times; from then on each attempt makes the next
 *   wait `pairBaseMs` × 2^(n − pairFree), capped at `pairMaxMs` (1, 2, 4, 8, then 15 minutes).
 *   A successful login resets the pair; a pair unused for `pairForgetMs` starts again;
 * - looser ceilings per account (from any IP) and per IP (on any account) over a fixed window
 *   stop guessing spread over many addresses or sprayed over many accounts.
 * Every counter is changed by one atomic statement in the database, so parallel requests and
 * several instances see one exact count.
 */
export const LOGIN_THROTTLE = {
  pairFree: 5,
  pairBaseMs: 60_000,
  pairMaxMs: 15 * 60_000,
  pairForgetMs: 24 * 3_600_000,
  windowMs: 15 * 60_000,
  maxPerAccount: 50,
  maxPerIp: 100,
};

const T = LOGIN_THROTTLE;

/** How long attempt number `n` of a pair makes the next one wait. */
export function pairDelayMs(n: number): number {
  if (n < T.pairFree) return 0;
  return Math.min(T.pairMaxMs, T.pairBaseMs * 2 ** (n - T.pairFree));
}

export const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const pairKey = (email: string, ip: string) => `pair:${email}|${ip}`;
const windowKeys = (email: string, ip: string, now: number) => {
  const w = Math.floor(now / T.windowMs);
  return { account: `acct:${email}:${w}`, ip: `ip:${ip}:${w}`, endsAt: (w + 1) * T.windowMs };
};

/**
 * Takes the pair's next turn with compare-and-set: the update only applies to the row as read, so
 * of N parallel attempts exactly one moves the count each round. Null when admitted, else seconds.
 */
async function takePairTurn(db: DB, key: string, now: number): Promise<number | null> {
  const nowIso = new Date(now).toISOString();
  const next = (n: number) => ({
    attempts: n,
    next_at: new Date(now + pairDelayMs(n)).toISOString(),
    expires_at: new Date(now + T.pairForgetMs).toISOString(),
  });
  for (let round = 0; round < 64; round++) {
    const row = await db
      .selectFrom('login_throttle')
      .select(['attempts', 'next_at', 'expires_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) {
      const inserted = await db
        .insertInto('login_throttle')
        .values({ key, ...next(1) })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('attempts')
        .executeTakeFirst();
      if (inserted) return null;
      continue;
    }
    const stale = row.expires_at <= nowIso;
    if (!stale && row.next_at > nowIso) return seconds(Date.parse(row.next_at) - now);
    const updated = await db
      .updateTable('login_throttle')
      .set(next(stale ? 1 : Number(row.attempts) + 1))
      .where('key', '=', key)
      .where('attempts', '=', row.attempts)
      .where('next_at', '=', row.next_at)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return null;
  }
  return 1; // extreme contention on one pair: the caller is told to come back
}

/** Adds one attempt to a window counter in one statement; returns the count including it. */
export async function countInWindow(db: DB, key: string, endsAt: number): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({ key, attempts: 1, next_at: new Date(endsAt).toISOString(), expires_at: new Date(endsAt).toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ attempts: sql<number>`login_throttle.attempts + 1` }))
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return Number(row.attempts);
}

/**
 * Counts one sign-in attempt for the account (normalised e-mail) from `ip`, before any password
 * is checked. Null when it may go on to the password check, else the seconds to wait.
 */
export async function admitLogin(db: DB, email: string, ip: string, now: Date): Promise<number | null> {
  const t = now.getTime();
  await db.deleteFrom('login_throttle').where('expires_at', '<=', now.toISOString()).execute();
  const pairWait = await takePairTurn(db, pairKey(email, ip), t);
  if (pairWait !== null) return pairWait;
  const keys = windowKeys(email, ip, t);
  const byAccount = await countInWindow(db, keys.account, keys.endsAt);
  const byIp = await countInWindow(db, keys.ip, keys.endsAt);
  if (byAccount > T.maxPerAccount || byIp > T.maxPerIp) return seconds(keys.endsAt - t);
  return null;
}

/** A correct password: the pair starts afresh and the attempt is given back to both windows. */
export async function forgiveLogin(db: DB, email: string, ip: string, now: Date): Promise<void> {
  const keys = windowKeys(email, ip, now.getTime());
  await db.deleteFrom('login_throttle').where('key', '=', pairKey(email, ip)).execute();
  await db
    .updateTable('login_throttle')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('key', 'in', [keys.account, keys.ip])
    .where('attempts', '>', 0)
    .execute();
}
