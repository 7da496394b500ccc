import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

// Codes, their tags and comments, scans, and the counters the scan buffer maintains. Same portable
// column types as 0001: text ids and ISO-8601 timestamps, integer flags, JSON as text.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('dynamic', 'integer', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('content', 'text')
    .addColumn('short_code', 'text', (c) => c.unique())
    .addColumn('title', 'text')
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('destinations', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('fallback_url', 'text')
    .addColumn('max_scans', 'integer')
    .addColumn('scan_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('rejection_reason', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('codes_ws_idx').on('codes').columns(['workspace_id', 'id']).execute();
  await db.schema.createIndex('codes_ws_status_idx').on('codes').columns(['workspace_id', 'status', 'id']).execute();
  await db.schema
    .createIndex('codes_org_dynamic_idx')
    .on('codes')
    .columns(['organization_id', 'dynamic', 'status'])
    .execute();

  // Tags in their own table so the `tag` filter is an exact, indexed match on both dialects.
  await db.schema
    .createTable('code_tags')
    .addColumn('code_id', 'text', (c) => c.notNull().references('codes.id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('code_tags_pk', ['code_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('code_tags_ws_tag_idx')
    .on('code_tags')
    .columns(['workspace_id', 'tag', 'code_id'])
    .execute();

  await db.schema
    .createTable('code_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_id', 'text', (c) => c.notNull().references('codes.id'))
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('author_type', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('code_comments_code_idx').on('code_comments').columns(['code_id', 'id']).execute();

  // No foreign key to codes: the scan buffer inserts in bulk and a code is never hard-deleted.
  // Every read is per code and by time, and scan ids carry the scan time (ULID), so the one key
  // (code_id, id) serves lists and time ranges; no secondary index slows the hot write. On SQLite
  // the table is WITHOUT ROWID, so a scan insert touches that single b-tree.
  const pg = isPostgres(db);
  await db.schema
    .createTable('scans')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('code_id', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('device', 'text')
    .addColumn('os', 'text')
    .addColumn('browser', 'text')
    .addColumn('referrer', 'text')
    .addColumn('language', 'text')
    .addColumn('is_bot', 'integer', (c) => c.notNull())
    .addColumn('ip_hash', 'text')
    .addColumn('destination', 'text')
    .addPrimaryKeyConstraint('scans_pk', ['code_id', 'id'])
    .$call((t) => (pg ? t : t.modifyEnd(sql`without rowid`)))
    .execute();

  // Maintained by the scan buffer's flush with insert … on conflict do update: usage is one row read.
  await db.schema
    .createTable('usage_counters')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('scans', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_counters_pk', ['organization_id', 'period'])
    .execute();

  // Server-generated secrets shared by every instance (the daily IP-hash salt derives from one).
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['server_secrets', 'usage_counters', 'scans', 'code_comments', 'code_tags', 'codes']) {
    await db.schema.dropTable(t).execute();
  }
}
