import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../database.js';

// Scan rollups (docs/analytics.md): counters per code and per workspace, per UTC bucket of four
// grains, per dimension value, written in the scan flush's transaction; and the recent visitor-day
// sets that decide unique visitors. Existing raw scans are rolled up here, one code (and one
// workspace) at a time, in SQL on both databases.

const counters = (t: any) => t
  .addColumn('scans', 'integer', (c: any) => c.notNull())
  .addColumn('humans', 'integer', (c: any) => c.notNull())
  .addColumn('visitors', 'integer', (c: any) => c.notNull())
  .addColumn('human_visitors', 'integer', (c: any) => c.notNull());

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const rowid = (t: any) => (pg ? t : t.modifyEnd(sql`without rowid`));
  await db.schema.createTable('scan_rollups')
    .addColumn('code_id', 'text', (c) => c.notNull())
    .addColumn('grain', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .$call(counters)
    .addPrimaryKeyConstraint('scan_rollups_pk', ['code_id', 'grain', 'dimension', 'bucket', 'value'])
    .$call(rowid)
    .execute();
  await db.schema.createTable('workspace_rollups')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('grain', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .$call(counters)
    .addPrimaryKeyConstraint('workspace_rollups_pk', ['workspace_id', 'grain', 'dimension', 'bucket', 'value'])
    .$call(rowid)
    .execute();
  await db.schema.createTable('scan_visitors')
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('human', 'integer', (c) => c.notNull())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_visitors_pk', ['scope_id', 'day', 'human', 'ip_hash'])
    .$call(rowid)
    .execute();
  await backfillRollups(db, new Date());
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['scan_visitors', 'workspace_rollups', 'scan_rollups']) await db.schema.dropTable(t).execute();
}

/** The UTC bucket of an ISO time column at each grain; quarterOf() in buckets.ts does the same. */
function bucketOf(grain: string, col: RawBuilder<unknown>): RawBuilder<string> {
  if (grain === 'h') return sql`substr(${col}, 1, 13)`;
  if (grain === 'd') return sql`substr(${col}, 1, 10)`;
  if (grain === 'm') return sql`substr(${col}, 1, 7)`;
  return sql`substr(${col}, 1, 14) || case when substr(${col}, 15, 2) < '15' then '00' when substr(${col}, 15, 2) < '30' then '15' when substr(${col}, 15, 2) < '45' then '30' else '45' end`;
}

/** referrerHost() of dimensions.ts in SQL: the lower-cased text between the first "://" and "/", "?" or "#". */
function referrerHostSql(pg: boolean): RawBuilder<string> {
  if (pg) return sql`coalesce(lower(substring(referrer from '://([^/?#]*)')), '')`;
  const rest = sql`substr(referrer, instr(referrer, '://') + 3)`;
  return sql`case when instr(referrer, '://') > 0 then lower(substr(${rest}, 1, instr(replace(replace(${rest}, '?', '/'), '#', '/') || '/', '/') - 1)) else '' end`;
}

const GRAINS = ['q', 'h', 'd', 'm'];
/** A bound value with a type PostgreSQL can infer in a select list. */
const text = (v: string) => sql<string>`cast(${v} as text)`;

/**
 * Rolls up the raw scans of every code (or the given workspaces') into empty rollup tables; also
 * the bench's loader. Rows go in one code and one workspace at a time, so no statement holds more
 * than one code's scans.
 */
export async function backfillRollups(db: Kysely<any>, now: Date, workspaceIds?: string[]): Promise<void> {
  const pg = isPostgres(db);
  const dims: Array<[string, RawBuilder<string>]> = [
    ['total', sql`''`], ['country', sql`coalesce(country, '')`], ['device', sql`coalesce(device, '')`], ['os', sql`coalesce(os, '')`],
    ['browser', sql`coalesce(browser, '')`], ['referrer', referrerHostSql(pg)], ['language', sql`coalesce(language, '')`],
    ['destination', sql`coalesce(destination, '')`],
  ];
  const at = sql.ref('scanned_at');
  const recent = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  let q = db.selectFrom('codes').select(['id', 'workspace_id']).orderBy('id');
  if (workspaceIds) q = q.where('workspace_id', 'in', workspaceIds);
  const codes = await q.execute();
  for (const { id } of codes) {
    for (const grain of GRAINS) {
      for (const [name, value] of dims) {
        await sql`insert into scan_rollups (code_id, grain, dimension, bucket, value, scans, humans, visitors, human_visitors)
          select code_id, ${text(grain)}, ${text(name)}, ${bucketOf(grain, at)}, ${value}, count(*), sum(1 - is_bot), 0, 0
          from scans where code_id = ${id} group by code_id, 4, 5`.execute(db);
      }
    }
    await addVisitors(db, 'scan_rollups', 'code_id', text(id), sql`code_id = ${id}`);
    await rememberVisitors(db, text(id), sql`code_id = ${id}`, recent);
  }
  const workspaces = [...new Set(codes.map((c) => c.workspace_id as string))].sort();
  for (const ws of workspaces) {
    const inWorkspace = sql`code_id in (select id from codes where workspace_id = ${ws})`;
    await sql`insert into workspace_rollups (workspace_id, grain, dimension, bucket, value, scans, humans, visitors, human_visitors)
      select ${text(ws)}, grain, dimension, bucket, value, sum(scans), sum(humans), 0, 0 from scan_rollups
      where ${inWorkspace} group by grain, dimension, bucket, value`.execute(db);
    await sql`insert into workspace_rollups (workspace_id, grain, dimension, bucket, value, scans, humans, visitors, human_visitors)
      select ${text(ws)}, grain, 'code', bucket, code_id, scans, humans, 0, 0 from scan_rollups
      where ${inWorkspace} and dimension = 'total'`.execute(db);
    await addVisitors(db, 'workspace_rollups', 'workspace_id', text(ws), inWorkspace);
    await rememberVisitors(db, text(ws), inWorkspace, recent);
  }
}

/** Visitor-days (and human ones), each counted in the bucket of its first scan that UTC day. */
async function addVisitors(db: Kysely<any>, table: string, scopeColumn: string, scope: RawBuilder<unknown>, where: RawBuilder<unknown>) {
  for (const human of [false, true]) {
    const column = human ? 'human_visitors' : 'visitors';
    const first = sql`select min(scanned_at) as scanned_at from scans
      where ${where} and ip_hash is not null ${human ? sql`and is_bot = 0` : sql``}
      group by substr(scanned_at, 1, 10), ip_hash`;
    for (const grain of GRAINS) {
      await sql`insert into ${sql.table(table)} (${sql.ref(scopeColumn)}, grain, dimension, bucket, value, scans, humans, visitors, human_visitors)
        select ${scope}, ${text(grain)}, 'total', ${bucketOf(grain, sql.ref('f.scanned_at'))}, '', 0, 0, ${human ? sql`0, count(*)` : sql`count(*), 0`}
        from (${first}) f where true group by 4
        on conflict (${sql.ref(scopeColumn)}, grain, dimension, bucket, value)
        do update set ${sql.ref(column)} = ${sql.table(table)}.${sql.ref(column)} + excluded.${sql.ref(column)}`.execute(db);
    }
  }
}

/** Recent days' visitor sets, so scans still arriving for them are not counted as new visitors. */
async function rememberVisitors(db: Kysely<any>, scope: RawBuilder<unknown>, where: RawBuilder<unknown>, since: string) {
  await sql`insert into scan_visitors (scope_id, day, human, ip_hash)
    select distinct ${scope}, substr(scanned_at, 1, 10), 0, ip_hash from scans where ${where} and ip_hash is not null and scanned_at >= ${since}`.execute(db);
  await sql`insert into scan_visitors (scope_id, day, human, ip_hash)
    select distinct ${scope}, substr(scanned_at, 1, 10), 1, ip_hash from scans where ${where} and ip_hash is not null and is_bot = 0 and scanned_at >= ${since}`.execute(db);
}
