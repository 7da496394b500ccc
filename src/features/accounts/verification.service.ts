import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { AppError, conflict, unauthenticated } from '../../http/errors.js';
import { checkCsrf } from '../../http/csrf.js';
import { consumeUserToken, tokensSince } from './user-tokens.js';
import { sendVerification } from './verification-link.js';
import { findUserById } from './users.repo.js';
import { sessionOf } from './auth.service.js';
import { effectiveLimits } from '../limits/index.js';

/** A resend at most once a minute and five times an hour per user. */
const RESEND_GAP_MS = 60_000;
const RESEND_PER_HOUR = 5;

/** POST /auth/verify-email: the link proves the address it was sent to (if it is still the user's). */
export async function verifyEmail(ctx: ServiceDeps, token: string) {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await consumeUserToken(trx, token, 'verify_email', now);
    const user = await findUserById(trx, row.user_id);
    if (!user || user.email !== row.email)
      throw conflict('The account no longer uses the address this link was sent to.');
    if (!user.email_verified_at) {
      await trx
        .updateTable('users')
        .set({ email_verified_at: now.toISOString(), updated_at: now.toISOString() })
        .where('id', '=', user.id)
        .execute();
    }
    return { email: user.email, email_verified: true };
  });
}

/** POST /auth/verify-email/resend (session): a new link; the older ones stop working. */
export async function resendVerification(ctx: ServiceDeps, cookie: string | undefined, csrf: unknown) {
  const session = await sessionOf(ctx, cookie);
  checkCsrf(session.csrf_token, csrf);
  const user = await findUserById(ctx.db, session.user_id);
  if (!user) throw unauthenticated();
  if (user.email_verified_at) throw conflict('This e-mail address is already verified.');
  const now = ctx.clock.now();
  const recent = await tokensSince(ctx.db, user.id, 'verify_email', new Date(now.getTime() - 3_600_000));
  const waitGap = recent.length ? Date.parse(recent[0]) + RESEND_GAP_MS - now.getTime() : 0;
  const waitHour = recent.length >= RESEND_PER_HOUR ? Date.parse(recent.at(-1)!) + 3_600_000 - now.getTime() : 0;
  const wait = Math.ceil(Math.max(waitGap, waitHour) / 1000);
  if (wait > 0) {
    throw new AppError(
      'rate-limited',
      `A verification message was sent recently. Try again in ${wait} s.`,
      {},
      { 'retry-after': String(wait) },
    );
  }
  await ctx.db.transaction().execute((trx) => sendVerification(trx, ctx, user));
  return { sent_to: user.email };
}

const unverified = (email: string) =>
  new AppError(
    'email-unverified',
    `Verify ${email} first: follow the link in the verification message, or ask for a new one.`,
    { resend: '/auth/verify-email/resend' },
  );

/**
 * What would mail a third party from our sender (an invitation): refused for an unproved address
 * while the operator's "mail to third parties only from verified accounts" is on, which is
 * EMAIL_VERIFICATION=required unless the operator's console changed it (docs/decisions.md D76).
 */
export async function assertMayMailOthers(ctx: ServiceDeps, userId: string | null) {
  if (userId === null || !(await effectiveLimits(ctx)).verifiedMailOnly) return;
  const user = await findUserById(ctx.db, userId);
  if (user && !user.email_verified_at) throw unverified(user.email);
}

/**
 * With EMAIL_VERIFICATION=required, what an unproved address must not do (accept an invitation,
 * create an API key) answers 403 `email-unverified` naming the route that resends the link.
 */
export async function assertEmailVerified(ctx: ServiceDeps, db: DB, userId: string | null) {
  if (ctx.config.emailVerification !== 'required' || userId === null) return;
  const user = await findUserById(db, userId);
  if (user && !user.email_verified_at) throw unverified(user.email);
}
