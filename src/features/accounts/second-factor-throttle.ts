import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import type { ServiceDeps } from '../../platform/deps.js';
import { AppError } from '../../http/errors.js';
import { isoDay } from '../../lib/time.js';
import { TEMPLATES, localeOf, queueMail } from '../../platform/mail/index.js';
import { countInWindow, seconds } from './login-throttle.js';

/**
 * Wrong second factors have a budget of their own per account (docs/decisions.md D57): the login
 * throttle's windows are per address pair and generous per account, so from many addresses they
 * let ~4,800 code guesses a day through, about a third of a chance a month. Ten a day is 1 in
 * 33,000 a day (three codes are valid at once), about 1 % a year. Only someone who got past the password reaches it, so the holder is told.
 */
export const SECOND_FACTOR_BUDGET = { failures: 10, windowMs: 86_400_000 };

const B = SECOND_FACTOR_BUDGET;
// Keys name the user id, not the address: nothing personal to erase (privacy/erasure-steps.ts).
const windowOf = (userId: string, now: number) => {
  const w = Math.floor(now / B.windowMs);
  return { key: `2fa:${userId}:${w}`, endsAt: (w + 1) * B.windowMs };
};

/**
 * Checks a second factor within the account's budget. The attempt is counted before `check` runs
 * (the same login_throttle table and atomic upsert as logins, so parallel guesses and several
 * instances see one count) and given back when it matches. The attempt that spends the budget
 * queues the notice, so there is one a window; once spent, a 429 until the window ends.
 */
export async function secondFactorWithinBudget(
  ctx: ServiceDeps,
  user: { id: string; email: string; locale: string },
  check: () => Promise<boolean>,
): Promise<boolean> {
  const now = ctx.clock.now().getTime();
  const { key, endsAt } = windowOf(user.id, now);
  const n = await countInWindow(ctx.db, key, endsAt);
  if (n > B.failures) {
    const wait = seconds(endsAt - now);
    throw new AppError(
      'rate-limited',
      `Too many wrong two-factor codes for this account. Try again in ${wait} s, or reset the password.`,
      {},
      { 'retry-after': String(wait) },
    );
  }
  if (await check()) {
    await ctx.db
      .updateTable('login_throttle')
      .set({ attempts: sql<number>`attempts - 1` })
      .where('key', '=', key)
      .where('attempts', '>', 0)
      .execute();
    return true;
  }
  if (n === B.failures) {
    await ctx.db.transaction().execute((trx) =>
      queueMail(trx, ctx, {
        to: user.email,
        locale: localeOf(user.locale),
        template: TEMPLATES.secondFactorFailures,
        params: {
          failures: B.failures,
          // The window is a UTC day: it ends at midnight.
          until: `${isoDay(endsAt)} 00:00`,
          url: `${ctx.config.baseUrl}/forgot-password`,
        },
      }),
    );
  }
  return false;
}

/** A new password lifts the pause: whoever guessed codes knew the old one. */
export function resetSecondFactorBudget(trx: DB, userId: string, now: Date) {
  return trx.deleteFrom('login_throttle').where('key', '=', windowOf(userId, now.getTime()).key).execute();
}
