import type { Kysely } from 'kysely';

// Issue #28: vanity short codes keep their old codes as aliases, dynamic codes carry routing
// rules, UTM parameters and an optional password hash (docs/decisions.md D19).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('code_aliases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('short_code', 'text', (c) => c.notNull().unique())
    .addColumn('code_id', 'text', (c) => c.notNull().references('codes.id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('code_aliases_code_idx').on('code_aliases').columns(['code_id', 'id']).execute();
  await db.schema.alterTable('codes').addColumn('rules', 'text').execute();
  await db.schema.alterTable('codes').addColumn('utm', 'text').execute();
  await db.schema.alterTable('codes').addColumn('password_hash', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('codes').dropColumn('password_hash').execute();
  await db.schema.alterTable('codes').dropColumn('utm').execute();
  await db.schema.alterTable('codes').dropColumn('rules').execute();
  await db.schema.dropTable('code_aliases').execute();
}
