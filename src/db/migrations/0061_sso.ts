import type { Kysely } from 'kysely';

// Single sign-on with OpenID Connect (docs/decisions.md D80): one identity provider per
// organization, the sign-ins under way, and which provider account is which user.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sso_connections')
    .addColumn('organization_id', 'text', (c) => c.primaryKey())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    // sealed with SECRETS_KEY (lib/sealed.ts); never returned
    .addColumn('client_secret_sealed', 'text', (c) => c.notNull())
    // a claim name, dots for nesting (realm_access.roles); null: every sign-in gets default_role
    .addColumn('role_claim', 'text')
    // JSON [{ value, role, workspace_id }]
    .addColumn('role_mappings', 'text', (c) => c.notNull())
    // null: a sign-in that no mapping matches is refused
    .addColumn('default_role', 'text')
    // 1: the organization's members sign in only through the provider
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A sign-in started and not yet come back: its state (hashed), PKCE verifier (sealed) and nonce.
  await db.schema
    .createTable('sso_logins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('code_verifier_sealed', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_logins_expires_idx').on('sso_logins').column('expires_at').execute();
  // The provider's account (issuer + sub) a user signed in with, per organization.
  await db.schema
    .createTable('sso_identities')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sso_identities_pk', ['organization_id', 'issuer', 'subject'])
    .execute();
  await db.schema.createIndex('sso_identities_user_idx').on('sso_identities').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_identities').execute();
  await db.schema.dropTable('sso_logins').execute();
  await db.schema.dropTable('sso_connections').execute();
}
