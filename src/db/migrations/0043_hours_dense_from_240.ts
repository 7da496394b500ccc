import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';
import { breakdownSql, bucketOf } from './0005_scan_rollups.js';

// docs/decisions.md D53: a code's hour keeps quarter cells of the breakdowns from 240 scans on, no
// longer from 60, and only the `detailed` mark says an hour has them (the count no longer does).
// Every hour stored so far from 60 scans on has its cells, exact and complete: it is marked.

const OLD = 60;
const unmarked = sql`grain = 'h' and dimension = 'total' and detailed = 0 and scans >= ${sql.lit(OLD)}`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update scan_rollups set detailed = 1 where ${unmarked}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The old scheme reads every hour from 60 scans on as detailed: give the unmarked ones written
  // since their quarter cells, from their raw scans (all there: retention would have marked the
  // hour), in place of any an instance of the old version added meanwhile.
  const hours = sql`select code_id, bucket from scan_rollups where ${unmarked}`;
  await sql`delete from scan_rollups where grain = 'q' and dimension <> 'total'
    and exists (select 1 from (${hours}) t where t.code_id = scan_rollups.code_id and t.bucket = substr(scan_rollups.bucket, 1, 13))`.execute(
    db,
  );
  const { dimList, dimValue } = breakdownSql(isPostgres(db));
  await sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
    select s.code_id, 'q', ${bucketOf('q', sql.ref('s.scanned_at'))}, dim.name, ${dimValue}, count(*), sum(1 - s.is_bot), 0, 0
    from (${hours}) t join scans s on s.code_id = t.code_id and s.scanned_at >= t.bucket and s.scanned_at < t.bucket || ':60'
    cross join ${dimList}
    group by s.code_id, 3, 4, 5`.execute(db);
}
