import type { Kysely } from 'kysely';

// Workspace settings for analytics: the time zone analytics bucket days in by default, and how long
// raw scans are kept (null = for ever; rollups are kept regardless).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('workspaces')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await db.schema.alterTable('workspaces').addColumn('scan_retention_days', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workspaces').dropColumn('scan_retention_days').execute();
  await db.schema.alterTable('workspaces').dropColumn('timezone').execute();
}
