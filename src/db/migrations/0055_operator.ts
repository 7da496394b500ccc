import type { Kysely } from 'kysely';

// The operator's console (docs/decisions.md D73): who is an operator besides OPERATOR_EMAILS, and
// the instance audit log of what operators did across organizations.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('details', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operator_audit').execute();
  await db.schema.dropTable('operators').execute();
}
