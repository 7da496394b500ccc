import { sql, type Kysely } from 'kysely';

// docs/decisions.md D51: a code's detailed hour keeps quarter cells of the breakdowns only, and a
// read of an hour sums its four quarters. The hour cells stored so far repeat those sums.

/** Deletes every code's hour cells of the breakdowns; the `total` hour rows stay. */
export async function dropHourCells(db: Kysely<any>): Promise<void> {
  await sql`delete from scan_rollups where grain = 'h' and dimension <> 'total'`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await dropHourCells(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
    select code_id, 'h', substr(bucket, 1, 13), dimension, value, sum(scans), sum(humans), 0, 0
    from scan_rollups where grain = 'q' and dimension <> 'total' group by code_id, substr(bucket, 1, 13), dimension, value`.execute(
    db,
  );
}
