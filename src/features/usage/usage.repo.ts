import type { DB } from '../../db/database.js';
import { usageSources } from './usage-sources.js';

/** docs/decisions.md D5: dynamic codes that are not deleted, not expired, and not in an archived workspace. */
export const countActiveDynamicCodes = (db: DB, organizationId: string, now: string): Promise<number> =>
  usageSources().activeDynamicCodes(db, organizationId, now);

/** The organization's counted scans of `period` (YYYY-MM) that are flushed to the counters. */
export async function storedUsage(db: DB, organizationId: string, period: string): Promise<number> {
  const row = await db
    .selectFrom('usage_counters')
    .select('scans')
    .where('organization_id', '=', organizationId)
    .where('period', '=', period)
    .executeTakeFirst();
  return Number(row?.scans ?? 0);
}

export interface StoredUploads {
  bytes: number;
  files: number;
  logos: number;
}

/**
 * What an organization keeps in uploads (docs/decisions.md D60): every file, every logo's bytes
 * (a deleted logo stays stored, since codes that use it keep drawing it), and the live logos.
 */
export async function storedUploads(db: DB, organizationId: string): Promise<StoredUploads> {
  const { storedFiles, storedLogos } = usageSources();
  // One after the other: inside a caller's transaction on PostgreSQL there is one connection.
  const files = await storedFiles(db, organizationId);
  const logos = await storedLogos(db, organizationId);
  return { bytes: files.bytes + logos.bytes, files: files.count, logos: logos.count };
}
