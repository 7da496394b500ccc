import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type DB } from '../../../db/database.js';
import {
  bucketKey,
  keysOf,
  nextMonth,
  selectionsOf,
  signedSpans,
  startOfKey,
  type Selection,
} from '../rollups/buckets.js';
import type { Grain } from '../rollups/rollups.table.js';
import { coarseValues, edgeValues } from '../rollups/detail.repo.js';
import { inCodeSet, type CodeSet } from './code-set.js';
import { bucketsOf, scanCount, sumParts } from '../rollups/rollup-sums.js';
import type { Dimension } from '../rollups/dimensions.js';

/** Whose scans: a workspace's (its own rollups) or a set of codes' (summed per code). */
export type Scope = { workspaceId: string } | { codes: CodeSet };

export interface Totals {
  scans: number;
  visitors: number;
}

function source(scope: Scope): { table: RawBuilder<unknown>; where: RawBuilder<unknown> } {
  if ('workspaceId' in scope)
    return { table: sql.table('workspace_rollups'), where: sql`workspace_id = ${scope.workspaceId}` };
  return { table: sql.table('scan_rollups'), where: inCodeSet(scope.codes) };
}

/**
 * One index seek per selection (and dimension), glued with UNION ALL: every part reads the
 * primary key (scope, grain, dimension, bucket) at the answer's buckets only, whatever else is
 * stored. `columns` may use `sign`, the selection's 1 or -1.
 */
function parts(
  table: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  selections: Selection[],
  columns: (sign: RawBuilder<unknown>) => RawBuilder<unknown>,
  dimension: RawBuilder<unknown>,
) {
  return selections.flatMap((s) =>
    bucketsOf(s).map(
      (buckets) => sql`select ${columns(sql.lit(s.sign))} from ${table}
    where ${where} and grain = ${s.grain} and ${dimension} and ${buckets}`,
    ),
  );
}

const visitorCount = (bots: boolean) => (bots ? sql`visitors` : sql`human_visitors`);

/**
 * Scans and visitor-days of each range (ranges in UTC ms, multiples of 15 minutes). Each range is
 * a signed sum of buckets (signedSpans); a bucket may count for two neighbouring ranges, added to
 * one and taken from the other (a Berlin day's last UTC hour). The pieces travel as one JSON
 * parameter, each a key range of one grain, and the database sums them per range in one
 * statement: one snapshot, every range its exact count there, and a row a range comes back. Summed
 * here instead, a year of Kolkata days was 6,188 bucket keys built, sent, returned and added up on
 * the event loop (docs/decisions.md D72).
 */
export async function totalsOf(
  db: DB,
  scope: Scope,
  ranges: Array<[number, number]>,
  bots: boolean,
): Promise<Totals[]> {
  const out = ranges.map(() => ({ scans: 0, visitors: 0 }));
  const pieces: Array<{ g: Grain; f: string; l: string; i: number; s: 1 | -1 }> = [];
  ranges.forEach(([a, b], i) => {
    for (const p of signedSpans(a, b))
      pieces.push({ g: p.grain, f: bucketKey(p.grain, p.start), l: bucketKey(p.grain, p.end - 1), i, s: p.sign });
  });
  if (!pieces.length) return out;
  const { table, where } = source(scope);
  const json = JSON.stringify(pieces);
  const scans = scanCount(bots);
  const visitors = visitorCount(bots);
  const piece = sql`r.grain = w.g and r.dimension = 'total' and r.bucket between w.f and w.l and ${where}`;
  // Each piece one seek of the key. PostgreSQL is told so by LATERAL: joined freely, it hashed the
  // code's rows on grain alone and compared every bucket with every piece (3.8 s for a year of
  // Kolkata days); SQLite has no LATERAL, and its CROSS JOIN keeps the pieces as the outer loop.
  const { rows } = isPostgres(db)
    ? await sql<{ i: number; scans: number; visitors: number }>`
      select w.i, sum(w.s * x.scans) as scans, sum(w.s * x.visitors) as visitors
      from json_to_recordset(${json}::json) as w(g text, f text, l text, i int, s int)
      cross join lateral (select coalesce(sum(r.${scans}), 0) as scans, coalesce(sum(r.${visitors}), 0) as visitors
        from ${table} r where ${piece}) x
      group by w.i`.execute(db)
    : await sql<{ i: number; scans: number; visitors: number }>`
      select w.i as i, sum(w.s * r.${scans}) as scans, sum(w.s * r.${visitors}) as visitors
      from (select value ->> '$.g' as g, value ->> '$.f' as f, value ->> '$.l' as l, value ->> '$.i' as i,
        value ->> '$.s' as s from json_each(${json})) as w
      cross join ${table} r where ${piece} group by w.i`.execute(db);
  for (const r of rows) {
    out[Number(r.i)].scans = Number(r.scans);
    out[Number(r.i)].visitors = Number(r.visitors);
  }
  return out;
}

/** The UTC months a selection's buckets fall in. */
function monthsOf(sel: Selection): string[] {
  if (sel.keys) return [...new Set(sel.keys.map((k) => k.slice(0, 7)))];
  const start = startOfKey('m', sel.first.slice(0, 7));
  return keysOf({ grain: 'm', start, end: nextMonth(startOfKey('m', sel.last.slice(0, 7))) });
}

export interface Bucket {
  key: string | null;
  scans: number;
}

/**
 * The top `limit` values of each dimension over [from, to), most scans first ('' stored = null).
 * [from, to) is a signed sum of buckets (signedSpans). Codes' dimensions over day and month pieces
 * come from coarseValues() (day and month cells where the month keeps them, else the raw scans) and
 * over sub-day pieces from edgeValues() (quarter cells where the hour is detailed, else the
 * raw scans). A workspace's dimensions read its own cells of every grain; its top codes its month
 * `code` cells, and their shorter pieces the `total` rows of the codes those cells name.
 */
export async function topValues(
  db: DB,
  scope: Scope,
  from: number,
  to: number,
  dimensions: string[],
  bots: boolean,
  limit: number,
): Promise<Map<string, Bucket[]>> {
  const out = new Map<string, Bucket[]>(dimensions.map((d) => [d, []]));
  const pieces = signedSpans(from, to);
  if (!pieces.length || !dimensions.length) return out;
  const sums = new Map<string, Map<string, number>>(dimensions.map((d) => [d, new Map()]));
  const add = (dimension: string, value: string, scans: number) => {
    const m = sums.get(dimension)!;
    m.set(value, (m.get(value) ?? 0) + scans);
  };
  const { table, where } = source(scope);
  const plain = dimensions.filter((d) => d !== 'code');
  const cells = (d: string, selections: Selection[]) =>
    parts(
      table,
      where,
      selections,
      (sign) => sql`dimension, value, ${sign} * ${scanCount(bots)} as scans`,
      sql`dimension = ${d}`,
    );
  // A workspace's or a code's `total` rows as the 'code' dimension: each code's scans.
  const codeTotals = (codes: RawBuilder<unknown>, selections: Selection[]) =>
    parts(
      sql.table('scan_rollups'),
      codes,
      selections,
      (sign) => sql`'code' as dimension, code_id as value, ${sign} * ${scanCount(bots)} as scans`,
      sql`dimension = 'total'`,
    );
  // Breakdowns and top codes (the most rows: every code at every bucket) are separate statements,
  // top codes one a grain, run at once: on PostgreSQL each has its own connection and core (SQLite
  // runs them one after the other on its one connection).
  const plainParts: RawBuilder<unknown>[] = [];
  const codeParts: RawBuilder<unknown>[][] = [];
  // One part per dimension: PostgreSQL does not seek `dimension in (…)` on the key, it would read
  // every dimension's rows of the grain.
  if ('codes' in scope) {
    if (dimensions.includes('code')) codeParts.push(...selectionsOf(pieces).map((sel) => codeTotals(where, [sel])));
  } else {
    const selections = selectionsOf(pieces);
    for (const d of plain) plainParts.push(...cells(d, selections));
    if (dimensions.includes('code')) {
      // A workspace keeps one `code` cell a code and month (docs/decisions.md D54). Whole months
      // read them; shorter pieces read the `total` rows of the codes those cells name for the
      // months the piece falls in, so a sparse workspace seeks a few codes, not all of them.
      for (const sel of selections) {
        if (sel.grain === 'm') codeParts.push(cells('code', [sel]));
        else
          codeParts.push(
            codeTotals(
              sql`code_id in (select value from workspace_rollups where workspace_id = ${scope.workspaceId}
            and grain = 'm' and dimension = 'code' and bucket in (${sql.join(monthsOf(sel))}))`,
              [sel],
            ),
          );
      }
    }
  }
  await Promise.all([
    sumParts(db, plainParts, add),
    ...codeParts.map((parts) => sumParts(db, parts, add)),
    ...('codes' in scope
      ? [edgeValues, coarseValues].map((read) =>
          read(db, { codeSet: scope.codes, pieces, dimensions: plain as Dimension[], bots }, add),
        )
      : []),
  ]);
  for (const [d, m] of sums) {
    const list = [...m].filter(([, n]) => n > 0).map(([value, scans]) => ({ key: value === '' ? null : value, scans }));
    list.sort((a, b) => b.scans - a.scans || String(a.key ?? '').localeCompare(String(b.key ?? '')));
    out.set(d, list.slice(0, limit));
  }
  return out;
}
