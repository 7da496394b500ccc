import { sql, type ExpressionBuilder, type InsertQueryBuilder, type InsertResult, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { PARTS_PER_COMPOUND, chunked } from '../../../db/statement-limits.js';
import { bulkWrite, type BulkFinish } from '../../../db/bulk-insert.js';
import { idFloor } from '../../../lib/ids.js';
import type { ScanRow } from '../scans.table.js';
import { HOUR, QUARTER, bucketKey, nextMonth, selectionOf, selectionsOf, startOfKey, type Piece } from './buckets.js';
import { DIMENSION_NAMES, SOURCE_COLUMN, valueOf, type Dimension } from './dimensions.js';
import { coarseCellsOf, fineCellsOf, sortCells, type CodeCell } from './rollup-rows.js';
import { DENSE_MONTH } from './rollups.table.js';
import { bucketsOf, scanCount, summed } from './rollup-sums.js';
import { inCodeSet, type CodeSet } from '../reads/code-set.js';

/** A code's raw scans in [start, end): a range of the (code_id, id) key, ids being time-ordered (the scans feature's scan-id.ts). */
export function rawScans(db: DB, codeId: string, start: number, end: number) {
  return db
    .selectFrom('scans')
    .selectAll()
    .where('code_id', '=', codeId)
    .where('id', '>=', idFloor('scn', start))
    .where('id', '<', idFloor('scn', end));
}

/** Per-code rollup cells added to (sorted by key by the caller: a fixed lock order). */
const adding = (insert: InsertQueryBuilder<Database, 'scan_rollups', InsertResult>) =>
  insert.onConflict((oc) =>
    oc.columns(['code_id', 'grain', 'dimension', 'bucket', 'value']).doUpdateSet(addCounters('scan_rollups')),
  );

/** The same, returning each `total` cell's new counts. */
const addingTotals: BulkFinish<'scan_rollups', TotalCounts> = (insert) =>
  adding(insert).returning(['code_id', 'grain', 'bucket', 'scans', 'detailed']);

interface TotalCounts {
  code_id: string;
  grain: string;
  bucket: string;
  scans: number;
  detailed: number;
}

/** Upserts per-code rollup cells, adding the counters. */
export async function upsertCodeCells(db: DB, cells: CodeCell[]): Promise<void> {
  await bulkWrite(db, 'scan_rollups', cells, adding);
}

/**
 * Upserts per-code `total` cells and returns each one's new counts: the flush reads from them which
 * hours turned detailed and which months dense. Only totals come back: returning every dimension
 * cell too made the database send, and the driver parse, a row a cell (30,000 uniform scans
 * written 3,000 at a time on SQLite: the writer's CPU a scan fell from about 153 to 141 µs).
 */
export const upsertTotals = (db: DB, cells: CodeCell[]): Promise<TotalCounts[]> =>
  bulkWrite(db, 'scan_rollups', cells, addingTotals);

export function addCounters(table: 'scan_rollups' | 'workspace_rollups') {
  return (eb: any) => ({
    scans: eb(`${table}.scans`, '+', eb.ref('excluded.scans')),
    humans: eb(`${table}.humans`, '+', eb.ref('excluded.humans')),
    visitors: eb(`${table}.visitors`, '+', eb.ref('excluded.visitors')),
    human_visitors: eb(`${table}.human_visitors`, '+', eb.ref('excluded.human_visitors')),
  });
}

/**
 * Whether a `total` hour row says the hour's quarter cells of the dimensions are stored: marked by
 * the flush in the transaction that reaches DENSE_HOUR and builds them, by retention before it
 * deletes a sparse hour's raw scans, by migrations 0015 and 0043 on the hours stored before. The
 * mark, not the count, decides: during a rolling upgrade an older instance may take an unmarked
 * hour past DENSE_HOUR adding only its batch's cells, and such an hour is read from its raw scans
 * until a flush or retention rebuilds and marks it (docs/decisions.md D53).
 */
export const isDetailed = (row: { detailed: number | string }) => Number(row.detailed) === 1;

/**
 * The quarter cells of the dimensions of some of a code's UTC hours, counted from their raw scans,
 * in place of any stored: during an upgrade an instance of a version before docs/decisions.md D53
 * adds cells to unmarked hours from 60 scans on.
 */
export async function fineCellsFromRaw(db: DB, codeId: string, hours: string[]): Promise<CodeCell[]> {
  // One key range a dimension (`in`, not `<> 'total'`, which would walk every quarter cell of the code).
  for (const hour of hours)
    await db
      .deleteFrom('scan_rollups')
      .where('code_id', '=', codeId)
      .where('grain', '=', 'q')
      .where('dimension', 'in', DIMENSION_NAMES)
      .where('bucket', '>=', `${hour}:00`)
      .where('bucket', '<=', `${hour}:45`)
      .execute();
  const rows: ScanRow[] = [];
  for (const hour of [...hours].sort()) {
    const start = startOfKey('h', hour);
    rows.push(...(await rawScans(db, codeId, start, start + HOUR).execute()));
  }
  return fineCellsOf(rows);
}

/**
 * A code's month cells of every dimension (not `total`), summed from its day cells of that month
 * as they stand in this transaction. The flush calls it when a month turns dense, before it adds
 * the batch's own day cells, and adds the batch's month cells to what it returns.
 */
export async function monthCellsFromDays(db: DB, codeId: string, month: string): Promise<CodeCell[]> {
  const rows = await db
    .selectFrom('scan_rollups')
    .select(['dimension', 'value'])
    .select((eb) => [
      eb.fn.sum<number>('scans').as('scans'),
      eb.fn.sum<number>('humans').as('humans'),
      eb.fn.sum<number>('visitors').as('visitors'),
      eb.fn.sum<number>('human_visitors').as('human_visitors'),
    ])
    .where('code_id', '=', codeId)
    .where('grain', '=', 'd')
    .where('dimension', '<>', 'total')
    .where('bucket', '>=', `${month}-01`)
    .where('bucket', '<=', `${month}-31`)
    .groupBy(['dimension', 'value'])
    .execute();
  return rows.map((r) => ({
    code_id: codeId,
    grain: 'm',
    bucket: month,
    dimension: r.dimension,
    value: r.value,
    scans: Number(r.scans),
    humans: Number(r.humans),
    visitors: Number(r.visitors),
    human_visitors: Number(r.human_visitors),
  }));
}

/** Whether a `total` month row has DENSE_MONTH scans: from there a month keeps month cells (docs/decisions.md D40). */
export const isDenseMonth = (row: { scans: number | string }) => Number(row.scans) >= DENSE_MONTH;

/**
 * Whether a `total` month row says its cells of the breakdowns are the record (`detailed = 1`): its
 * day cells, and month cells once dense, are complete. The flush sets it as a month turns dense,
 * retention before it deletes a month's raw scans, migration 0040 on the months stored before.
 * Otherwise the month's raw scans are all there, and they are read instead (docs/decisions.md D42).
 */
export const keepsCells = (row: { detailed: number | string }) => Number(row.detailed) === 1;

/** Marks a code's month as keeping its cells (keepsCells), or its hour as detailed (isDetailed). */
export async function markDetailed(db: DB, codeId: string, grain: 'h' | 'm', bucket: string): Promise<void> {
  await db
    .updateTable('scan_rollups')
    .set({ detailed: 1 })
    .where('code_id', '=', codeId)
    .where('grain', '=', grain)
    .where('dimension', '=', 'total')
    .where('value', '=', '')
    .where('bucket', '=', bucket)
    .execute();
}

/**
 * A code's day and month cells of every dimension (not `total`) of one UTC month, counted from its
 * raw scans: a month turning dense has fewer than DENSE_MONTH and a batch of them.
 */
export async function monthCellsFromRaw(db: DB, codeId: string, month: string): Promise<CodeCell[]> {
  const start = startOfKey('m', month);
  return coarseCellsOf(await rawScans(db, codeId, start, nextMonth(start)).execute());
}

/**
 * Deletes a code's month cells of every dimension (not `total`) of one UTC month, and its day cells
 * of that month too when `days`.
 */
export async function clearMonthCells(db: DB, codeId: string, month: string, days = false): Promise<void> {
  await db
    .deleteFrom('scan_rollups')
    .where('code_id', '=', codeId)
    .where('dimension', '<>', 'total')
    .where((eb) =>
      eb.or([
        eb.and([eb('grain', '=', 'm'), eb('bucket', '=', month)]),
        ...(days
          ? [eb.and([eb('grain', '=', 'd'), eb('bucket', '>=', `${month}-01`), eb('bucket', '<=', `${month}-31`)])]
          : []),
      ]),
    )
    .execute();
}

/**
 * Before a code's raw scans of some UTC months go away, stores the cells of those not yet keeping
 * them (keepsCells, docs/decisions.md D42) from their raw scans, in place of any an instance of an
 * older version left, and marks them detailed: day cells, and month cells where the month is
 * dense. Call inside a transaction: the months are claimed by flipping `detailed` first, so of two
 * instances doing the same, the second (waiting on the row lock on PostgreSQL) finds nothing to
 * claim and adds nothing twice. A month not keeping its cells is sparse but for one an older
 * instance made dense during an upgrade.
 */
export async function detailMonths(db: DB, codeId: string, firstMonth: string, lastMonth: string) {
  const cells: CodeCell[] = [];
  for (const { bucket, scans } of await claim(db, codeId, 'm', firstMonth, lastMonth)) {
    await clearMonthCells(db, codeId, bucket, true);
    const dense = isDenseMonth({ scans });
    cells.push(...(await monthCellsFromRaw(db, codeId, bucket)).filter((c) => dense || c.grain === 'd'));
  }
  await upsertCodeCells(db, await sortCells(cells));
}

/**
 * Flips `detailed` on a code's `total` rows of one grain in [first, last] that do not have it, at
 * most `limit`, oldest first, and returns them in order.
 */
async function claim(db: DB, codeId: string, grain: 'h' | 'm', first: string, last: string, limit?: number) {
  const open = (eb: ExpressionBuilder<Database, 'scan_rollups'>) =>
    eb.and([
      eb('code_id', '=', codeId),
      eb('grain', '=', grain),
      eb('dimension', '=', 'total'),
      eb('detailed', '=', 0),
    ]);
  const candidates = db
    .selectFrom('scan_rollups')
    .select('bucket')
    .where(open)
    .where('bucket', '>=', first)
    .where('bucket', '<=', last)
    .orderBy('bucket');
  const claimed = await db
    .updateTable('scan_rollups')
    .set({ detailed: 1 })
    .where(open)
    .where('bucket', 'in', limit === undefined ? candidates : candidates.limit(limit))
    .returning(['bucket', 'scans'])
    .execute();
  return claimed.sort((a, b) => (a.bucket < b.bucket ? -1 : 1));
}

/**
 * Before a code's raw scans of [firstHour, lastHour] (UTC hour keys) go away, stores the quarter
 * dimension cells of its unmarked hours there (sparse, but for one an older instance took past
 * DENSE_HOUR during an upgrade) from their raw scans and marks them detailed, at most `limit` hours
 * (all when omitted). Call inside a transaction: the hours are claimed by flipping `detailed`
 * first, so of two instances doing the same, the second (waiting on the row lock on PostgreSQL)
 * finds nothing to claim and adds nothing twice. Returns the hours detailed.
 */
export async function detailSparseHours(
  db: DB,
  codeId: string,
  firstHour: string,
  lastHour: string,
  limit?: number,
): Promise<number> {
  const claimed = (await claim(db, codeId, 'h', firstHour, lastHour, limit)).map((c) => c.bucket);
  if (!claimed.length) return 0;
  await upsertCodeCells(db, await sortCells(await fineCellsFromRaw(db, codeId, claimed)));
  return claimed.length;
}

/**
 * The raw scans of some codes' key ranges (bots only when asked) counted per dimension value, each
 * signed as its range, handed to `add`. The database groups them by each dimension's column and the
 * flush's own dimension functions map each group's value (dimensions.ts), so they count alike and a
 * sparse hour costs a row a value, not a row a scan.
 */
async function countRaw(
  db: DB,
  ranges: Array<{ codeId: string; start: number; end: number; sign: 1 | -1 }>,
  { bots, dimensions }: Pick<BreakdownQuery, 'bots' | 'dimensions'>,
  add: AddValue,
) {
  const columns = sql.join([...new Set(dimensions.map((d) => SOURCE_COLUMN[d]))].map((c) => sql.ref(c)));
  for (const chunk of chunked(ranges, PARTS_PER_COMPOUND)) {
    const parts = chunk.map(
      (r) => sql`select ${sql.lit(r.sign)} as sign, ${columns} from scans where code_id = ${r.codeId}
      and id >= ${idFloor('scn', r.start)} and id < ${idFloor('scn', r.end)}${bots ? sql`` : sql` and is_bot = 0`}`,
    );
    const groups = dimensions.map((d) => {
      const column = sql.ref(SOURCE_COLUMN[d]);
      return sql`select ${sql.lit(d)} as name, ${column} as value, sum(sign) as scans from s group by ${column}`;
    });
    const { rows } = await sql<{ name: Dimension; value: string | null; scans: number }>`with s as (${sql.join(
      parts,
      sql` union all `,
    )}) ${sql.join(groups, sql` union all `)}`.execute(db);
    for (const r of rows) add(r.name, valueOf(r.name, r.value) ?? '', Number(r.scans));
  }
}

/** Some codes' breakdowns over the pieces of a range: which dimensions, bots counted or not. */
export interface BreakdownQuery {
  codeSet: CodeSet;
  pieces: Piece[];
  dimensions: Dimension[];
  bots: boolean;
}

/** Where a breakdown read hands each (dimension, value, signed scans) it counts. */
export type AddValue = (dimension: string, value: string, scans: number) => void;

/**
 * One statement: the cells' sums per dimension value, handed to `add`, and some `total` rows (each
 * selected as kind, name = code, value = bucket, scans, detailed), returned. One snapshot, so the
 * rows say exactly which buckets the summed cells covered.
 */
async function cellsAndTotals(db: DB, cells: RawBuilder<unknown>[], totals: RawBuilder<unknown>[], add: AddValue) {
  const { rows } = await sql<{ kind: string; name: string; value: string; scans: number; detailed: number | null }>`
    select 'cell' as kind, dimension as name, value, scans, null as detailed from (${summed(cells)}) s
    union all ${sql.join(totals, sql` union all `)}`.execute(db);
  const out: Array<{ name: string; value: string; scans: number; detailed: number }> = [];
  for (const r of rows) {
    if (r.kind === 'cell') add(r.name, r.value, Number(r.scans));
    else out.push({ name: r.name, value: r.value, scans: Number(r.scans), detailed: Number(r.detailed ?? 0) });
  }
  return out;
}

/**
 * Scans per dimension value of some codes over the sub-day pieces (quarter and hour, signed) of a
 * range, added to `add`: per code and UTC hour, from the quarter cells of the dimensions where the
 * hour is detailed, else from the hour's raw scans (fewer than DENSE_HOUR), counted with the same
 * dimension functions as the flush. A flush writes an hour's cells in the transaction that marks it
 * detailed, so in one snapshot a marked hour's cells are complete; one statement sums the pieces'
 * cells of marked hours only (an older instance may leave cells on an unmarked one during an
 * upgrade, docs/decisions.md D53) and returns their hours' `total` rows, and only the sparse hours
 * among them cost a second statement, of raw scans. Hours without a `total` row had no scans and are skipped. A
 * range's sub-day pieces span at most about 13 hours at each end (signedSpans), so a code costs at
 * most about 26 sparse hours of raw rows, whatever its traffic.
 */
export async function edgeValues(db: DB, { codeSet, pieces, dimensions, bots }: BreakdownQuery, add: AddValue) {
  const edges = pieces.filter((p) => p.grain === 'q' || p.grain === 'h');
  if (!edges.length || !dimensions.length || ('ids' in codeSet && !codeSet.ids.length)) return;
  const codes = inCodeSet(codeSet);
  const hours = edges.map(
    (e) => sql`select 'hour' as kind, code_id as name, bucket as value, scans, detailed from scan_rollups
    where ${codes} and grain = 'h' and dimension = 'total' and bucket between ${bucketKey('h', e.start)} and ${bucketKey('h', e.end - 1)}`,
  );
  // An hour piece sums its quarters: detailed hours keep no hour cells of the dimensions (docs/decisions.md D51).
  const cells = edges.flatMap((e) =>
    dimensions.map(
      (d) => sql`select dimension, value, ${sql.lit(e.sign)} * ${scanCount(bots)} as scans
    from scan_rollups c where ${codes} and grain = 'q' and dimension = ${d}
    and bucket between ${bucketKey('q', e.start)} and ${bucketKey('q', e.end - QUARTER)}
    and exists (select 1 from scan_rollups t where t.code_id = c.code_id and t.grain = 'h' and t.dimension = 'total'
      and t.value = '' and t.bucket = substr(c.bucket, 1, 13) and t.detailed = 1)`,
    ),
  );
  // Each code's sparse hours among them.
  const sparse = new Map<string, Set<string>>();
  for (const r of await cellsAndTotals(db, cells, hours, add)) {
    if (!isDetailed(r)) {
      const known = sparse.get(r.name);
      if (known) known.add(r.value);
      else sparse.set(r.name, new Set([r.value]));
    }
  }
  if (!sparse.size) return;
  type Span = { codeId: string; start: number; end: number; sign: 1 | -1 };
  const raw: Span[] = [];
  for (const [codeId, sparseHours] of sparse) {
    for (const e of edges) {
      for (let h = Math.floor(e.start / HOUR) * HOUR; h < e.end; h += HOUR) {
        if (!sparseHours.has(bucketKey('h', h))) continue;
        const span = { codeId, start: Math.max(e.start, h), end: Math.min(e.end, h + HOUR), sign: e.sign };
        const last = raw[raw.length - 1];
        if (last && last.codeId === codeId && last.end === span.start && last.sign === span.sign) last.end = span.end;
        else raw.push(span);
      }
    }
  }
  await countRaw(db, raw, { bots, dimensions }, add);
}

/**
 * Scans per dimension value of some codes over the day and month pieces (signed) of a range, added
 * to `add` (docs/decisions.md D42). Per code and UTC month: where its `total` month row says it
 * keeps its cells (keepsCells), day pieces read day cells and month pieces month cells (dense) or
 * the month's day cells (sparse); elsewhere the month's raw scans are all there, fewer than
 * DENSE_MONTH but during an upgrade, and are counted with the same dimension functions as the
 * flush. A flush stores a month's cells in the transaction that marks it, and retention likewise,
 * so one statement sums the cells and returns the months' `total` rows, and only the raw months
 * among them cost a second statement.
 */
export async function coarseValues(db: DB, { codeSet, pieces, dimensions, bots }: BreakdownQuery, add: AddValue) {
  const coarse = pieces.filter((p) => p.grain === 'd' || p.grain === 'm');
  if (!coarse.length || !dimensions.length || ('ids' in codeSet && !codeSet.ids.length)) return;
  const codes = inCodeSet(codeSet);
  const count = scanCount(bots);
  const cells: RawBuilder<unknown>[] = [];
  for (const s of selectionsOf(coarse)) {
    for (const buckets of bucketsOf(s)) {
      for (const d of dimensions) {
        if (s.grain === 'd') {
          cells.push(sql`select dimension, value, ${sql.lit(s.sign)} * ${count} as scans from scan_rollups c
            where ${codes} and grain = 'd' and dimension = ${d} and ${buckets} and exists (select 1 from scan_rollups t
              where t.code_id = c.code_id and t.grain = 'm' and t.dimension = 'total' and t.value = ''
              and t.bucket = substr(c.bucket, 1, 7) and t.detailed = 1)`);
          continue;
        }
        // A dense month's own cells, or a detailed sparse month's day cells: below DENSE_MONTH no
        // month cells are kept (docs/decisions.md D40).
        for (const dense of [true, false]) {
          const months = sql`select code_id, bucket from scan_rollups where ${codes} and grain = 'm' and dimension = 'total'
            and ${buckets} and detailed = 1 and scans ${sql.raw(dense ? '>=' : '<')} ${sql.lit(DENSE_MONTH)}`;
          const join = dense
            ? sql`c.grain = 'm' and c.bucket = t.bucket`
            : sql`c.grain = 'd' and c.bucket between t.bucket || '-01' and t.bucket || '-31'`;
          cells.push(sql`select c.dimension, c.value, ${sql.lit(s.sign)} * c.${count} as scans
            from (${months}) t join scan_rollups c on c.code_id = t.code_id and c.dimension = ${d} and ${join}`);
        }
      }
    }
  }
  const touched = new Set<string>();
  for (const p of coarse)
    for (let m = startOfKey('m', bucketKey('m', p.start)); m < p.end; m = nextMonth(m)) touched.add(bucketKey('m', m));
  const months = bucketsOf(selectionOf('m', 1, [...touched])).map(
    (buckets) => sql`select 'month' as kind, code_id as name, bucket as value, scans, detailed from scan_rollups
    where ${codes} and grain = 'm' and dimension = 'total' and ${buckets}`,
  );
  const raw: Array<{ codeId: string; start: number; end: number; sign: 1 | -1 }> = [];
  for (const r of await cellsAndTotals(db, cells, months, add)) {
    if (keepsCells(r)) continue;
    const start = startOfKey('m', r.value);
    const end = nextMonth(start);
    for (const p of coarse) {
      const span = { codeId: r.name, start: Math.max(p.start, start), end: Math.min(p.end, end), sign: p.sign };
      if (span.start < span.end) raw.push(span);
    }
  }
  await countRaw(db, raw, { bots, dimensions }, add);
}
