import { sql, type Kysely } from 'kysely';

// Member invitations (docs/security.md): adding someone to an organization needs their consent.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('workspaces', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text')
    .addColumn('declined_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  // One open invitation per address and organization: inviting again refreshes it.
  await db.schema
    .createIndex('invitations_open_uq')
    .on('invitations')
    .columns(['organization_id', 'email'])
    .unique()
    .where(sql.ref('accepted_at'), 'is', null)
    .where(sql.ref('declined_at'), 'is', null)
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  await db.schema.createIndex('invitations_email_idx').on('invitations').column('email').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
