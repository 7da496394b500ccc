import type { Kysely } from 'kysely';

// docs/decisions.md D63: inviting an address again mints a new link and the invitation keeps only
// the new link's hash. The hashes of the links it replaced are kept here, so the holder of an
// older e-mail is told "replaced by a newer invitation" rather than "not found".
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invitation_replaced_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('invitation_id', 'text', (c) => c.notNull().references('invitations.id'))
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitation_replaced_links').execute();
}
