import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Tenancy and ownership: keys act for their creator, GS1 company prefixes owned by
// one organization, custom domains that count only once verified.
export async function up(db: Kysely<any>): Promise<void> {
  // Keys made by the CLI had no creator; they act for the bootstrap user, the organization's
  // first org_admin (docs/decisions.md). A key whose organization has no admin left stays orphaned (401).
  await sql`update api_keys set created_by = (
      select m.user_id from memberships m
      where m.organization_id = api_keys.organization_id and m.role = 'org_admin'
      order by m.created_at, m.user_id limit 1)
    where created_by is null`.execute(db);

  await db.schema
    .createTable('gs1_prefixes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gs1_prefixes_org_uq')
    .on('gs1_prefixes')
    .columns(['organization_id', 'prefix'])
    .unique()
    .execute();
  // A verified prefix has one owner; overlaps (one prefix starting another) are refused in the service.
  await db.schema
    .createIndex('gs1_prefixes_verified_uq')
    .on('gs1_prefixes')
    .column('prefix')
    .unique()
    .where(sql.ref('status'), '=', 'verified')
    .execute();

  await db.schema.alterTable('workspaces').addColumn('custom_domain_token', 'text').execute();
  await db.schema.alterTable('workspaces').addColumn('custom_domain_verified_at', 'text').execute();
  // Domains set before verification existed start pending, each with its own token.
  const rows = await db.selectFrom('workspaces').select('id').where('custom_domain', 'is not', null).execute();
  for (const r of rows) {
    await db
      .updateTable('workspaces')
      .set({ custom_domain_token: randomBytes(16).toString('hex') })
      .where('id', '=', r.id)
      .execute();
  }
  // Only a verified domain is claimed: an unverified one must not block (nor reveal) another workspace's.
  await db.schema.dropIndex('workspaces_custom_domain_uq').execute();
  await db.schema
    .createIndex('workspaces_custom_domain_uq')
    .on('workspaces')
    .column('custom_domain')
    .unique()
    .where(sql.ref('custom_domain_verified_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('workspaces_custom_domain_uq').execute();
  await db.schema.alterTable('workspaces').dropColumn('custom_domain_verified_at').execute();
  await db.schema.alterTable('workspaces').dropColumn('custom_domain_token').execute();
  await db.schema
    .createIndex('workspaces_custom_domain_uq')
    .on('workspaces')
    .column('custom_domain')
    .unique()
    .execute();
  await db.schema.dropTable('gs1_prefixes').execute();
}
