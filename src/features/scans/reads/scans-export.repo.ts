import { sql } from 'kysely';
import { DENSE_MONTH } from '../rollups/rollups.table.js';
import { scanIdFloor } from '../ingest/scan-id.js';
import type { DB } from '../../../db/database.js';
import { CSV_COLUMNS } from './scan-csv.js';

/** A half-open range of scan time (ISO strings; null = unbounded) and the bot filter. */
export interface ScanRange {
  from: string | null;
  to: string | null;
  includeBots: boolean;
}

/**
 * The next `limit` scans of a code after `afterId`, oldest first. Keyset on the (code_id, id) key
 * with id bounds from the time range (scan ids carry the scan time), so each chunk costs O(chunk)
 * whatever the code has stored, and on PostgreSQL only the months of the range are read.
 */
export function scanChunk(db: DB, codeId: string, r: ScanRange, afterId: string | null, limit: number) {
  let q = db
    .selectFrom('scans')
    .select([...CSV_COLUMNS])
    .where('code_id', '=', codeId);
  if (r.from !== null) q = q.where('id', '>=', scanIdFloor(Date.parse(r.from))).where('scanned_at', '>=', r.from);
  if (r.to !== null) q = q.where('id', '<', scanIdFloor(Date.parse(r.to) + 1)).where('scanned_at', '<', r.to);
  if (afterId !== null) q = q.where('id', '>', afterId);
  if (!r.includeBots) q = q.where('is_bot', '=', 0);
  return q.orderBy('id').limit(limit).execute();
}

/** The rollup columns a data export writes. */
export const ROLLUP_COLUMNS = [
  'code_id',
  'grain',
  'bucket',
  'dimension',
  'value',
  'scans',
  'humans',
  'visitors',
  'human_visitors',
] as const;

/**
 * A code's rollups as a data export gives them: day totals, month totals and breakdowns, and for a
 * month too sparse to keep its own breakdowns (docs/decisions.md D40) whose raw scans retention
 * deleted, the breakdowns of its days. A sparse month whose raw scans are all there keeps no
 * breakdowns (docs/decisions.md D42): they, like finer cells, are derivable from the raw scans the export holds.
 */
export function codeRollupRows(db: DB, codeId: string) {
  return db
    .selectFrom('scan_rollups')
    .select([...ROLLUP_COLUMNS])
    .where('code_id', '=', codeId)
    .where((eb) =>
      eb.or([
        eb('grain', '=', 'm'),
        eb.and([
          eb('grain', '=', 'd'),
          eb.or([
            eb('dimension', '=', 'total'),
            sql<boolean>`exists (select 1 from scan_rollups t where t.code_id = scan_rollups.code_id and t.grain = 'm'
              and t.dimension = 'total' and t.value = '' and t.bucket = substr(scan_rollups.bucket, 1, 7)
              and t.scans < ${sql.lit(DENSE_MONTH)} and t.detailed = 1)`,
          ]),
        ]),
      ]),
    )
    .orderBy('grain')
    .orderBy('dimension')
    .orderBy('bucket')
    .orderBy('value')
    .execute();
}
