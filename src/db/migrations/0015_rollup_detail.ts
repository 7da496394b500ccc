import { sql, type Kysely } from 'kysely';

// Rollup detail on demand (docs/analytics.md): a code's quarter and hour cells of the
// breakdown dimensions are kept only for dense hours (or hours marked detailed), and workspaces'
// top-code cells drop the quarter grain. SQL only: migrations import no app code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scan_rollups')
    .addColumn('detailed', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Every hour rolled up so far was written in full by the old scheme: its fine cells stay exact.
  await sql`update scan_rollups set detailed = 1 where grain = 'h' and dimension = 'total'`.execute(db);
  // Top codes' quarter edges now come from the codes' own total quarter rows.
  await sql`delete from workspace_rollups where dimension = 'code' and grain = 'q'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scan_rollups').dropColumn('detailed').execute();
}
