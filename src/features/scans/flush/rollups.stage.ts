import { bulkWrite, type BulkFinish } from '../../../db/bulk-insert.js';
import { rollupsOf, sortCells, summedCells, type CodeCell } from '../rollups/rollup-rows.js';
import {
  addCounters,
  clearMonthCells,
  fineCellsFromRaw,
  keepsCells,
  markDetailed,
  isDenseMonth,
  isDetailed,
  monthCellsFromDays,
  monthCellsFromRaw,
  upsertCodeCells,
  upsertTotals,
} from '../rollups/detail.repo.js';
import { DENSE_HOUR } from '../rollups/rollups.table.js';
import type { FlushStage } from './stage.js';

/**
 * Per-code totals first, returning each touched hour's and month's new count; then the dimension
 * cells: quarters only where the hour is detailed, days and months only where the month
 * keeps its cells, months once it is dense (docs/analytics.md, docs/decisions.md D42). On
 * PostgreSQL the totals upsert holds each hour and month row's lock until commit, so two
 * instances' flushes of one code-hour or code-month see each other's counts in order; SQLite has
 * one writer.
 */
export const writeRollups: FlushStage = async (trx, batch) => {
  const workspaceOf = new Map(batch.rows.map((r) => [r.code_id, r.workspace_id]));
  const rollups = await rollupsOf(batch.rows, batch.newVisitors, workspaceOf);
  const cells: CodeCell[] = [];
  for (const t of await upsertTotals(trx, rollups.totals)) {
    if (t.grain !== 'h' && t.grain !== 'm') continue;
    const before = { scans: Number(t.scans) - rollups.scansIn(t.code_id, t.bucket), detailed: t.detailed };
    if (t.grain === 'm') {
      if (keepsCells(t)) {
        // Its cells are the record: the batch's days, and its month once dense; on turning dense,
        // month cells from the days so far (this batch's not yet added) and the batch's, in place
        // of any it had.
        cells.push(...rollups.dayCells(t.code_id, t.bucket));
        if (isDenseMonth(before)) cells.push(...rollups.monthCells(t.code_id, t.bucket));
        else if (isDenseMonth(t)) {
          await clearMonthCells(trx, t.code_id, t.bucket);
          cells.push(
            ...summedCells('m', [
              ...(await monthCellsFromDays(trx, t.code_id, t.bucket)),
              ...rollups.monthCells(t.code_id, t.bucket),
            ]),
          );
        }
      } else if (isDenseMonth(t)) {
        // Its raw scans are all there, this batch's included (same transaction): fewer than
        // DENSE_MONTH and a batch as it turns dense, or more if an instance of an older version
        // made it dense during an upgrade (from day cells this scheme does not keep). They give
        // its day and month cells in full, in place of any it had; from now on they are the
        // record. This flush holds the month row's lock.
        await clearMonthCells(trx, t.code_id, t.bucket, true);
        cells.push(...(await monthCellsFromRaw(trx, t.code_id, t.bucket)));
        await markDetailed(trx, t.code_id, 'm', t.bucket);
      }
    } else if (isDetailed(t)) cells.push(...rollups.fineCells(t.code_id, t.bucket));
    else if (Number(t.scans) >= DENSE_HOUR) {
      // Just became dense: its raw scans, this batch's included (same transaction), are fewer than
      // DENSE_HOUR + a batch (more only if an older instance took it past, docs/decisions.md D53),
      // and give the hour's cells in full, in place of any an older instance left; from now on
      // they are the record.
      cells.push(...(await fineCellsFromRaw(trx, t.code_id, [t.bucket])));
      await markDetailed(trx, t.code_id, 'h', t.bucket);
    }
  }
  await upsertCodeCells(trx, await sortCells(cells));
  await bulkWrite(trx, 'workspace_rollups', rollups.workspace, addingWorkspaceCells);
};

const addingWorkspaceCells: BulkFinish<'workspace_rollups', unknown> = (insert) =>
  insert.onConflict((oc) =>
    oc.columns(['workspace_id', 'grain', 'dimension', 'bucket', 'value']).doUpdateSet(addCounters('workspace_rollups')),
  );
