import { sql, type Kysely } from 'kysely';

// Model passports and standing access credentials. Model passports: the public data of every battery of one GTIN, served by the resolver at the
// GTIN level (/01/{gtin}) and under the battery level it extends. Same column types as 0004.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dpp_models')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('gtin', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('publication_status', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('archived_at', 'text')
    .execute();
  // One live (draft or published) model passport per GTIN in an organization, and one published per
  // GTIN anywhere (the resolver is global). An archived one makes room for its successor.
  await db.schema
    .createIndex('dpp_models_org_gtin_uq')
    .on('dpp_models')
    .columns(['organization_id', 'gtin'])
    .unique()
    .where(sql.ref('publication_status'), '<>', 'archived')
    .execute();
  await db.schema
    .createIndex('dpp_models_published_uq')
    .on('dpp_models')
    .column('gtin')
    .unique()
    .where(sql.ref('publication_status'), '=', 'published')
    .execute();
  await db.schema.createIndex('dpp_models_ws_idx').on('dpp_models').columns(['workspace_id', 'id']).execute();

  // Standing access credentials: an organization's grant to a legitimate-interest party or an
  // authority for its passports (all, or those under some GTIN prefixes). Token stored as SHA-256.
  await db.schema
    .createTable('dpp_credentials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('gtin_prefixes', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('note', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('dpp_credentials_org_idx')
    .on('dpp_credentials')
    .columns(['organization_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dpp_credentials').execute();
  await db.schema.dropTable('dpp_models').execute();
}
