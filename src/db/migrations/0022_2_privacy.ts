import type { Kysely } from 'kysely';

// Data protection (docs/privacy.md): when a user was erased, and the exports people asked for.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();
  await db.schema
    .createTable('privacy_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    // user: the requester's own data; organization: everything of the organization (org_admin)
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('privacy_exports_org_idx')
    .on('privacy_exports')
    .columns(['organization_id', 'id'])
    .execute();
  await db.schema.createIndex('privacy_exports_expires_idx').on('privacy_exports').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('privacy_exports').execute();
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
}
