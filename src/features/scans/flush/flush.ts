import type { DB } from '../../../db/database.js';
import type { IpHasher } from '../ingest/ip-hash.js';
import { toScanRow, type Scan } from '../ingest/scan.js';
import type { ScanRow } from '../scans.table.js';
import type { ConsumerOutputs, ScanConsumer } from '../../../platform/scan-consumers.js';
import { unwritten } from './replays.js';
import type { FlushBatch, FlushStage, ScanRowInserter } from './stage.js';
import { writeRawRows } from './raw-rows.stage.js';
import { writeVisitorDays } from './visitor-days.stage.js';
import { writeRollups } from './rollups.stage.js';

/**
 * What a batch of scans writes, in this order, in one transaction (docs/scans-pipeline.md). Each
 * stage is a file of its own; other features' consumers (codes' scan counters, usage counters,
 * `code.scanned`) follow them. Everything several instances update is written in key order, so two
 * instances' flushes cannot deadlock; writing a batch again after it committed changes nothing.
 */
export const STAGES: ReadonlyArray<readonly [name: string, stage: FlushStage]> = [
  ['raw rows', writeRawRows],
  ['visitor days', writeVisitorDays],
  ['rollups', writeRollups],
];

/**
 * The flush inside a transaction the caller holds: PostgreSQL's and an in-memory database's in
 * process (writeScanBatch), a SQLite file's in the writer thread (BEGIN IMMEDIATE,
 * scan-writer.worker.ts, which inserts the raw rows itself). Returns each consumer's output.
 */
export async function flushIn(
  trx: DB,
  all: ScanRow[],
  starts: number[],
  consumers: readonly ScanConsumer[],
  insertScans?: ScanRowInserter,
): Promise<ConsumerOutputs> {
  const outputs: ConsumerOutputs = {};
  if (!all.length) return outputs;
  const rows = await unwritten(trx, all, starts);
  if (!rows.length) {
    // Found written already (a replay): no counter changed, but what follows the commit still runs.
    for (const c of consumers) if (c.replayed) outputs[c.name] = await c.replayed(trx, all);
    return outputs;
  }
  const batch: FlushBatch = { rows, newVisitors: [], insertScans };
  for (const [, stage] of STAGES) await stage(trx, batch);
  for (const c of consumers) outputs[c.name] = await c.write(trx, rows);
  return outputs;
}

/** One batch in one transaction, IPs hashed here; the consumers' outputs once it committed. */
export async function writeScanBatch(
  db: DB,
  hasher: IpHasher,
  scans: Scan[],
  consumers: readonly ScanConsumer[] = [],
  starts: number[] = [0],
): Promise<ConsumerOutputs> {
  if (!scans.length) return {};
  const rows = scans.map((s) => {
    const iso = new Date(s.at).toISOString();
    return toScanRow(s, iso, s.ipHash !== undefined ? s.ipHash : s.ip === null ? null : hasher.hash(s.ip, iso));
  });
  return db.transaction().execute((trx) => flushIn(trx, rows, starts, consumers));
}
