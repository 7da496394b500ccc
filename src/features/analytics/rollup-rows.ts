import type { ScanRow } from '../scans/scan-row.js';
import { parentKey, quarterOf } from './buckets.js';
import { DIMENSIONS, DIMENSION_NAMES } from './dimensions.js';
import type { Grain, RollupCounters, ScanRollupsTable, WorkspaceRollupsTable } from './rollups.table.js';

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

/**
 * The rollup deltas of a batch of scan rows: per code and per workspace, per bucket of every
 * grain, the total and each dimension's value; per workspace also each code (for top codes).
 */
export function rollupsOf(rows: ScanRow[], newVisitors: NewVisitor[], workspaceOf: Map<string, string>) {
  const codes = new Cells();
  const workspaces = new Cells();
  for (const r of rows) {
    const q = quarterOf(r.scanned_at);
    const c: RollupCounters = { scans: 1, humans: r.is_bot ? 0 : 1, visitors: 0, human_visitors: 0 };
    codes.add(r.code_id, q, 'total', '', c);
    workspaces.add(r.workspace_id, q, 'total', '', c);
    workspaces.add(r.workspace_id, q, 'code', r.code_id, c);
    for (const d of DIMENSION_NAMES) {
      const v = DIMENSIONS[d](r);
      codes.add(r.code_id, q, d, v, c);
      workspaces.add(r.workspace_id, q, d, v, c);
    }
  }
  for (const v of newVisitors) {
    const c: RollupCounters = { scans: 0, humans: 0, visitors: v.human ? 0 : 1, human_visitors: v.human ? 1 : 0 };
    (workspaceOf.has(v.scopeId) ? codes : workspaces).add(v.scopeId, v.quarter, 'total', '', c);
  }
  const code: ScanRollupsTable[] = codes.withCoarser().map(({ scope, ...x }) => ({ code_id: scope, ...x }));
  const workspace: WorkspaceRollupsTable[] = workspaces.withCoarser().map(({ scope, ...x }) => ({ workspace_id: scope, ...x }));
  return { code, workspace };
}
