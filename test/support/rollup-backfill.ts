import { sql } from 'kysely';
import { isPostgres, type DB } from '../../src/db/database.js';
import { backfillRollups } from '../../src/db/migrations/0005_scan_rollups.js';
import { pruneSparseMonths } from '../../src/db/migrations/0038_sparse_months.js';
import { dropHourCells } from '../../src/db/migrations/0042_no_hour_cells.js';
import { dropSubMonthCodeCells } from '../../src/db/migrations/0044_top_codes_by_month.js';
import { addPlaceCells } from '../../src/db/migrations/0060_scan_places.js';
import { DENSE_HOUR, DENSE_MONTH } from '../../src/features/scans/index.js';

/**
 * Rollups and visitor-day rows of raw scans seeded in SQL, as the flush would have written them:
 * migration 0005's backfill, then what migrations 0038 (month cells of dense months only), 0039
 * (visitor rows keep 16 hex digits of the hash), 0042 (no hour cells of the breakdowns) and 0044
 * (top-code cells of workspaces by month only) did to the rows it wrote; no quarter cells below
 * DENSE_HOUR, whose backfill threshold is frozen at the old 60, and dense hours marked detailed
 * (docs/decisions.md D53); and a dense month marked as keeping its cells, a sparse one without day
 * cells, as the flush leaves them (D42).
 */
export async function rollUpAsTheFlush(db: DB, now: Date, workspaceIds: string[]): Promise<void> {
  await backfillRollups(db, now, workspaceIds);
  // 0005 knew no region or city; 0060 adds their cells (scans without a place, as the tests' are).
  await addPlaceCells(db, workspaceIds);
  // Without statistics PostgreSQL drove the quarter-cell delete below from every hour row, and a
  // million seeded scans (the analytics benchmark) took longer than ten minutes there.
  if (isPostgres(db)) await sql`analyze scan_rollups`.execute(db);
  await pruneSparseMonths(db);
  await dropHourCells(db);
  await dropSubMonthCodeCells(db);
  await sql`delete from scan_rollups where grain = 'q' and dimension <> 'total' and exists (
    select 1 from scan_rollups t where t.code_id = scan_rollups.code_id and t.grain = 'h' and t.dimension = 'total'
    and t.bucket = substr(scan_rollups.bucket, 1, 13) and t.detailed = 0 and t.scans < ${sql.lit(DENSE_HOUR)})`.execute(
    db,
  );
  await sql`update scan_rollups set detailed = 1 where grain = 'h' and dimension = 'total'
    and scans >= ${sql.lit(DENSE_HOUR)}`.execute(db);
  await sql`update scan_rollups set detailed = 1 where grain = 'm' and dimension = 'total'
    and scans >= ${sql.lit(DENSE_MONTH)}`.execute(db);
  await sql`delete from scan_rollups where grain = 'd' and dimension <> 'total' and exists (
    select 1 from scan_rollups t where t.code_id = scan_rollups.code_id and t.grain = 'm' and t.dimension = 'total'
    and t.value = '' and t.bucket = substr(scan_rollups.bucket, 1, 7) and t.detailed = 0)`.execute(db);
  await sql`update scan_visitors set ip_hash = substr(ip_hash, 1, 16) where length(ip_hash) > 16`.execute(db);
}
