import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { TEMPLATES, localeOf, queueMail } from '../../platform/mail/index.js';
import { issueUserToken } from './user-tokens.js';

export const VERIFY_TTL_MS = 24 * 3_600_000;

/** Mints a verification link (24 h, single use) and queues its message, in the caller's transaction. */
export async function sendVerification(trx: DB, ctx: ServiceDeps, user: { id: string; email: string; locale: string }) {
  const now = ctx.clock.now();
  const token = await issueUserToken(
    trx,
    { userId: user.id, purpose: 'verify_email', email: user.email, ttlMs: VERIFY_TTL_MS },
    now,
  );
  await queueMail(trx, ctx, {
    to: user.email,
    locale: localeOf(user.locale),
    template: TEMPLATES.verifyEmail,
    params: { url: `${ctx.config.baseUrl}/verify-email?token=${token}` },
  });
}
