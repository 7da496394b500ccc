import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { PARTS_PER_COMPOUND, chunked } from '../../db/statement-limits.js';
import { runsOf, startOfKey, type Run } from './buckets.js';
import type { Grain } from './rollups.table.js';
import { edgeValues } from './detail.repo.js';
import type { Dimension } from './dimensions.js';

/** Whose scans: a workspace's (its own rollups) or a set of codes' (summed per code). */
export type Scope = { workspaceId: string } | { codeIds: string[] };

export interface Totals { scans: number; visitors: number }

function source(scope: Scope): { table: RawBuilder<unknown>; where: RawBuilder<unknown> } {
  if ('workspaceId' in scope) return { table: sql.table('workspace_rollups'), where: sql`workspace_id = ${scope.workspaceId}` };
  const ids = scope.codeIds.length ? scope.codeIds : [''];
  return { table: sql.table('scan_rollups'), where: sql`code_id in (${sql.join(ids)})` };
}

/**
 * One indexed range per run of buckets, glued with UNION ALL: every part is a seek on the
 * primary key (scope, grain, dimension, bucket), so the rows read are those of the answer's
 * buckets, whatever else is stored.
 */
function parts(scope: Scope, runs: Run[], columns: RawBuilder<unknown>, dimension: RawBuilder<unknown>) {
  const { table, where } = source(scope);
  return sql.join(runs.map((r) => sql`select ${columns} from ${table}
    where ${where} and grain = ${r.grain} and ${dimension} and bucket between ${r.first} and ${r.last}`), sql` union all `);
}

const counters = (bots: boolean) => (bots ? sql`scans, visitors` : sql`humans as scans, human_visitors as visitors`);

/** Scans and visitor-days of each range (ranges in UTC ms, multiples of 15 minutes). */
export async function totalsOf(db: DB, scope: Scope, ranges: Array<[number, number]>, bots: boolean): Promise<Totals[]> {
  const out = ranges.map(() => ({ scans: 0, visitors: 0 }));
  const runs = runsOf(ranges);
  if (!runs.length) return out;
  // Zones with half-hour offsets make two runs a day: many runs take several compound selects.
  for (const chunk of chunked(runs, PARTS_PER_COMPOUND)) {
    const { rows } = await sql<{ grain: string; bucket: string; scans: number; visitors: number }>`
      select grain, bucket, sum(scans) as scans, sum(visitors) as visitors
      from (${parts(scope, chunk, sql`grain, bucket, ${counters(bots)}`, sql`dimension = 'total'`)}) x group by grain, bucket`.execute(db);
    for (const r of rows) {
      const t = out[rangeAt(ranges, startOfKey(r.grain as Grain, r.bucket))];
      t.scans += Number(r.scans);
      t.visitors += Number(r.visitors);
    }
  }
  return out;
}

/** Index of the range holding `ms` (ranges ascending and disjoint; every bucket read lies in one). */
function rangeAt(ranges: Array<[number, number]>, ms: number): number {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ranges[mid][0] <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Each code's scans over some runs, as the 'code' dimension: its `total` rows. */
const codeTotals = (where: RawBuilder<unknown>, runs: Run[], bots: boolean) => sql<{ dimension: string; value: string; scans: number }>`
  select 'code' as dimension, code_id as value, sum(scans) as scans
  from (${sql.join(runs.map((r) => sql`select code_id, ${counters(bots)} from scan_rollups
    where ${where} and grain = ${r.grain} and dimension = 'total' and bucket between ${r.first} and ${r.last}`), sql` union all `)}) x group by code_id`;

export interface Bucket { key: string | null; scans: number }

/**
 * The top `limit` values of each dimension over [from, to), most scans first ('' stored = null).
 * Codes' dimensions read day and month cells; their sub-day edges come from edgeValues() (quarter
 * and hour cells exist only for detailed hours). A workspace's top codes read hour, day and month
 * cells; their quarter edges come from the codes' own `total` quarter rows.
 */
export async function topValues(db: DB, scope: Scope, from: number, to: number, dimensions: string[], bots: boolean, limit: number): Promise<Map<string, Bucket[]>> {
  const out = new Map<string, Bucket[]>(dimensions.map((d) => [d, []]));
  const runs = runsOf([[from, to]]);
  if (!runs.length || !dimensions.length) return out;
  const sums = new Map<string, Map<string, number>>(dimensions.map((d) => [d, new Map()]));
  const add = (dimension: string, value: string, scans: number) => {
    const m = sums.get(dimension)!;
    m.set(value, (m.get(value) ?? 0) + scans);
  };
  const addRows = async (query: RawBuilder<{ dimension: string; value: string; scans: number }>) => {
    for (const r of (await query.execute(db)).rows) add(r.dimension, r.value, Number(r.scans));
  };
  // One part per dimension: PostgreSQL does not seek `dimension in (…)` on the key, it would read
  // every dimension's rows of the grain.
  const plain = dimensions.filter((d) => d !== 'code');
  const cellRuns = 'codeIds' in scope ? runs.filter((r) => r.grain === 'd' || r.grain === 'm') : runs;
  if (plain.length && cellRuns.length) {
    await addRows(sql`select dimension, value, sum(scans) as scans
      from (${sql.join(plain.map((d) => parts(scope, cellRuns, sql`dimension, value, ${counters(bots)}`, sql`dimension = ${d}`)), sql` union all `)}) x
      group by dimension, value`);
  }
  if ('codeIds' in scope) {
    await edgeValues(db, scope.codeIds, runs, plain as Dimension[], bots, add);
    if (dimensions.includes('code')) await addRows(codeTotals(source(scope).where, runs, bots));
  } else if (dimensions.includes('code')) {
    const quarters = runs.filter((r) => r.grain === 'q');
    const coarser = runs.filter((r) => r.grain !== 'q');
    if (coarser.length) {
      await addRows(sql`select dimension, value, sum(scans) as scans
        from (${parts(scope, coarser, sql`dimension, value, ${counters(bots)}`, sql`dimension = 'code'`)}) x group by dimension, value`);
    }
    if (quarters.length) await addRows(codeTotals(sql`code_id in (select id from codes where workspace_id = ${scope.workspaceId})`, quarters, bots));
  }
  for (const [d, m] of sums) {
    const list = [...m].filter(([, n]) => n > 0).map(([value, scans]) => ({ key: value === '' ? null : value, scans }));
    list.sort((a, b) => b.scans - a.scans || String(a.key ?? '').localeCompare(String(b.key ?? '')));
    out.set(d, list.slice(0, limit));
  }
  return out;
}
