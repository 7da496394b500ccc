import type { Kysely } from 'kysely';

// docs/decisions.md D57: every invitation mail an organization sends (a new invitation or a
// refresh) is one row, so the daily cap counts mails, not invitations; rows older than a day go.
// No foreign key: a row lives a day and must not hold up the removal of an organization.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invitation_mails')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invitation_mails_org_idx')
    .on('invitation_mails')
    .columns(['organization_id', 'sent_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitation_mails').execute();
}
