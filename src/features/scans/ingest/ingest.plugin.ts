import fp from 'fastify-plugin';
import type { App } from '../../../http/types.js';
import {
  BufferedScanSink,
  ENCODED_BATCH,
  ENCODED_MEMORY_BATCHES,
  MAX_WRITE,
  MAX_WRITE_SQLITE,
  MAX_WRITE_SQLITE_IN_PROCESS,
  WRITE_TICKS,
  type ScanSink,
} from './scan-sink.js';
import { loadOrCreateIpHashKey } from './ip-hash-key.repo.js';
import { IpHasher } from './ip-hash.js';
import { ScanJournal } from './scan-journal.js';
import { registerScanMetrics } from './scan-metrics.js';
import { writeScanBatch } from '../flush/flush.js';
import { pruneVisitorDays } from '../flush/visitor-days.stage.js';
import { CommitHooks } from '../flush/consumers.js';
import type { ScanConsumers } from '../../../platform/scan-consumers.js';
import { ScanWriterThread } from './scan-writer-thread.js';
import { dialectOf, sqliteOf } from '../../../db/database.js';
import { isoDay } from '../../../lib/time.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** where scans go; `flush()` writes everything recorded so far (shutdown uses it too) */
    scans: ScanSink;
  }
}

const DAY = 86_400_000;

/** Every database but an in-memory SQLite one, which exists on its one connection only. */
const inThread = (url: string) => dialectOf(url) === 'postgres' || !/^sqlite:(\/\/)?(:memory:)?$/.test(url);

/**
 * The scan sink shared by the redirect (which records) and the usage feature (which reads its
 * pending counters and registers its after-commit hook). Registered before them; on close it
 * writes every buffered scan before the database goes away. `consumers`: what other features
 * write with each batch (src/features/scan-consumers.ts).
 */
export const scansRuntime = (consumers: ScanConsumers) =>
  fp(
    async function scansRuntime(app: App) {
      const { db, config, clock } = app.deps;
      const ipSecret = await loadOrCreateIpHashKey(db, clock.now());
      const hasher = new IpHasher(ipSecret);
      let prunedBefore = '';
      const hooks = new CommitHooks(app.log);
      // Batches are written by a thread of their own, off the event loop: a SQLite file's because
      // its driver is synchronous (docs/decisions.md D27), PostgreSQL's because building, sending
      // and reading a write of thousands of scans held the loop for 60-120 ms and reads waited
      // behind it (docs/decisions.md D84). An in-memory database exists on its one connection only.
      const sqliteFile = dialectOf(config.databaseUrl) === 'sqlite';
      const thread = inThread(config.databaseUrl)
        ? new ScanWriterThread(config.databaseUrl, ipSecret, consumers.module, sqliteFile ? sqliteOf(db) : null, {
            sqlite: sqliteFile,
            poolMax: Math.min(2, config.pgPoolMax),
          })
        : null;
      thread?.warm();
      const inMemory = thread === null;
      const journalDir = config.scanJournal.dir;
      const journal = journalDir
        ? ScanJournal.open(journalDir, config.databaseUrl, (ip, at) => hasher.hashAt(ip, at), app.log)
        : null;
      // A SQLite file's batches go to the thread in the journal's form (each batch's JSON bytes).
      const inThreadWriter = async (batches: Buffer[], starts: number[]) => {
        const before = isoDay(clock.now().getTime() - 2 * DAY);
        const outputs = await thread!.write(batches, starts, before !== prunedBefore ? before : null);
        prunedBefore = before;
        await hooks.run(outputs);
      };
      const sink = new BufferedScanSink(
        async (scans, starts) => {
          // Once a day: visitor sets of days before yesterday are never consulted again.
          const before = isoDay(clock.now().getTime() - 2 * DAY);
          const outputs = await writeScanBatch(db, hasher, scans, consumers.list, starts);
          if (before !== prunedBefore) {
            // The batch is committed: a failed prune must not make the sink write it again (its
            // scans would count as pending meanwhile); the next batch tries again.
            try {
              await pruneVisitorDays(db, before);
              prunedBefore = before;
            } catch (err) {
              app.log.warn({ err }, 'pruning old visitor sets failed; retried with the next batch');
            }
          }
          await hooks.run(outputs);
        },
        app.log,
        config.scanFlushMs,
        {
          journal,
          encoded: thread ? inThreadWriter : undefined,
          ...(thread ? { maxBatch: ENCODED_BATCH, memoryBatches: ENCODED_MEMORY_BATCHES } : {}),
          maxWrite: inMemory ? MAX_WRITE_SQLITE_IN_PROCESS : sqliteFile ? MAX_WRITE_SQLITE : MAX_WRITE,
          // Writes wait for the timer and go together (docs/decisions.md D43, D45, D50); only an
          // in-memory database, which writes on the event loop, writes each batch as it is cut.
          coalesce: !inMemory,
          writeTicks: WRITE_TICKS,
          journalWanted: journalDir !== null,
          syncMs: config.scanJournal.syncMs,
          onFlush: (seconds) => app.metrics.flushSeconds.observe(seconds),
          now: () => clock.now().getTime(),
          hooks,
        },
      );
      app.decorate('scans', sink);
      registerScanMetrics(app.metrics.registry, () => sink.stats());
      app.addHook('onClose', async () => {
        try {
          await sink.close();
        } finally {
          await thread?.close();
        }
      });
    },
    { name: 'scans-runtime', dependencies: ['metrics-runtime'] },
  );
