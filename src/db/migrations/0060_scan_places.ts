import { sql, type Kysely } from 'kysely';

// IP geolocation built in (docs/decisions.md D79): a scan keeps the region and city its address
// was placed in, beside the country it already had. Only the place is stored, never the address.
// On PostgreSQL `scans` is partitioned by month; a column added to the parent reaches every partition.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scans').addColumn('region', 'text').execute();
  await db.schema.alterTable('scans').addColumn('city', 'text').execute();
  await addPlaceCells(db);
}

/**
 * The rollups of the scans before: region and city unknown (''), one cell wherever a country cell
 * is, with the scans of all its countries. The flush writes the same for a scan without a place, so
 * a breakdown of an older period says "unknown" rather than nothing. Exported for the tests'
 * rebuild of rollups from raw rows (test/support/rollup-backfill.ts).
 */
export async function addPlaceCells(db: Kysely<any>, workspaceIds?: string[]): Promise<void> {
  // The tests rebuild some workspaces' rollups beside others' live ones: only theirs.
  const ws = workspaceIds ? sql`and workspace_id in (${sql.join(workspaceIds)})` : sql``;
  const codes = workspaceIds
    ? sql`and code_id in (select id from codes where workspace_id in (${sql.join(workspaceIds)}))`
    : sql``;
  for (const dimension of ['region', 'city']) {
    await sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
      select code_id, grain, bucket, ${dimension}, '', sum(scans), sum(humans), 0, 0
      from scan_rollups where dimension = 'country' ${codes} group by code_id, grain, bucket`.execute(db);
    await sql`insert into workspace_rollups (workspace_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
      select workspace_id, grain, bucket, ${dimension}, '', sum(scans), sum(humans), 0, 0
      from workspace_rollups where dimension = 'country' ${ws} group by workspace_id, grain, bucket`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('scan_rollups').where('dimension', 'in', ['region', 'city']).execute();
  await db.deleteFrom('workspace_rollups').where('dimension', 'in', ['region', 'city']).execute();
  await db.schema.alterTable('scans').dropColumn('city').execute();
  await db.schema.alterTable('scans').dropColumn('region').execute();
}
