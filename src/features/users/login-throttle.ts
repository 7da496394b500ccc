import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { randomUUID } from 'node:crypto';

/**
 * Password-guessing brake: after `maxPerEmail` failed logins for one address, or `maxPerIp` from
 * one client address, within `windowMs`, login answers 429 with Retry-After until the oldest
 * counted failure leaves the window. Kept in the database so every instance sees one count.
 * The IP budget is larger because many people can share one address (offices, NAT).
 */
export const LOGIN_THROTTLE = { windowMs: 15 * 60_000, maxPerEmail: 5, maxPerIp: 20 };

type Db = Kysely<Database>;

async function retryAfter(db: Db, column: 'email' | 'ip', value: string, max: number, now: number): Promise<number | null> {
  const since = new Date(now - LOGIN_THROTTLE.windowMs).toISOString();
  const recent = await db.selectFrom('login_failures').select('created_at')
    .where(column, '=', value).where('created_at', '>', since)
    .orderBy('created_at', 'desc').limit(max).execute();
  if (recent.length < max) return null;
  // Once the max-th most recent failure is out of the window, fewer than max remain.
  const frees = Date.parse(recent[max - 1].created_at) + LOGIN_THROTTLE.windowMs;
  return Math.max(1, Math.ceil((frees - now) / 1000));
}

/** Seconds to wait, or null when a login attempt may proceed. */
export async function loginRetryAfter(db: Db, email: string, ip: string, now: Date): Promise<number | null> {
  const t = now.getTime();
  const byEmail = await retryAfter(db, 'email', email, LOGIN_THROTTLE.maxPerEmail, t);
  const byIp = await retryAfter(db, 'ip', ip, LOGIN_THROTTLE.maxPerIp, t);
  if (byEmail === null && byIp === null) return null;
  return Math.max(byEmail ?? 0, byIp ?? 0);
}

export async function recordLoginFailure(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await db.insertInto('login_failures').values({ id: randomUUID(), email, ip, created_at: now.toISOString() }).execute();
  // Pruning on write keeps the table at one window's worth of rows without a scheduler.
  await db.deleteFrom('login_failures').where('created_at', '<=', new Date(now.getTime() - LOGIN_THROTTLE.windowMs).toISOString()).execute();
}

/** A successful login forgives the address's failures (not the IP's: others may share it). */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
