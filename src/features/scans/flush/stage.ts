import type { DB } from '../../../db/database.js';
import type { NewVisitor } from '../rollups/rollup-rows.js';
import type { ScanRow } from '../scans.table.js';

/** Inserts raw scan rows on the caller's transaction: the SQLite writer thread's own inserter. */
export type ScanRowInserter = (rows: ScanRow[]) => void;

/** One batch as the flush's stages see it, inside its transaction. */
export interface FlushBatch {
  /** the scans not written before (replays dropped), in time order */
  readonly rows: ScanRow[];
  /** the visitor-days this batch began: the visitor-days stage finds them, the rollups stage counts them */
  newVisitors: NewVisitor[];
  /** the SQLite writer thread inserts raw rows itself (scan-writer.worker.ts) */
  readonly insertScans?: ScanRowInserter;
}

/** One step of the flush (flush.ts): its part of the batch, in the batch's transaction. */
export type FlushStage = (trx: DB, batch: FlushBatch) => Promise<void>;

/** Key order for every multi-row write, so two instances' flushes cannot deadlock. */
export const byKey = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
