import type { DB } from '../../db/database.js';
import { periodOf } from './usage-period.js';
import type { ConsumedScan, ScanConsumer } from '../../platform/scan-consumers.js';
import type { UsageReading } from './usage-thresholds.js';

// Imported by the SQLite writer thread too (src/features/scan-consumers.ts): the database and
// plain helpers only, nothing that needs the app's services.

type Counted = Pick<ConsumedScan, 'organization_id' | 'scanned_at' | 'is_bot'>;

/**
 * Each organization's monthly scans, added in the batch's transaction (human scans only). Returns
 * the totals the transaction left, for the threshold check after the commit (usage.routes.ts).
 */
export const usageScanConsumer: ScanConsumer<UsageReading[]> = {
  name: 'usage',
  async write(trx, rows) {
    const readings: UsageReading[] = [];
    for (const u of humanScansByPeriod(rows)) {
      const total = await trx
        .insertInto('usage_counters')
        .values(u)
        .onConflict((oc) =>
          oc
            .columns(['organization_id', 'period'])
            .doUpdateSet((eb) => ({ scans: eb('usage_counters.scans', '+', eb.ref('excluded.scans')) })),
        )
        .returning('scans')
        .executeTakeFirstOrThrow();
      readings.push({ organizationId: u.organization_id, meter: 'scans', period: u.period, used: Number(total.scans) });
    }
    return readings;
  },
  /** A batch found written already: the totals as they stand, so its missed threshold check still runs. */
  async replayed(db: DB, rows) {
    const readings: UsageReading[] = [];
    for (const p of humanScansByPeriod(rows)) {
      const row = await db
        .selectFrom('usage_counters')
        .select('scans')
        .where('organization_id', '=', p.organization_id)
        .where('period', '=', p.period)
        .executeTakeFirst();
      if (row)
        readings.push({ organizationId: p.organization_id, meter: 'scans', period: p.period, used: Number(row.scans) });
    }
    return readings;
  },
};

/** Human scans per organization and usage period, in key order (every flush writes in key order). */
function humanScansByPeriod(rows: readonly Counted[]) {
  const out = new Map<string, { organization_id: string; period: string; scans: number }>();
  for (const r of rows) {
    if (r.is_bot) continue;
    const period = periodOf(r.scanned_at);
    const key = `${r.organization_id}|${period}`;
    const u = out.get(key) ?? { organization_id: r.organization_id, period, scans: 0 };
    u.scans++;
    out.set(key, u);
  }
  return [...out.keys()].sort().map((k) => out.get(k)!);
}
