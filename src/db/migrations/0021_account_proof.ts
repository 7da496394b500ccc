import type { Kysely } from 'kysely';

// Accounts that prove who they are (docs/decisions.md D14): verified addresses, single-use e-mailed
// tokens (only their hash), invitation links, two-factor sign-in and the e-mail outbox.
export async function up(db: Kysely<any>): Promise<void> {
  // Users from before this migration start unverified: an address nobody proved must not unlock
  // invitations now (they verify with POST /auth/verify-email/resend).
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  // AES-256-GCM under SECRETS_KEY, never the base32 secret itself.
  await db.schema.alterTable('users').addColumn('totp_secret_sealed', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'text').execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('user_tokens_user_idx').on('user_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema.alterTable('invitations').addColumn('token_hash', 'text').execute();
  await db.schema.createIndex('invitations_token_idx').on('invitations').column('token_hash').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  // The message waits here (sealed: it holds single-use links) until the mail.send job delivers it.
  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('sealed', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('message_id', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_messages').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropIndex('invitations_token_idx').execute();
  await db.schema.alterTable('invitations').dropColumn('token_hash').execute();
  await db.schema.dropTable('user_tokens').execute();
  for (const c of ['totp_enabled_at', 'totp_secret_sealed', 'locale', 'email_verified_at'])
    await db.schema.alterTable('users').dropColumn(c).execute();
}
