import { sql, type Kysely } from 'kysely';

// docs/decisions.md D40: a code's month cells of the breakdown dimensions are kept only for dense
// months. Below 200 scans a month they repeat its day cells almost one for one, and reads sum the
// days instead. SQL only: migrations import no app code, so the threshold is written here too.
const DENSE_MONTH = 200;

/** Deletes the month cells of sparse code-months: reads ignore them, this frees their space. */
export async function pruneSparseMonths(db: Kysely<any>): Promise<void> {
  await sql`delete from scan_rollups where grain = 'm' and dimension <> 'total' and exists (
    select 1 from scan_rollups t where t.code_id = scan_rollups.code_id and t.grain = 'm'
    and t.dimension = 'total' and t.value = '' and t.bucket = scan_rollups.bucket
    and t.scans < ${sql.lit(DENSE_MONTH)})`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await pruneSparseMonths(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The old scheme kept every month's cells: rebuild the pruned ones from the days.
  await sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
    select d.code_id, 'm', t.bucket, d.dimension, d.value, sum(d.scans), sum(d.humans), sum(d.visitors), sum(d.human_visitors)
    from scan_rollups t join scan_rollups d on d.code_id = t.code_id and d.grain = 'd' and d.dimension <> 'total'
      and d.bucket between t.bucket || '-01' and t.bucket || '-31'
    where t.grain = 'm' and t.dimension = 'total' and t.scans < ${sql.lit(DENSE_MONTH)}
    group by d.code_id, t.bucket, d.dimension, d.value`.execute(db);
}
