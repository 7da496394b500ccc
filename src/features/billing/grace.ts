import type { DB } from '../../db/database.js';
import type { Config } from '../../platform/config.js';
import { lockRow } from '../../db/row-lock.js';
import { findAccount, graceExpired } from './billing.repo.js';
import { changePlan } from './plan-change.js';

/**
 * Drops every organization past due for longer than the grace period to Free. The subscription's
 * plan is kept, so a later successful payment restores it (docs/billing.md). Returns the ids changed.
 */
export async function expireGracePeriods(db: DB, config: Config, now: Date): Promise<string[]> {
  const since = new Date(now.getTime() - config.billing.graceDays * 86_400_000).toISOString();
  const changed: string[] = [];
  for (const { organization_id: id } of await graceExpired(db, since)) {
    const done = await db.transaction().execute(async (trx) => {
      await lockRow(trx, 'organizations', id);
      const account = await findAccount(trx, id);
      // a payment may have arrived between the list and the lock
      if (!account?.past_due_since || account.past_due_since > since) return false;
      return changePlan(trx, id, 'free', now);
    });
    if (done) changed.push(id);
  }
  return changed;
}
