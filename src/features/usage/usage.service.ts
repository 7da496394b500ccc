import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { Principal } from '../../http/principal.js';
import { storedUsage } from '../scans/scans.repo.js';
import { periodOf } from '../scans/scan.js';
import { countActiveDynamicCodes } from './usage.repo.js';

export interface UsageDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'plans'>;
  clock: Clock;
  /** counted scans recorded by this instance and not yet flushed */
  pendingScans: (organizationId: string, period: string) => number;
}

/** D5 arithmetic; a limit of 0 reads as fully used rather than dividing by zero. */
export function meter(used: number, limit: number) {
  return { used, limit, usage_pct: limit > 0 ? Math.floor((used * 100) / limit) : used > 0 ? 100 : 0, remaining: Math.max(0, limit - used) };
}

/**
 * Live usage from maintained counters: one counter row and one count over codes, whatever the
 * number of scans (spec 2.5, D5). It only reports; nothing is blocked.
 */
export async function organizationUsage(deps: UsageDeps, p: Principal) {
  const now = deps.clock.now();
  const period = periodOf(now);
  const periodStart = `${period}-01T00:00:00.000Z`;
  const plan = deps.config.plans[p.plan] ?? deps.config.plans.free;
  const pending = deps.pendingScans(p.organizationId, period);
  const [stored, codes] = await Promise.all([
    storedUsage(deps.db, p.organizationId, period),
    countActiveDynamicCodes(deps.db, p.organizationId, now.toISOString()),
  ]);
  return {
    scans: { ...meter(stored + pending, plan.maxScansPerMonth), period, period_start: periodStart },
    dynamic_codes: meter(codes, plan.maxDynamicCodes),
  };
}
