// The writer thread's program (scan-writer-thread.ts): a connection of its own (SQLite) or a small
// pool (PostgreSQL) that only writes scans.
import { parentPort, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { openDatabase, sqliteOf } from '../../../db/database.js';
import { sqliteRowsInserter } from '../../../db/bulk-insert.js';
import { IpHasher } from './ip-hash.js';
import { flushIn } from '../flush/flush.js';
import { pruneVisitorDays } from '../flush/visitor-days.stage.js';
import type { ScanRowInserter } from '../flush/stage.js';
import type { ConsumerOutputs, ScanConsumers } from '../../../platform/scan-consumers.js';
import type { WriteReply, WriteRequest } from './scan-writer-thread.js';
import { rowsOfEncoded } from './scan.js';
import type { ScanRow } from '../scans.table.js';

const { databaseUrl, ipSecret, consumersModule, poolMax } = workerData as {
  databaseUrl: string;
  ipSecret: string;
  consumersModule: string | null;
  poolMax: number;
};
// The same consumers as the main thread's: the composition's module, imported here by its URL.
const consumers = consumersModule
  ? ((await import(consumersModule)) as { scanConsumers: ScanConsumers }).scanConsumers.list
  : [];
const db = openDatabase(databaseUrl, { poolMax });
const hasher = new IpHasher(ipSecret);
// The raw rows straight on this connection: the statement Kysely would make, without building and
// compiling it from every value on each batch (about 0.8 µs a scan, docs/benchmarks.md).
const sqlite = sqliteOf(db);
const insertScans: ScanRowInserter | undefined = sqlite ? sqliteRowsInserter(sqlite, 'scans') : undefined;

/**
 * One write in one transaction; on a SQLite file BEGIN IMMEDIATE: the batch first reads (has it
 * been written already?) and then writes; a deferred
 * transaction whose snapshot another connection's commit made stale fails that upgrade at once,
 * where an immediate one waits for the lock (polling, sqlite-dialect.ts: nothing wakes this thread
 * early, so an API write the main thread woke goes first).
 */
async function write({ shared, ends, starts, pruneBefore }: WriteRequest): Promise<ConsumerOutputs> {
  wroteSinceTick = true;
  // Read before the answer: the next write reuses this memory.
  const rows = rowsOfEncoded(shared, ends, (ip, iso) => hasher.hash(ip, iso));
  const outputs = sqlite
    ? await inImmediate(rows, starts)
    : await db.transaction().execute((trx) => flushIn(trx, rows, starts, consumers));
  // After the commit: a failed prune must not make the sink write the batch again.
  if (pruneBefore) await pruneVisitorDays(db, pruneBefore).catch(() => undefined);
  return outputs;
}

function inImmediate(rows: ScanRow[], starts: number[]): Promise<ConsumerOutputs> {
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const out = await flushIn(conn, rows, starts, consumers, insertScans);
      await sql`commit`.execute(conn);
      return out;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}

// One batch at a time, in order: the sink sends the next only after this one's reply.
let chain = Promise.resolve();

/**
 * This thread checkpoints the WAL for the whole process; the main connection does not
 * (docs/decisions.md D46). Its own commits do so past SQLite's default of 1,000 pages. This timer
 * catches what the API's writes add while no scans come: after a tick with a batch it waits, so
 * an API write's pages are copied with the next batch's, not once more on their own. PASSIVE never
 * waits for a lock; with nothing to copy it only reads the WAL's header. In the chain, so never
 * inside a batch.
 */
const CHECKPOINT_MS = 1_000;
let wroteSinceTick = false;
if (sqlite)
  setInterval(() => {
    if (wroteSinceTick) return void (wroteSinceTick = false);
    chain = chain.then(() => {
      try {
        sqlite.pragma('wal_checkpoint(PASSIVE)');
      } catch {
        // Another process is checkpointing the file: the next tick tries again.
      }
    });
  }, CHECKPOINT_MS);

parentPort!.on('message', (m: WriteRequest) => {
  chain = chain.then(async () => {
    let reply: WriteReply;
    try {
      reply = { id: m.id, ok: true, outputs: await write(m) };
    } catch (err) {
      const e = err as Error & { code?: unknown };
      reply = { id: m.id, ok: false, message: e.message, ...(typeof e.code === 'string' ? { code: e.code } : {}) };
    }
    parentPort!.postMessage(reply);
  });
});
