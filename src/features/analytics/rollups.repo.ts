import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { runsOf, startOfKey, type Run } from './buckets.js';
import type { Grain } from './rollups.table.js';

type Db = Kysely<Database>;

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

const PARTS = 200;

const counters = (bots: boolean) => (bots ? sql`scans, visitors` : sql`humans as scans, human_visitors as visitors`);

/** Scans and visitor-days of each range (ranges in UTC ms, multiples of 15 minutes). */
export async function totalsOf(db: Db, scope: Scope, ranges: Array<[number, number]>, bots: boolean): Promise<Totals[]> {
  const out = ranges.map(() => ({ scans: 0, visitors: 0 }));
  const runs = runsOf(ranges);
  if (!runs.length) return out;
  // SQLite allows 500 terms in a compound select; zones with half-hour offsets make two runs a day.
  for (let i = 0; i < runs.length; i += PARTS) {
    const { rows } = await sql<{ grain: string; bucket: string; scans: number; visitors: number }>`
      select grain, bucket, sum(scans) as scans, sum(visitors) as visitors
      from (${parts(scope, runs.slice(i, i + PARTS), sql`grain, bucket, ${counters(bots)}`, sql`dimension = 'total'`)}) x group by grain, bucket`.execute(db);
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

export interface Bucket { key: string | null; scans: number }

/** The top `limit` values of each dimension over [from, to), most scans first ('' stored = null). */
export async function topValues(db: Db, scope: Scope, from: number, to: number, dimensions: string[], bots: boolean, limit: number): Promise<Map<string, Bucket[]>> {
  const out = new Map<string, Bucket[]>(dimensions.map((d) => [d, []]));
  const runs = runsOf([[from, to]]);
  if (!runs.length || !dimensions.length) return out;
  let rows: Array<{ dimension: string; value: string; scans: number }>;
  const codeScope = !('workspaceId' in scope);
  const plain = dimensions.filter((d) => !(codeScope && d === 'code'));
  rows = plain.length ? (await sql<{ dimension: string; value: string; scans: number }>`
    select dimension, value, sum(scans) as scans
    from (${parts(scope, runs, sql`dimension, value, ${counters(bots)}`, sql`dimension in (${sql.join(plain)})`)}) x
    group by dimension, value`.execute(db)).rows : [];
  if (codeScope && dimensions.includes('code')) {
    // Codes' own rollups: each code's total is the 'code' dimension.
    rows = rows.concat((await sql<{ dimension: string; value: string; scans: number }>`
      select 'code' as dimension, code_id as value, sum(scans) as scans
      from (${parts(scope, runs, sql`code_id, ${counters(bots)}`, sql`dimension = 'total'`)}) x group by code_id`.execute(db)).rows);
  }
  for (const r of rows) if (Number(r.scans) > 0) out.get(r.dimension)!.push({ key: r.value === '' ? null : r.value, scans: Number(r.scans) });
  for (const [d, list] of out) {
    list.sort((a, b) => b.scans - a.scans || String(a.key ?? '').localeCompare(String(b.key ?? '')));
    out.set(d, list.slice(0, limit));
  }
  return out;
}
