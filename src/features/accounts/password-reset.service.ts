import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { AppError } from '../../http/errors.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { TEMPLATES, localeOf, queueMail } from '../../platform/mail/index.js';
import { consumeUserToken, findTokenUser, issueUserToken } from './user-tokens.js';
import { findUserByEmail, findUserById, normalizeEmail, updatePasswordHash } from './users.repo.js';
import { deleteSessionsOfUser } from './sessions.repo.js';
import { hashPassword } from './password.js';
import { assertPasswordAllowed } from './password-rules.js';
import type { SignInPolicy } from './sign-in-policy.js';
import type { KeysOfUser } from './keys-of-user.js';

export const RESET_JOB = 'password-reset.request';
export const RESET_TTL_MS = 3_600_000;
const HOUR = 3_600_000;
/** Requests per hour for one address and from one IP address. */
const PER_ADDRESS = 3;
const PER_IP = 10;

async function limit(ctx: ServiceDeps<'rateStore'>, key: string, max: number, now: number) {
  const { count, resetAt } = await ctx.rateStore.hit(key, HOUR, now);
  if (count <= max) return;
  const wait = Math.max(1, Math.ceil((resetAt - now) / 1000));
  throw new AppError(
    'rate-limited',
    `Too many password reset requests. Try again in ${wait} s.`,
    {},
    { 'retry-after': String(wait) },
  );
}

/**
 * POST /auth/password-reset: whatever the address, the request does the same work (two counter hits
 * and one job insert) and answers 202, so neither the answer nor its timing tells whether an
 * account exists. The job looks the address up and mails the link only when it does.
 */
export async function requestPasswordReset(ctx: ServiceDeps<'rateStore'>, email: string, ip: string) {
  const now = ctx.clock.now();
  const address = normalizeEmail(email);
  await limit(ctx, `pwreset:ip:${ip}`, PER_IP, now.getTime());
  await limit(ctx, `pwreset:addr:${address}`, PER_ADDRESS, now.getTime());
  await enqueueJob(ctx.db, { kind: RESET_JOB, payload: { email: address } }, now);
  return { accepted: true };
}

/** The job behind the request: mint the 1-hour link and queue its message, in one transaction. */
export async function mailResetLink(ctx: ServiceDeps, email: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) return;
    const now = ctx.clock.now();
    const token = await issueUserToken(
      trx,
      { userId: user.id, purpose: 'password_reset', email: user.email, ttlMs: RESET_TTL_MS },
      now,
    );
    await queueMail(trx, ctx, {
      to: user.email,
      locale: localeOf(user.locale),
      template: TEMPLATES.passwordReset,
      params: { url: `${ctx.config.baseUrl}/reset-password?token=${token}` },
    });
  });
}

/**
 * POST /auth/password-reset/confirm: a refused password is answered before the token is used;
 * then the token is used up, the password set, every session of the user ended, and the
 * "password changed" notice queued, all in one transaction. Following the link proves the address.
 */
export async function confirmPasswordReset(
  ctx: ServiceDeps<'rateStore'>,
  token: string,
  password: string,
  policy: SignInPolicy,
  keys: KeysOfUser,
) {
  const now = ctx.clock.now();
  // The password is checked and hashed before the transaction: scrypt must not hold SQLite's lock.
  const holder = await findTokenUser(ctx.db, token);
  // A member of an organization that requires single sign-on has no password to set (docs/decisions.md D80); the token stays unused.
  const refusal = holder ? await policy.passwordRefusal(ctx.db, holder.id) : null;
  if (refusal) throw refusal;
  assertPasswordAllowed(password, '/password', holder?.email);
  const hash = await hashPassword(password, ctx.config.passwordCost);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await consumeUserToken(trx, token, 'password_reset', now);
    const user = await findUserById(trx, row.user_id);
    if (!user || user.email !== row.email) throw new AppError('conflict', 'The account no longer uses this address.');
    await updatePasswordHash(trx, user.id, hash, now.toISOString());
    if (!user.email_verified_at) await takeBackUnprovedAccount(trx, user.id, now, keys);
    const [ended] = await deleteSessionsOfUser(trx, user.id);
    await queuePasswordChangedNotice(trx, ctx, user);
    return { password_changed: true, sessions_ended: Number(ended?.numDeletedRows ?? 0) };
  });
}

/**
 * The first proof of the address, by a reset through the mailbox, hands the account to the
 * mailbox's owner: what the unproved holder attached goes (docs/decisions.md D56). Two-factor sign-in (secret and recovery codes), and every API key the account created,
 * since all of them were created before anyone proved the address; sessions end for every reset.
 * A reset of a proved account keeps them: the mailbox alone must not switch off a second factor.
 */
async function takeBackUnprovedAccount(trx: DB, userId: string, now: Date, keys: KeysOfUser) {
  const at = now.toISOString();
  await trx
    .updateTable('users')
    .set({ email_verified_at: at, totp_enabled_at: null, totp_secret_sealed: null, updated_at: at })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await keys.revokeAll(trx, userId, at);
}

/** The security notice after any password change (reset or change in a session). */
export function queuePasswordChangedNotice(
  trx: Parameters<typeof queueMail>[0],
  ctx: ServiceDeps,
  user: { email: string; locale: string },
) {
  return queueMail(trx, ctx, {
    to: user.email,
    locale: localeOf(user.locale),
    template: TEMPLATES.passwordChanged,
    params: { url: `${ctx.config.baseUrl}/forgot-password` },
  });
}
