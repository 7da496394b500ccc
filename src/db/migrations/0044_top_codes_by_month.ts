import { sql, type Kysely } from 'kysely';

// docs/decisions.md D54: a workspace keeps its `code` cells (top codes) at the month grain only; a
// read of a shorter piece sums the named codes' own `total` rows, which hold the same counts.

/** Deletes the workspaces' hour and day `code` cells; the month cells stay. */
export async function dropSubMonthCodeCells(db: Kysely<any>): Promise<void> {
  await sql`delete from workspace_rollups where dimension = 'code' and grain in ('h', 'd')`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await dropSubMonthCodeCells(db);
}

/** The older scheme's hour and day cells again, from the codes' `total` rows of those grains. */
export async function down(db: Kysely<any>): Promise<void> {
  // In place of any an instance of this version's predecessor wrote meanwhile (a batch's share only).
  await dropSubMonthCodeCells(db);
  await sql`insert into workspace_rollups (workspace_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
    select c.workspace_id, r.grain, r.bucket, 'code', r.code_id, r.scans, r.humans, 0, 0
    from scan_rollups r join codes c on c.id = r.code_id
    where r.dimension = 'total' and r.grain in ('h', 'd')`.execute(db);
}
