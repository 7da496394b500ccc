import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from './dialect.js';

// Scan rollups (docs/analytics.md): counters per code and per workspace, per UTC bucket of four
// grains, per dimension value, written in the scan flush's transaction; and the recent visitor-day
// sets that decide unique visitors. Existing raw scans are rolled up here, one workspace at a time,
// in SQL on both databases.

const counters = (t: any) =>
  t
    .addColumn('scans', 'integer', (c: any) => c.notNull())
    .addColumn('humans', 'integer', (c: any) => c.notNull())
    .addColumn('visitors', 'integer', (c: any) => c.notNull())
    .addColumn('human_visitors', 'integer', (c: any) => c.notNull());

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const rowid = (t: any) => (pg ? t : t.modifyEnd(sql`without rowid`));
  await db.schema
    .createTable('scan_rollups')
    .addColumn('code_id', 'text', (c) => c.notNull())
    .addColumn('grain', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .$call(counters)
    .addPrimaryKeyConstraint('scan_rollups_pk', ['code_id', 'grain', 'dimension', 'bucket', 'value'])
    .$call(rowid)
    .execute();
  await db.schema
    .createTable('workspace_rollups')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('grain', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .$call(counters)
    .addPrimaryKeyConstraint('workspace_rollups_pk', ['workspace_id', 'grain', 'dimension', 'bucket', 'value'])
    .$call(rowid)
    .execute();
  await db.schema
    .createTable('scan_visitors')
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('human', 'integer', (c) => c.notNull())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_visitors_pk', ['scope_id', 'day', 'human', 'ip_hash'])
    .$call(rowid)
    .execute();
  // The visitor sets of this migration's time: a row per set (migration 0037 made it one row with a flag).
  await backfillRollups(db, new Date(), undefined, 'pair');
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['scan_visitors', 'workspace_rollups', 'scan_rollups']) await db.schema.dropTable(t).execute();
}

/** The UTC bucket of an ISO time column at each grain; quarterOf() in buckets.ts does the same. */
export function bucketOf(grain: string, col: RawBuilder<unknown>): RawBuilder<string> {
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

/**
 * The seven breakdowns of a raw scan `s` in SQL: `dimList` is a derived table `dim` of their names to
 * cross join with, `dimValue` the scan's value of `dim.name` ('' for unknown), as dimensions.ts
 * computes them. Migration 0040 reads it too.
 */
export function breakdownSql(pg: boolean) {
  const dims: Array<[string, RawBuilder<string>]> = [
    ['country', sql`coalesce(country, '')`],
    ['device', sql`coalesce(device, '')`],
    ['os', sql`coalesce(os, '')`],
    ['browser', sql`coalesce(browser, '')`],
    ['referrer', referrerHostSql(pg)],
    ['language', sql`coalesce(language, '')`],
    ['destination', sql`coalesce(destination, '')`],
  ];
  // Every scan once per dimension: a cross join with the dimension names, the value picked by name.
  const dimList = sql`(${sql.join(
    dims.map(([n]) => sql`select ${sql.lit(n)} as name`),
    sql` union all `,
  )}) dim`;
  const dimValue = sql`case dim.name ${sql.join(
    dims.map(([n, v]) => sql`when ${sql.lit(n)} then ${v}`),
    sql` `,
  )} end`;
  return { dimList, dimValue };
}

/** Length of a bucket key at each grain above the quarter: its prefix of the finer key. */
const KEY_LENGTH: Record<string, number> = { h: 13, d: 10, m: 7 };
/** Below this many scans a code's hour keeps no quarter or hour dimension cells (DENSE_HOUR, rollups.table.ts). */
const DENSE_HOUR = 60;
/** A bound value with a type PostgreSQL can infer in a select list. */
const text = (v: string) => sql<string>`cast(${v} as text)`;

const COLUMNS = sql`grain, dimension, bucket, value, scans, humans, visitors, human_visitors`;

/**
 * Rolls up the raw scans of every code (or the given workspaces') into empty rollup tables, in
 * the scheme the flush writes (docs/analytics.md); also the bench's loader. Set-based: a handful
 * of `insert … select … group by` a workspace, each grain built from the finer one where it can.
 * Tests and benchmarks call it on the current schema, whose visitor-day rows carry a `human` flag
 * (`'flag'`); this migration itself writes the two sets of its time (`'pair'`).
 */
export async function backfillRollups(
  db: Kysely<any>,
  now: Date,
  workspaceIds?: string[],
  visitorRows: VisitorRows = 'flag',
): Promise<void> {
  const pg = isPostgres(db);
  const { dimList, dimValue } = breakdownSql(pg);
  const at = sql.ref('s.scanned_at');
  const recent = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  let q = db.selectFrom('codes').select('workspace_id').distinct().orderBy('workspace_id');
  if (workspaceIds) q = q.where('workspace_id', 'in', workspaceIds);
  for (const { workspace_id: ws } of await q.execute()) {
    const inWs = sql`code_id in (select id from codes where workspace_id = ${ws})`;
    const sInWs = sql`s.code_id in (select id from codes where workspace_id = ${ws})`;
    const codeRows = (body: RawBuilder<unknown>) =>
      sql`insert into scan_rollups (code_id, ${COLUMNS}) ${body}`.execute(db);
    const wsRows = (body: RawBuilder<unknown>) =>
      sql`insert into workspace_rollups (workspace_id, ${COLUMNS}) ${body}`.execute(db);
    // Per code: totals of every grain; dimensions by day and month; quarters and hours of the
    // dimensions only in dense hours.
    await codeRows(sql`select s.code_id, 'q', 'total', ${bucketOf('q', at)}, '', count(*), sum(1 - is_bot), 0, 0
      from scans s where ${sInWs} group by s.code_id, 4`);
    await codeRows(sql`select s.code_id, 'd', dim.name, ${bucketOf('d', at)}, ${dimValue}, count(*), sum(1 - is_bot), 0, 0
      from scans s cross join ${dimList} where ${sInWs} group by s.code_id, 3, 4, 5`);
    for (const [finer, grain] of [
      ['q', 'h'],
      ['h', 'd'],
      ['d', 'm'],
    ]) {
      const dimension = grain === 'm' ? sql`true` : sql`dimension = 'total'`;
      await codeRows(sql`select code_id, ${sql.lit(grain)}, dimension, substr(bucket, 1, ${sql.lit(KEY_LENGTH[grain])}), value, sum(scans), sum(humans), 0, 0
        from scan_rollups where ${inWs} and grain = ${sql.lit(finer)} and ${dimension} group by code_id, 3, 4, 5`);
    }
    await codeRows(sql`select s.code_id, 'q', dim.name, ${bucketOf('q', at)}, ${dimValue}, count(*), sum(1 - is_bot), 0, 0
      from scan_rollups t join scans s on s.code_id = t.code_id and substr(s.scanned_at, 1, 13) = t.bucket cross join ${dimList}
      where t.code_id in (select id from codes where workspace_id = ${ws})
        and t.grain = 'h' and t.dimension = 'total' and t.scans >= ${sql.lit(DENSE_HOUR)} group by s.code_id, 3, 4, 5`);
    await codeRows(sql`select code_id, 'h', dimension, substr(bucket, 1, 13), value, sum(scans), sum(humans), 0, 0
      from scan_rollups where ${inWs} and grain = 'q' and dimension <> 'total' group by code_id, 3, 4, 5`);
    await addVisitors(db, 'scan_rollups', 'code_id', sql.ref('code_id'), inWs);
    await rememberVisitors(db, sql.ref('code_id'), inWs, recent, visitorRows);
    // Per workspace: the totals and top codes (hours up) from the codes' totals; the dimensions
    // of every grain from the raw scans' quarters up.
    await wsRows(sql`select ${text(ws)}, grain, 'total', bucket, '', sum(scans), sum(humans), 0, 0
      from scan_rollups where ${inWs} and dimension = 'total' group by grain, bucket`);
    await wsRows(sql`select ${text(ws)}, grain, 'code', bucket, code_id, scans, humans, 0, 0
      from scan_rollups where ${inWs} and dimension = 'total' and grain <> 'q'`);
    await wsRows(sql`select ${text(ws)}, 'q', dim.name, ${bucketOf('q', at)}, ${dimValue}, count(*), sum(1 - is_bot), 0, 0
      from scans s cross join ${dimList} where ${sInWs} group by 3, 4, 5`);
    for (const [finer, grain] of [
      ['q', 'h'],
      ['h', 'd'],
      ['d', 'm'],
    ]) {
      await wsRows(sql`select ${text(ws)}, ${sql.lit(grain)}, dimension, substr(bucket, 1, ${sql.lit(KEY_LENGTH[grain])}), value, sum(scans), sum(humans), 0, 0
        from workspace_rollups where workspace_id = ${ws} and grain = ${sql.lit(finer)} and dimension not in ('total', 'code') group by 3, 4, 5`);
    }
    await addVisitors(db, 'workspace_rollups', 'workspace_id', text(ws), inWs);
    await rememberVisitors(db, text(ws), inWs, recent, visitorRows);
  }
}

/**
 * Visitor-days (and human ones), each counted in the quarter of its first scan that UTC day;
 * hours, days and months then sum the quarters. `scope` a column or a value.
 */
async function addVisitors(
  db: Kysely<any>,
  table: string,
  scopeColumn: string,
  scope: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
) {
  const perCode = scopeColumn === 'code_id';
  const conflict = sql`on conflict (${sql.ref(scopeColumn)}, grain, dimension, bucket, value)`;
  for (const human of [false, true]) {
    const column = human ? 'human_visitors' : 'visitors';
    const first = sql`select ${perCode ? sql`code_id, ` : sql``}min(scanned_at) as scanned_at from scans
      where ${where} and ip_hash is not null ${human ? sql`and is_bot = 0` : sql``}
      group by ${perCode ? sql`code_id, ` : sql``}substr(scanned_at, 1, 10), ip_hash`;
    await sql`insert into ${sql.table(table)} (${sql.ref(scopeColumn)}, grain, dimension, bucket, value, scans, humans, visitors, human_visitors)
      select ${scope}, 'q', 'total', ${bucketOf('q', sql.ref('f.scanned_at'))}, '', 0, 0, ${human ? sql`0, count(*)` : sql`count(*), 0`}
      from (${first}) f where true group by ${perCode ? sql`1, ` : sql``}4
      ${conflict} do update set ${sql.ref(column)} = ${sql.table(table)}.${sql.ref(column)} + excluded.${sql.ref(column)}`.execute(
      db,
    );
  }
  // Every total row of a coarser grain exists already (a visitor comes with a scan) and holds 0 visitors.
  for (const [finer, grain] of [
    ['q', 'h'],
    ['h', 'd'],
    ['d', 'm'],
  ]) {
    await sql`insert into ${sql.table(table)} (${sql.ref(scopeColumn)}, grain, dimension, bucket, value, scans, humans, visitors, human_visitors)
      select ${sql.ref(scopeColumn)}, ${sql.lit(grain)}, 'total', substr(bucket, 1, ${sql.lit(KEY_LENGTH[grain])}), '', 0, 0, sum(visitors), sum(human_visitors)
      from ${sql.table(table)} where ${perCode ? where : sql`workspace_id = ${scope}`} and grain = ${sql.lit(finer)} and dimension = 'total'
      group by 1, 4 having sum(visitors) > 0 or sum(human_visitors) > 0
      ${conflict} do update set visitors = excluded.visitors, human_visitors = excluded.human_visitors`.execute(db);
  }
}

type VisitorRows = 'pair' | 'flag';

/** Recent days' visitor sets, so scans still arriving for them are not counted as new visitors; `scope` a column or a value. */
async function rememberVisitors(
  db: Kysely<any>,
  scope: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  since: string,
  rows: VisitorRows,
) {
  if (rows === 'flag') {
    await sql`insert into scan_visitors (scope_id, day, ip_hash, human)
      select ${scope}, substr(scanned_at, 1, 10), ip_hash, max(case when is_bot = 0 then 1 else 0 end) from scans
      where ${where} and ip_hash is not null and scanned_at >= ${since} group by 1, 2, 3`.execute(db);
    return;
  }
  await sql`insert into scan_visitors (scope_id, day, human, ip_hash)
    select distinct ${scope}, substr(scanned_at, 1, 10), 0, ip_hash from scans where ${where} and ip_hash is not null and scanned_at >= ${since}`.execute(
    db,
  );
  await sql`insert into scan_visitors (scope_id, day, human, ip_hash)
    select distinct ${scope}, substr(scanned_at, 1, 10), 1, ip_hash from scans where ${where} and ip_hash is not null and is_bot = 0 and scanned_at >= ${since}`.execute(
    db,
  );
}
