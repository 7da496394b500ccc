import type { DB } from '../../db/database.js';
import { periodOf } from './usage-period.js';
import { countActiveDynamicCodes, storedUploads, storedUsage } from './usage.repo.js';

/**
 * What an organization uses, for the operator's console (docs/decisions.md D73): the same counters
 * as GET /v1/usage, without the limits. Scans are the ones written to the counters (an instance's
 * last second of buffered scans shows on the next read).
 */
export async function organizationFootprint(db: DB, organizationId: string, now: Date) {
  const period = periodOf(now);
  const [scans, codes, uploads] = await Promise.all([
    storedUsage(db, organizationId, period),
    countActiveDynamicCodes(db, organizationId, now.toISOString()),
    storedUploads(db, organizationId),
  ]);
  return { period, scans, dynamic_codes: codes, storage_bytes: uploads.bytes };
}
