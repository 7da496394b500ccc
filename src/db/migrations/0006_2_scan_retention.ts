import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';
import { encodeTime } from 'ulid';

/**
 * Scan lists and retention (docs/analytics.md, docs/codes.md).
 *
 * Counters: the scan list's total_count is read from the code row instead of count(*). scan_count
 * already counts non-bot scans; bot_scan_count adds the bots, and the purged_* columns count the
 * rows the retention job deleted, so the total matches the rows the list can still return.
 *
 * PostgreSQL: `scans` becomes a table partitioned by month, RANGE on `id`, whose ULID time part is
 * the scan time (scan-id.ts); the primary key (code_id, id) holds the partition column as it must,
 * and the range bounds of existing queries on id prune partitions. Rows are moved into the new
 * table inside this migration's transaction; on a large table that takes a while (plan a window).
 * A DEFAULT partition catches anything outside the monthly ranges. SQLite keeps its table.
 */
/** The smallest scan id of a month (lib/ulid.ts's ulidFloor, frozen here with the migration). */
const scanIdFloor = (atMs: number) => `scn_${encodeTime(Math.max(0, atMs), 10)}0000000000000000`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['bot_scan_count', 'purged_scan_count', 'purged_bot_scan_count']) {
    await db.schema
      .alterTable('codes')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`update codes set bot_scan_count = (select count(*) from scans where scans.code_id = codes.id and scans.is_bot = 1)
    where exists (select 1 from scans where scans.code_id = codes.id and scans.is_bot = 1)`.execute(db);
  if (!isPostgres(db)) return;

  await sql`alter table scans rename to scans_unpartitioned`.execute(db);
  await sql`alter table scans_unpartitioned rename constraint scans_pk to scans_unpartitioned_pk`.execute(db);
  await sql`create table scans (
    id text not null, code_id text not null, workspace_id text not null, organization_id text not null,
    scanned_at text not null, country text, device text, os text, browser text, referrer text, language text,
    is_bot integer not null, ip_hash text, destination text,
    constraint scans_pk primary key (code_id, id)
  ) partition by range (id)`.execute(db);
  await sql`create table scans_default partition of scans default`.execute(db);
  const oldest = await sql<{ at: string | null }>`select min(scanned_at) as at from scans_unpartitioned`.execute(db);
  const now = new Date();
  const first = oldest.rows[0]?.at ? new Date(oldest.rows[0].at) : now;
  const start = Number.isNaN(first.getTime()) ? now : first;
  // From the oldest scan's month to three months ahead; the retention job keeps creating them.
  for (
    let m = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1);
    m <= Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1);
  ) {
    const d = new Date(m);
    const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    const name = `scans_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    await sql`create table ${sql.id(name)} partition of scans for values from (${sql.lit(scanIdFloor(m))}) to (${sql.lit(scanIdFloor(next))})`.execute(
      db,
    );
    m = next;
  }
  await sql`insert into scans select id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser, referrer,
    language, is_bot, ip_hash, destination from scans_unpartitioned`.execute(db);
  await sql`drop table scans_unpartitioned`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create table scans_plain (like scans including defaults)`.execute(db);
    await sql`insert into scans_plain select * from scans`.execute(db);
    await sql`drop table scans`.execute(db);
    await sql`alter table scans_plain rename to scans`.execute(db);
    await sql`alter table scans add constraint scans_pk primary key (code_id, id)`.execute(db);
  }
  for (const column of ['purged_bot_scan_count', 'purged_scan_count', 'bot_scan_count']) {
    await db.schema.alterTable('codes').dropColumn(column).execute();
  }
}
