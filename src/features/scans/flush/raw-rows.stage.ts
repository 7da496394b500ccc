import { insertRows } from '../../../db/bulk-insert.js';
import { inChunks, type FlushStage } from './stage.js';

/** Every answered redirect is a row of `scans` (docs/decisions.md D15). */
export const writeRawRows: FlushStage = async (trx, batch) => {
  if (batch.insertScans) batch.insertScans(batch.rows);
  else await inChunks(trx, batch.rows, (chunk) => insertRows(trx, 'scans', chunk).execute());
};
