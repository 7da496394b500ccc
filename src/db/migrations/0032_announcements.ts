import type { Kysely } from 'kysely';

// Operator announcements (docs/decisions.md D22): one row per notice, published from the CLI, and
// one row per caller that dismissed it, so a dismissal holds on every device of that user.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // null: every organization; else only that organization's users and keys see it
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id'))
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('title_de', 'text')
    .addColumn('body_de', 'text')
    .addColumn('link', 'text')
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema
    .createTable('announcement_dismissals')
    .addColumn('announcement_id', 'text', (c) => c.notNull().references('announcements.id'))
    // usr_… or key_…: whoever dismissed it
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('dismissed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_dismissals_pk', ['announcement_id', 'actor_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('announcement_dismissals').execute();
  await db.schema.dropTable('announcements').execute();
}
