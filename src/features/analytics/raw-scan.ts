import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * A raw scan, every column and none optional: what the scan flush writes (the scans feature's
 * toScanRow makes it) and what the rollups are counted from. Typed through the composed schema,
 * so analytics needs nothing of the scans feature that feeds it.
 */
export type ScanRow = Required<Insertable<Database['scans']>>;
