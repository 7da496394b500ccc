import type { ServiceDeps } from '../../platform/deps.js';
import { AppError, invalidField, unauthenticated } from '../../http/errors.js';
import { checkCsrf } from '../../http/csrf.js';
import { TEMPLATES, localeOf, queueMail } from '../../platform/mail/index.js';
import { consumeUserToken, issueUserToken } from './user-tokens.js';
import { findUserByEmail, findUserById, normalizeEmail } from './users.repo.js';
import { sessionOf } from './auth.service.js';
import { verifyPassword } from './password.js';
import { admitLogin, forgiveLogin } from './login-throttle.js';
import { VERIFY_TTL_MS } from './verification-link.js';

/**
 * POST /auth/email-change: needs the current password (a stolen cookie alone cannot move the
 * account), counted like a login. The link goes to the new address; nothing changes until it is
 * followed. The answer is the same whether or not the new address has an account.
 */
export async function requestEmailChange(
  ctx: ServiceDeps,
  cookie: string | undefined,
  csrf: unknown,
  body: { new_email: string; password: string },
  ip: string,
) {
  const session = await sessionOf(ctx, cookie);
  checkCsrf(session.csrf_token, csrf);
  const user = await findUserById(ctx.db, session.user_id);
  if (!user) throw unauthenticated();
  const newEmail = normalizeEmail(body.new_email);
  if (newEmail === user.email) throw invalidField('/new_email', 'is the current address', 'unchanged');
  const now = ctx.clock.now();
  const wait = await admitLogin(ctx.db, user.email, ip, now);
  if (wait !== null)
    throw new AppError(
      'rate-limited',
      `Too many attempts. Try again in ${wait} s.`,
      {},
      { 'retry-after': String(wait) },
    );
  if (!(await verifyPassword(body.password, user.password_hash)))
    throw invalidField('/password', 'is wrong', 'mismatch');
  await forgiveLogin(ctx.db, user.email, ip, now);
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueUserToken(
      trx,
      { userId: user.id, purpose: 'email_change', email: newEmail, ttlMs: VERIFY_TTL_MS },
      now,
    );
    await queueMail(trx, ctx, {
      to: newEmail,
      locale: localeOf(user.locale),
      template: TEMPLATES.emailChange,
      params: { url: `${ctx.config.baseUrl}/confirm-email?token=${token}` },
    });
  });
  return { sent_to: newEmail };
}

/**
 * POST /auth/email-change/confirm: the new address is proved by its link; it becomes the
 * account's (verified) and the old address is told.
 */
export async function confirmEmailChange(ctx: ServiceDeps, token: string) {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await consumeUserToken(trx, token, 'email_change', now);
    const user = await findUserById(trx, row.user_id);
    if (!user) throw invalidField('/token', 'is not a valid link; ask for a new one', 'invalid_token');
    if (await findUserByEmail(trx, row.email))
      throw invalidField('/token', 'names an address another account uses now', 'taken');
    await trx
      .updateTable('users')
      .set({ email: row.email, email_verified_at: now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', user.id)
      .execute();
    await queueMail(trx, ctx, {
      to: user.email,
      locale: localeOf(user.locale),
      template: TEMPLATES.emailChanged,
      params: { new_email: row.email },
    });
    return { email: row.email, email_verified: true };
  });
}
