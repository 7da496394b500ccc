import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';
import { breakdownSql } from './0005_scan_rollups.js';

// docs/decisions.md D42: a code's day cells of the breakdowns are kept only for dense months (and
// for months whose raw scans retention deleted, `detailed = 1`); reads take a sparse month's raw
// scans instead. Every month stored so far has its day cells, so all are marked detailed. SQL only:
// migrations import no app code, so the threshold is written here too.
const DENSE_MONTH = 200;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update scan_rollups set detailed = 1 where grain = 'm' and dimension = 'total' and detailed = 0`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  // The old scheme kept every month's day cells: rebuild those of the months written since, from
  // their raw scans (all there: retention would have marked the month detailed).
  const sparse = sql`t.grain = 'm' and t.dimension = 'total' and t.detailed = 0 and t.scans < ${sql.lit(DENSE_MONTH)}`;
  await sql`delete from scan_rollups where grain = 'd' and dimension <> 'total' and exists (select 1 from scan_rollups t
    where t.code_id = scan_rollups.code_id and t.bucket = substr(scan_rollups.bucket, 1, 7) and ${sparse})`.execute(db);
  const { dimList, dimValue } = breakdownSql(isPostgres(db));
  await sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
    select s.code_id, 'd', substr(s.scanned_at, 1, 10), dim.name, ${dimValue}, count(*), sum(1 - s.is_bot), 0, 0
    from scan_rollups t join scans s on s.code_id = t.code_id and s.scanned_at >= t.bucket and s.scanned_at < t.bucket || '-32'
    cross join ${dimList}
    where ${sparse} group by s.code_id, 3, 4, 5`.execute(db);
  await sql`update scan_rollups set detailed = 0 where grain = 'm' and dimension = 'total'`.execute(db);
}
