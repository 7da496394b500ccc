import type { ServiceDeps } from '../../platform/deps.js';
import { AppError, conflict, invalidField, unauthenticated } from '../../http/errors.js';
import { checkCsrf } from '../../http/csrf.js';
import { buildMatrix, renderSvg } from '../../qr/index.js';
import { TEMPLATES, localeOf, queueMail } from '../../platform/mail/index.js';
import { findUserById } from './users.repo.js';
import { sessionOf } from './auth.service.js';
import { verifyPassword } from './password.js';
import { admitLogin, forgiveLogin } from './login-throttle.js';
import { secondFactorWithinBudget } from './second-factor-throttle.js';
import { assertEmailVerified } from './verification.service.js';
import { newTotp, replaceRecoveryCodes, sealSecret, secondFactorMatches, totpMatches } from './two-factor.js';

async function sessionUser(ctx: ServiceDeps, cookie: string | undefined, csrf: unknown) {
  const session = await sessionOf(ctx, cookie);
  checkCsrf(session.csrf_token, csrf);
  const user = await findUserById(ctx.db, session.user_id);
  if (!user) throw unauthenticated();
  return user;
}

/** Wrong codes count like wrong passwords (login throttling): a 6-digit code must not be guessable. */
async function throttled(ctx: ServiceDeps, email: string, ip: string, check: () => Promise<boolean>, pointer: string) {
  const now = ctx.clock.now();
  const wait = await admitLogin(ctx.db, email, ip, now);
  if (wait !== null)
    throw new AppError(
      'rate-limited',
      `Too many attempts. Try again in ${wait} s.`,
      {},
      { 'retry-after': String(wait) },
    );
  if (!(await check())) throw invalidField(pointer, 'is wrong', 'mismatch');
  await forgiveLogin(ctx.db, email, ip, now);
}

/**
 * POST /auth/2fa/enrol {password}: a new secret, sealed at rest, not yet in force. The QR code of
 * its otpauth URI is drawn by our own renderer (src/qr); the secret is also shown for typing in.
 * It needs the password, as disabling does: whoever holds a session (a shared computer) must not
 * lock the owner out with their own authenticator. An unproved address cannot enrol: a sign-up
 * with someone else's address would keep the owner out once they take it back
 * (docs/decisions.md D56).
 */
export async function enrolTwoFactor(
  ctx: ServiceDeps,
  cookie: string | undefined,
  csrf: unknown,
  body: { password: string },
  ip: string,
) {
  const user = await sessionUser(ctx, cookie, csrf);
  await assertEmailVerified(ctx, ctx.db, user.id);
  if (user.totp_enabled_at) throw conflict('Two-factor sign-in is already on; turn it off first.');
  await throttled(ctx, user.email, ip, () => verifyPassword(body.password, user.password_hash), '/password');
  const { secret, uri } = newTotp(user.email);
  await ctx.db
    .updateTable('users')
    .set({ totp_secret_sealed: sealSecret(ctx.config.secretsKey, secret) })
    .where('id', '=', user.id)
    .execute();
  return { secret, otpauth_uri: uri, qr_svg: renderSvg(buildMatrix(uri, 'M')) };
}

/** POST /auth/2fa/confirm {code}: the first code turns 2FA on and yields ten recovery codes. */
export async function confirmTwoFactor(
  ctx: ServiceDeps,
  cookie: string | undefined,
  csrf: unknown,
  code: string,
  ip: string,
) {
  const user = await sessionUser(ctx, cookie, csrf);
  // A secret enrolled before addresses had to be proved must not come into force unproved either.
  await assertEmailVerified(ctx, ctx.db, user.id);
  if (user.totp_enabled_at) throw conflict('Two-factor sign-in is already on.');
  const sealed = user.totp_secret_sealed;
  if (!sealed) throw conflict('Start with POST /auth/2fa/enrol.');
  const now = ctx.clock.now();
  await throttled(ctx, user.email, ip, () => totpMatches(ctx.config.secretsKey, sealed, code, now), '/code');
  return ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ totp_enabled_at: now.toISOString() }).where('id', '=', user.id).execute();
    const codes = await replaceRecoveryCodes(trx, user.id);
    await queueMail(trx, ctx, {
      to: user.email,
      locale: localeOf(user.locale),
      template: TEMPLATES.twoFactorChanged,
      params: { enabled: true },
    });
    return { two_factor_enabled: true, recovery_codes: codes };
  });
}

/** POST /auth/2fa/disable {password, code}: both factors (a recovery code counts as the second). */
export async function disableTwoFactor(
  ctx: ServiceDeps,
  cookie: string | undefined,
  csrf: unknown,
  body: { password: string; code: string },
  ip: string,
) {
  const user = await sessionUser(ctx, cookie, csrf);
  if (!user.totp_enabled_at) throw conflict('Two-factor sign-in is off.');
  const now = ctx.clock.now();
  await throttled(ctx, user.email, ip, () => verifyPassword(body.password, user.password_hash), '/password');
  await throttled(
    ctx,
    user.email,
    ip,
    () =>
      secondFactorWithinBudget(ctx, user, () =>
        secondFactorMatches(ctx.db, ctx.config.secretsKey, user, body.code, now),
      ),
    '/code',
  );
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_enabled_at: null, totp_secret_sealed: null })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
    await queueMail(trx, ctx, {
      to: user.email,
      locale: localeOf(user.locale),
      template: TEMPLATES.twoFactorChanged,
      params: { enabled: false },
    });
  });
  return { two_factor_enabled: false };
}
