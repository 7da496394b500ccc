import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';
import { breakdownSql } from './0005_scan_rollups.js';

// docs/decisions.md D42: a code's day and month cells of the breakdowns are the record of a month
// only once it is marked (`detailed = 1`: the flush marks a month as it turns dense, retention
// before it deletes its raw scans); reads count an unmarked month's raw scans instead. Every month
// stored so far has all its cells, so all are marked.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update scan_rollups set detailed = 1 where grain = 'm' and dimension = 'total' and detailed = 0`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  // The old scheme kept every month's day cells: rebuild those of the unmarked months written since,
  // from their raw scans (all there: retention would have marked the month).
  const sparse = sql`t.grain = 'm' and t.dimension = 'total' and t.detailed = 0`;
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
