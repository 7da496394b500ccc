import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { sqliteLockReleased, sqliteLockTaken } from '../../../db/sqlite-dialect.js';
import type { ConsumerOutputs } from '../../../platform/scan-consumers.js';

/** What the main thread asks the writer thread: write a batch, then prune visitor days before a day. */
export interface WriteRequest {
  id: number;
  /** the batches' scans, each a JSON array of ScanTuple (scan.ts) in UTF-8, one after the other */
  shared: SharedArrayBuffer;
  /** where each batch's bytes end in `shared` */
  ends: number[];
  /** where each batch the sink cut begins (ScanWriter) */
  starts: number[];
  pruneBefore: string | null;
}

/** `outputs`: what each scan consumer's write returned (flush/flush.ts), for its after-commit hook. */
export type WriteReply =
  { id: number; ok: true; outputs: ConsumerOutputs } | { id: number; ok: false; message: string; code?: string };

const DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;
const MIN_SHARED = 1 << 20;

const typescript = import.meta.url.endsWith('.ts');
const program = new URL(`./scan-writer.worker.${typescript ? 'ts' : 'js'}`, import.meta.url);

/**
 * Under tsx (`npm start`, tests) the program is TypeScript, and Node 20 neither hands the loader
 * to a worker nor takes `--import` in its execArgv: the thread registers tsx itself, then imports.
 */
function newWorker(workerData: unknown): Worker {
  if (!typescript) return new Worker(program, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(program.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/**
 * Scan batches written by a thread of their own, on a connection of their own: in process a write
 * with its rollups held the event loop for tens to hundreds of milliseconds, and longer the more
 * codes it spread over (better-sqlite3 is synchronous, docs/decisions.md D27; on PostgreSQL the
 * statements' arrays, the answers' rows and their garbage, docs/decisions.md D84). The thread is
 * started on the first batch and again after it died; a batch whose thread died is rejected, and
 * the sink writes it again.
 */
export class ScanWriterThread {
  private worker: Worker | null = null;
  private waiting = new Map<number, { resolve: (r: ConsumerOutputs) => void; reject: (err: Error) => void }>();
  private next = 0;
  /**
   * The bytes of the write out, in memory both threads see: copied into warm pages instead of a
   * string or buffer of fresh ones for every write (docs/decisions.md D49). The sink writes one
   * batch at a time; a write posted while another is out gets a buffer of its own.
   */
  private shared = new SharedArrayBuffer(0);

  /**
   * `mainConnection`: the process's own connection to the same file. While the thread runs, that
   * connection leaves WAL checkpoints to it (docs/decisions.md D46): a commit that passes SQLite's
   * threshold copies the WAL's pages into the file, and on the event loop that took 6-10 ms a commit
   * while scans were being written.
   */
  /** `consumersModule`: the URL of the module whose `scanConsumers` the thread writes with (src/features/scan-consumers.ts), or null for none. */
  /** `options.sqlite`: the file's lock is shared with the main connection (sqlite-dialect.ts); `poolMax`: PostgreSQL connections of the thread. */
  constructor(
    private databaseUrl: string,
    private ipSecret: string,
    private consumersModule: string | null = null,
    private mainConnection: SQLite.Database | null = null,
    private options: { sqlite: boolean; poolMax?: number } = { sqlite: true },
  ) {}

  /** Loading the thread's modules takes a while: started with the app, it is ready for the first batch. */
  warm(): void {
    if (!this.worker) this.start();
  }

  /** Resolves with the consumers' outputs, once the batch committed. */
  write(batches: Uint8Array[], starts: number[], pruneBefore: string | null): Promise<ConsumerOutputs> {
    const worker = this.worker ?? this.start();
    const id = ++this.next;
    const { shared, ends } = this.copied(batches);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Queries of this thread that meet the lock now wait for the answer (sqlite-dialect.ts).
      if (this.options.sqlite) sqliteLockTaken();
      worker.postMessage({ id, shared, ends, starts, pruneBefore } satisfies WriteRequest);
    });
  }

  private copied(batches: Uint8Array[]): { shared: SharedArrayBuffer; ends: number[] } {
    const size = batches.reduce((n, b) => n + b.byteLength, 0);
    const busy = this.waiting.size > 0;
    let shared = this.shared;
    if (busy || shared.byteLength < size) {
      // Doubling: a write's size settles within a few writes, and then the pages stay warm.
      shared = new SharedArrayBuffer(Math.max(MIN_SHARED, 2 ** Math.ceil(Math.log2(size))));
      if (!busy) this.shared = shared;
    }
    const into = new Uint8Array(shared);
    const ends: number[] = [];
    let at = 0;
    for (const b of batches) {
      into.set(b, at);
      ends.push((at += b.byteLength));
    }
    return { shared, ends };
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
    this.checkpointHere(true);
  }

  /** SQLite's default threshold back on the main connection, or off while the thread checkpoints. */
  private checkpointHere(on: boolean): void {
    if (this.mainConnection?.open)
      this.mainConnection.pragma(`wal_autocheckpoint = ${on ? DEFAULT_AUTOCHECKPOINT_PAGES : 0}`);
  }

  private start(): Worker {
    const worker = newWorker({
      databaseUrl: this.databaseUrl,
      ipSecret: this.ipSecret,
      consumersModule: this.consumersModule,
      poolMax: this.options.poolMax ?? 2,
    });
    // The sink's own promises keep a graceful shutdown waiting; an idle thread must not keep the process alive.
    worker.unref();
    worker.on('message', (reply: WriteReply) => {
      const w = this.waiting.get(reply.id);
      if (!w) return;
      this.waiting.delete(reply.id);
      // The thread's transaction has ended: a query of this thread waiting for the lock goes first.
      if (this.options.sqlite) sqliteLockReleased();
      if (reply.ok) w.resolve(reply.outputs);
      else w.reject(Object.assign(new Error(reply.message), reply.code ? { code: reply.code } : {}));
    });
    const died = (err: Error) => {
      if (this.worker === worker) {
        this.worker = null;
        this.checkpointHere(true);
      }
      for (const w of this.waiting.values()) {
        if (this.options.sqlite) sqliteLockReleased();
        w.reject(err);
      }
      this.waiting.clear();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`scan writer thread exited with ${code}`)));
    this.worker = worker;
    this.checkpointHere(false);
    return worker;
  }
}
