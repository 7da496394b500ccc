import { sql, type Kysely } from 'kysely';

// Battery passports: passports, their version history and access grants. Same
// portable column types as 0001: text ids and ISO-8601 timestamps, JSON as text.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dpp_passports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('gtin', 'text', (c) => c.notNull())
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('lot', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('battery_status', 'text', (c) => c.notNull())
    .addColumn('publication_status', 'text', (c) => c.notNull())
    .addColumn('predecessor_id', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('archived_at', 'text')
    .execute();
  // One passport per battery in an organization: GS1 makes GTIN + serial unique (gtin stored as 14 digits).
  await db.schema
    .createIndex('dpp_passports_org_key_uq')
    .on('dpp_passports')
    .columns(['organization_id', 'gtin', 'serial'])
    .unique()
    .execute();
  // The resolver is global: a published key must name exactly one passport across organizations.
  await db.schema
    .createIndex('dpp_passports_published_uq')
    .on('dpp_passports')
    .columns(['gtin', 'serial'])
    .unique()
    .where(sql.ref('publication_status'), '=', 'published')
    .execute();
  await db.schema.createIndex('dpp_passports_ws_idx').on('dpp_passports').columns(['workspace_id', 'id']).execute();

  // Every change writes the whole resulting state, so any version can be shown as it was.
  await db.schema
    .createTable('dpp_versions')
    .addColumn('passport_id', 'text', (c) => c.notNull().references('dpp_passports.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('battery_status', 'text', (c) => c.notNull())
    .addColumn('publication_status', 'text', (c) => c.notNull())
    .addColumn('predecessor_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dpp_versions_pk', ['passport_id', 'version'])
    .execute();

  await db.schema
    .createTable('dpp_access_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('passport_id', 'text', (c) => c.notNull().references('dpp_passports.id'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('note', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('dpp_access_grants_passport_idx')
    .on('dpp_access_grants')
    .columns(['passport_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['dpp_access_grants', 'dpp_versions', 'dpp_passports']) await db.schema.dropTable(t).execute();
}
