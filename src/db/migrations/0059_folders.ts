import type { Kysely } from 'kysely';

// Folders and campaigns (docs/decisions.md D78): a workspace's codes grouped one level deep; a
// campaign is a folder with a date range and UTM defaults its new codes inherit.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    // null: a top-level folder; else a top-level folder of the same workspace (one level only)
    .addColumn('parent_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('starts_on', 'text')
    .addColumn('ends_on', 'text')
    // JSON of the UTM parameters new codes in it inherit
    .addColumn('utm', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('folders_workspace_idx').on('folders').columns(['workspace_id', 'parent_id']).execute();
  await db.schema.alterTable('codes').addColumn('folder_id', 'text').execute();
  // The list filter and "is this folder empty" read a workspace's codes of one folder.
  await db.schema.createIndex('codes_folder_idx').on('codes').columns(['workspace_id', 'folder_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('codes_folder_idx').execute();
  await db.schema.alterTable('codes').dropColumn('folder_id').execute();
  await db.schema.dropTable('folders').execute();
}
