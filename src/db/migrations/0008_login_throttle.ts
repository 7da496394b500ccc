import type { Kysely } from 'kysely';

// Login throttling (docs/security.md): counters replace the failure log. One row per (account + IP) pair
// holds its consecutive attempts and the earliest time of the next; one row per account or IP and
// fixed window holds that window's attempts. Rows are changed by single atomic statements, so the
// count is exact under concurrency and across instances (login-throttle.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_throttle_expires_idx').on('login_throttle').column('expires_at').execute();
  await db.schema.dropTable('login_failures').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_email_idx')
    .on('login_failures')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema.createIndex('login_failures_ip_idx').on('login_failures').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('login_failures_created_idx').on('login_failures').column('created_at').execute();
  await db.schema.dropTable('login_throttle').execute();
}
