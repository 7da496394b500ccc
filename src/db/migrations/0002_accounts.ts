import type { Kysely } from 'kysely';

// Accounts: failed logins for throttling. In the database rather than process memory
// so several instances see the same count; rows older than the window are pruned on write.
export async function up(db: Kysely<any>): Promise<void> {
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
  // A host name can route to one workspace only (redirects resolve the workspace by host).
  await db.schema
    .createIndex('workspaces_custom_domain_uq')
    .on('workspaces')
    .column('custom_domain')
    .unique()
    .execute();
  // Ending every session of a user (member removal) without a full scan.
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_user_idx').execute();
  await db.schema.dropIndex('workspaces_custom_domain_uq').execute();
  await db.schema.dropTable('login_failures').execute();
}
