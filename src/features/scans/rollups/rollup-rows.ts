import type { ScanRow } from '../scans.table.js';
import { bucketsByMinute, parentKey } from './buckets.js';
import { DIMENSIONS, DIMENSION_NAMES } from './dimensions.js';
import type { Insertable } from 'kysely';
import type { Grain, RollupCounters, ScanRollupsTable, WorkspaceRollupsTable } from './rollups.table.js';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

/**
 * On PostgreSQL the flush's JavaScript runs on the event loop, and a write of several waiting
 * batches holds 10,000 scans and 100,000 cells and more: every this many rows or cells it lets
 * the redirects through (one 10,000-scan write held the loop 0.4 s in one piece).
 */
const SLICE = 2_000;

export type CodeCell = Insertable<ScanRollupsTable> & { grain: Grain };

/** A visitor-day first seen in this batch: counted in the quarter of its first scan. */
export interface NewVisitor {
  scopeId: string;
  human: boolean;
  quarter: string;
}

interface Cell extends RollupCounters {
  scope: string;
  grain: Grain;
  bucket: string;
  dimension: string;
  value: string;
}

const COARSER: Array<Exclude<Grain, 'q'>> = ['h', 'd', 'm'];

/**
 * Cells keyed scope → bucket → dimension → value: a flush adds to them about twenty times a scan,
 * and nested lookups of strings the rows already hold cost a fraction of building a joined key.
 */
class Cells {
  private readonly tree = new Map<string, Map<string, Map<string, Map<string, Cell>>>>();

  constructor(private readonly grain: Grain) {}

  add(scope: string, bucket: string, dimension: string, value: string | null, c: RollupCounters) {
    const v = value ?? '';
    const byValue = branch(branch(branch(this.tree, scope), bucket), dimension);
    const cell = byValue.get(v);
    if (!cell)
      byValue.set(v, {
        scope,
        grain: this.grain,
        bucket,
        dimension,
        value: v,
        scans: c.scans,
        humans: c.humans,
        visitors: c.visitors,
        human_visitors: c.human_visitors,
      });
    else {
      cell.scans += c.scans;
      cell.humans += c.humans;
      cell.visitors += c.visitors;
      cell.human_visitors += c.human_visitors;
    }
  }

  /** The scans of a scope's `total` cell of one bucket (0 when none). */
  scansOf(scope: string, bucket: string): number {
    return this.tree.get(scope)?.get(bucket)?.get('total')?.get('')?.scans ?? 0;
  }

  *all(): Generator<Cell> {
    for (const byBucket of this.tree.values()) {
      for (const byDimension of byBucket.values()) for (const byValue of byDimension.values()) yield* byValue.values();
    }
  }

  /** These quarter cells and their sums per hour, day and month. */
  async withCoarser(): Promise<Cell[]> {
    const out: Cell[] = [];
    const coarse = COARSER.map((g) => [g, new Cells(g)] as const);
    for (const cell of this.all()) {
      out.push(cell);
      for (const [g, cells] of coarse)
        cells.add(cell.scope, parentKey(cell.bucket, g), cell.dimension, cell.value, cell);
      if (out.length % SLICE === 0) await yieldToLoop();
    }
    // One push a cell: spread as arguments, 100,000 cells would overflow the stack.
    for (const [, cells] of coarse) for (const cell of cells.all()) out.push(cell);
    return out;
  }
}

function branch<V>(map: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let next = map.get(key);
  if (!next) map.set(key, (next = new Map()));
  return next;
}

/**
 * Scans that every rollup counts alike: one code, quarter, bot flag and value of each dimension. A
 * code's traffic repeats a few phones, languages and referrers, so a batch's rows fold into far
 * fewer shapes; the cells are then added once a shape, not once a scan (about twenty additions a
 * scan, docs/decisions.md D48).
 */
interface Shape {
  /** one of its rows: the code, workspace and dimension values */
  row: ScanRow;
  quarter: string;
  counters: RollupCounters;
}

// Header values never hold control characters (Node refuses them), so these cannot collide.
const SEP = '\u0001';
const NULL = '\u0002';

/** The rows' shapes, each with its scans and humans; rows may come in any order. */
function shapesOf(rows: ScanRow[]): Shape[] {
  const shapes = new Map<string, Shape>();
  const bucketsOf = bucketsByMinute();
  for (const r of rows) {
    const quarter = bucketsOf(r.scanned_at).quarter;
    const key = `${r.code_id}${SEP}${quarter}${SEP}${r.is_bot}${SEP}${r.country ?? NULL}${SEP}${r.region ?? NULL}${SEP}${r.city ?? NULL}${SEP}${r.device ?? NULL}${SEP}${r.os ?? NULL}${SEP}${r.browser ?? NULL}${SEP}${r.referrer ?? NULL}${SEP}${r.language ?? NULL}${SEP}${r.destination ?? NULL}`;
    const shape = shapes.get(key);
    if (shape) {
      shape.counters.scans++;
      if (!r.is_bot) shape.counters.humans++;
    } else
      shapes.set(key, {
        row: r,
        quarter,
        counters: { scans: 1, humans: r.is_bot ? 0 : 1, visitors: 0, human_visitors: 0 },
      });
  }
  return [...shapes.values()];
}

function addDimensions(cells: Cells, scope: string, bucket: string, r: ScanRow, c: RollupCounters) {
  for (const d of DIMENSION_NAMES) cells.add(scope, bucket, d, DIMENSIONS[d](r), c);
}

const codeCell = ({ scope, ...x }: Cell): CodeCell => ({ code_id: scope, ...x });

/**
 * The rollup deltas of a batch of scan rows: per code, the `total` row of every grain; per
 * workspace, every grain's total and dimension cells, and each code's month for top codes
 * (docs/decisions.md D54). A code's cells of the dimensions are stored only where its hour is
 * detailed (quarter cells) or its month keeps them (day cells, and month cells once dense;
 * docs/analytics.md), which the flush learns from the totals it upserts; `fineCells`, `dayCells`
 * and `monthCells` build them then, for those keys only. Built for every code, the quarter cells
 * were three quarters of the cells a batch spread over many sparse codes made and threw away, and
 * the day cells seven a scan. `totals` and `workspace` are in key order; the flush sorts the other
 * cells it writes.
 */
export async function rollupsOf(rows: ScanRow[], newVisitors: NewVisitor[], workspaceOf: Map<string, string>) {
  const codes = new Cells('q');
  const workspaces = new Cells('q');
  const topCodes = new Cells('m');
  const shapesByCode = new Map<string, Shape[]>();
  const shapes = shapesOf(rows);
  for (let i = 0; i < shapes.length; i++) {
    const { row: r, quarter: q, counters: c } = shapes[i];
    if (i && i % SLICE === 0) await yieldToLoop();
    codes.add(r.code_id, q, 'total', '', c);
    workspaces.add(r.workspace_id, q, 'total', '', c);
    topCodes.add(r.workspace_id, parentKey(q, 'm'), 'code', r.code_id, c);
    addDimensions(workspaces, r.workspace_id, q, r, c);
    listOf(shapesByCode, r.code_id).push(shapes[i]);
  }
  for (const v of newVisitors) {
    const c: RollupCounters = { scans: 0, humans: 0, visitors: v.human ? 0 : 1, human_visitors: v.human ? 1 : 0 };
    (workspaceOf.has(v.scopeId) ? codes : workspaces).add(v.scopeId, v.quarter, 'total', '', c);
  }
  const totals = await codes.withCoarser();
  const [hours, months] = (['h', 'm'] as const).map((g) => {
    const cells = new Cells(g);
    for (const t of totals) if (t.grain === g) cells.add(t.scope, t.bucket, 'total', '', t);
    return cells;
  });
  const workspace: Array<Insertable<WorkspaceRollupsTable>> = await inKeyOrder(
    [...(await workspaces.withCoarser()), ...topCodes.all()].map(({ scope, ...x }) => ({ workspace_id: scope, ...x })),
    (c) => c.workspace_id,
  );
  // A code's day cells, like its quarter cells, are built only for the months that keep them:
  // built for every code, a batch spread over many sparse codes made seven a scan and threw them away.
  const dayCellsByMonth = new Map<string, Cells>();
  const daysOf = (codeId: string, month: string) => {
    const key = `${codeId}${SEP}${month}`;
    let cells = dayCellsByMonth.get(key);
    if (!cells) {
      cells = dimensionCells(
        (shapesByCode.get(codeId) ?? []).filter((s) => s.quarter.startsWith(month)),
        'd',
      );
      dayCellsByMonth.set(key, cells);
    }
    return cells;
  };
  return {
    totals: await sortCells(totals.map(codeCell)),
    /** A code's day cells of the dimensions in one UTC month, from this batch. */
    dayCells: (codeId: string, month: string): CodeCell[] => [...daysOf(codeId, month).all()].map(codeCell),
    workspace,
    /** The scans this batch adds to a code's UTC hour ('2026-03-29T01') or month ('2026-03'). */
    scansIn: (codeId: string, bucket: string) => (bucket.length === 7 ? months : hours).scansOf(codeId, bucket),
    /** A code's quarter cells of the dimensions in one UTC hour, from this batch. */
    fineCells: (codeId: string, hour: string): CodeCell[] =>
      quarterCells((shapesByCode.get(codeId) ?? []).filter((s) => s.quarter.startsWith(hour))),
    /** A code's month cells of the dimensions in one UTC month, from this batch. */
    monthCells(codeId: string, month: string): CodeCell[] {
      const inMonth = new Cells('m');
      for (const c of daysOf(codeId, month).all()) inMonth.add(codeId, month, c.dimension, c.value, c);
      return [...inMonth.all()].map(codeCell);
    },
  };
}

function listOf<V>(map: Map<string, V[]>, key: string): V[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** Cells of one grain added up per code, bucket, dimension and value: an upsert may not name a key twice. */
export function summedCells(grain: Grain, cells: CodeCell[]): CodeCell[] {
  const sum = new Cells(grain);
  for (const c of cells) sum.add(c.code_id, c.bucket, c.dimension, c.value, c);
  return [...sum.all()].map(codeCell);
}

/**
 * Codes' cells of every dimension (not `total`) of some shapes, per quarter or per day. A detailed
 * hour keeps no hour cells of the dimensions: reads sum its four quarters (docs/decisions.md D51).
 */
function dimensionCells(shapes: Shape[], grain: 'q' | 'd'): Cells {
  const cells = new Cells(grain);
  for (const { row, quarter, counters } of shapes)
    addDimensions(cells, row.code_id, grain === 'q' ? quarter : parentKey(quarter, 'd'), row, counters);
  return cells;
}

const quarterCells = (shapes: Shape[]): CodeCell[] => [...dimensionCells(shapes, 'q').all()].map(codeCell);

/** Codes' quarter cells of every dimension (not `total`) from raw scan rows. */
export const fineCellsOf = (rows: ScanRow[]) => quarterCells(shapesOf(rows));

/** Codes' day and month cells of every dimension (not `total`) from raw scan rows. */
export function coarseCellsOf(rows: ScanRow[]): CodeCell[] {
  const days = dimensionCells(shapesOf(rows), 'd');
  const months = new Cells('m');
  for (const c of days.all()) months.add(c.scope, parentKey(c.bucket, 'm'), c.dimension, c.value, c);
  return [...days.all(), ...months.all()].map(codeCell);
}

type Keyed = { grain: string; dimension: string; bucket: string; value: string };

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byKey = (a: Keyed, b: Keyed) =>
  compare(a.grain, b.grain) ||
  compare(a.dimension, b.dimension) ||
  compare(a.bucket, b.bucket) ||
  compare(a.value, b.value);

/**
 * Rows sorted by (scope, grain, dimension, bucket, value): grouped by scope, the scopes sorted, then
 * each scope's few rows. A flat sort of 160,000 cells on a joined key took 0.2 s in one piece;
 * many small sorts are cheaper and let the event loop in between.
 */
async function inKeyOrder<T extends Keyed>(rows: T[], scope: (row: T) => string): Promise<T[]> {
  const groups = new Map<string, T[]>();
  for (const r of rows) listOf(groups, scope(r)).push(r);
  const out: T[] = [];
  let since = 0;
  for (const k of [...groups.keys()].sort(compare)) {
    const g = groups.get(k)!.sort(byKey);
    for (const r of g) out.push(r);
    since += g.length;
    if (since >= SLICE * 5) {
      since = 0;
      await yieldToLoop();
    }
  }
  return out;
}

/** Cells in key order (code, grain, dimension, bucket, value): the one lock order of every writer. */
export const sortCells = (cells: CodeCell[]): Promise<CodeCell[]> => inKeyOrder(cells, (c) => c.code_id);
