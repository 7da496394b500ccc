import { sql, type Kysely } from 'kysely';

// The operator's console, announcements and limits (docs/decisions.md D76): instance settings the
// operator changes without a restart, and announcements written as drafts before they are published.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('instance_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // JSON: what the operator set; a field left out keeps the environment's default
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // null: a draft nobody sees yet. Every announcement made before was published by the CLI at once.
  await db.schema.alterTable('announcements').addColumn('published_at', 'text').execute();
  // 1: e-mail the recent API users when it starts (the CLI's --email)
  await db.schema
    .alterTable('announcements')
    .addColumn('email_api_users', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('announcements').addColumn('updated_at', 'text').execute();
  await sql`update announcements set published_at = created_at, updated_at = created_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('announcements').dropColumn('updated_at').execute();
  await db.schema.alterTable('announcements').dropColumn('email_api_users').execute();
  await db.schema.alterTable('announcements').dropColumn('published_at').execute();
  await db.schema.dropTable('instance_settings').execute();
}
