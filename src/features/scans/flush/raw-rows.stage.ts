import { bulkWrite, type BulkFinish } from '../../../db/bulk-insert.js';
import type { FlushStage } from './stage.js';

/** Every answered redirect is a row of `scans` (docs/decisions.md D15). */
export const writeRawRows: FlushStage = async (trx, batch) => {
  if (batch.insertScans) batch.insertScans(batch.rows);
  else await bulkWrite(trx, 'scans', batch.rows, asBuilt);
};

const asBuilt: BulkFinish<'scans', unknown> = (insert) => insert;
