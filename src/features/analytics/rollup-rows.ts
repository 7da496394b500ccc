import type { ScanRow } from '../scans/scan-row.js';
import { parentKey, quarterOf } from './buckets.js';
import { DIMENSIONS, DIMENSION_NAMES } from './dimensions.js';
import type { Insertable } from 'kysely';
import type { Grain, RollupCounters, ScanRollupsTable, WorkspaceRollupsTable } from './rollups.table.js';

export type CodeCell = Insertable<ScanRollupsTable> & { grain: Grain };

/** A visitor-day first seen in this batch: counted in the quarter of its first scan. */
export interface NewVisitor { scopeId: string; human: boolean; quarter: string }

interface Cell extends RollupCounters { scope: string; bucket: string; dimension: string; value: string }

const COARSER: Array<Exclude<Grain, 'q'>> = ['h', 'd', 'm'];

class Cells {
  readonly byKey = new Map<string, Cell>();

  add(scope: string, bucket: string, dimension: string, value: string | null, c: RollupCounters) {
    const v = value ?? '';
    const key = `${scope}\u0000${bucket}\u0000${dimension}\u0000${v}`;
    let cell = this.byKey.get(key);
    if (!cell) {
      cell = { scope, bucket, dimension, value: v, scans: 0, humans: 0, visitors: 0, human_visitors: 0 };
      this.byKey.set(key, cell);
    }
    cell.scans += c.scans;
    cell.humans += c.humans;
    cell.visitors += c.visitors;
    cell.human_visitors += c.human_visitors;
  }

  /** Quarter cells and their sums per hour, day and month, sorted by key (a fixed lock order). */
  withCoarser(): Array<Cell & { grain: Grain }> {
    const out: Array<Cell & { grain: Grain }> = [];
    const coarse = new Cells();
    for (const cell of this.byKey.values()) {
      out.push({ ...cell, grain: 'q' });
      for (const g of COARSER) coarse.add(`${g}\u0000${cell.scope}`, parentKey(cell.bucket, g), cell.dimension, cell.value, cell);
    }
    for (const cell of coarse.byKey.values()) {
      const [grain, scope] = cell.scope.split('\u0000') as [Grain, string];
      out.push({ ...cell, scope, grain });
    }
    return out.sort((a, b) => (a.scope < b.scope ? -1 : a.scope > b.scope ? 1 : cmp(a, b)));
  }
}

const cmp = (a: Cell & { grain: Grain }, b: Cell & { grain: Grain }) => {
  const x = `${a.grain}\u0000${a.dimension}\u0000${a.bucket}\u0000${a.value}`;
  const y = `${b.grain}\u0000${b.dimension}\u0000${b.bucket}\u0000${b.value}`;
  return x < y ? -1 : x > y ? 1 : 0;
};

const FINE = new Set<Grain>(['q', 'h']);
const countersOf = (r: ScanRow): RollupCounters => ({ scans: 1, humans: r.is_bot ? 0 : 1, visitors: 0, human_visitors: 0 });

function addDimensions(cells: Cells, scope: string, q: string, r: ScanRow, c: RollupCounters) {
  for (const d of DIMENSION_NAMES) cells.add(scope, q, d, DIMENSIONS[d](r), c);
}

/**
 * The rollup deltas of a batch of scan rows: per code and per workspace, per bucket of every
 * grain, the total and each dimension's value; per workspace also each code (for top codes, from
 * the hour grain up). A code's quarter and hour cells of the dimensions come apart in `fine`, by
 * code and hour: the flush writes them only where the hour is detailed (docs/analytics.md).
 */
export function rollupsOf(rows: ScanRow[], newVisitors: NewVisitor[], workspaceOf: Map<string, string>) {
  const codes = new Cells();
  const workspaces = new Cells();
  for (const r of rows) {
    const q = quarterOf(r.scanned_at);
    const c = countersOf(r);
    codes.add(r.code_id, q, 'total', '', c);
    workspaces.add(r.workspace_id, q, 'total', '', c);
    workspaces.add(r.workspace_id, q, 'code', r.code_id, c);
    addDimensions(codes, r.code_id, q, r, c);
    addDimensions(workspaces, r.workspace_id, q, r, c);
  }
  for (const v of newVisitors) {
    const c: RollupCounters = { scans: 0, humans: 0, visitors: v.human ? 0 : 1, human_visitors: v.human ? 1 : 0 };
    (workspaceOf.has(v.scopeId) ? codes : workspaces).add(v.scopeId, v.quarter, 'total', '', c);
  }
  const totals: CodeCell[] = [];
  const coarse: CodeCell[] = [];
  const fine = new Map<string, CodeCell[]>();
  for (const { scope, ...x } of codes.withCoarser()) {
    const cell = { code_id: scope, ...x };
    if (x.dimension === 'total') totals.push(cell);
    else if (!FINE.has(x.grain)) coarse.push(cell);
    else {
      const key = hourKey(scope, x.bucket.slice(0, 13));
      fine.set(key, [...(fine.get(key) ?? []), cell]);
    }
  }
  const workspace: Array<Insertable<WorkspaceRollupsTable>> = workspaces.withCoarser()
    .filter((x) => !(x.dimension === 'code' && x.grain === 'q'))
    .map(({ scope, ...x }) => ({ workspace_id: scope, ...x }));
  return { totals, coarse, fine, workspace };
}

/** Key of a code's UTC hour ('2026-03-29T01') in `fine`. */
export const hourKey = (codeId: string, hour: string) => `${codeId}\u0000${hour}`;

/** A code's quarter and hour cells of every dimension (not `total`) from raw scan rows, sorted by key. */
export function fineCellsOf(rows: ScanRow[]): CodeCell[] {
  const codes = new Cells();
  for (const r of rows) addDimensions(codes, r.code_id, quarterOf(r.scanned_at), r, countersOf(r));
  return codes.withCoarser().filter((x) => FINE.has(x.grain)).map(({ scope, ...x }) => ({ code_id: scope, ...x }));
}

/** Cells in key order (code, grain, dimension, bucket, value): the one lock order of every writer. */
export function sortCells(cells: CodeCell[]): CodeCell[] {
  const key = (c: CodeCell) => `${c.code_id}\u0000${c.grain}\u0000${c.dimension}\u0000${c.bucket}\u0000${c.value}`;
  return cells.map((c) => [key(c), c] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, c]) => c);
}
