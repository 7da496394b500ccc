import { Worker } from 'node:worker_threads';
import type { CounterDelta, ScanWriter } from './scans.repo.js';
import type { WriteMessage } from './scan-writer.worker.js';

/**
 * Scan writes for a SQLite file database, done by a worker thread with its own connection
 * (WAL lets the two connections share the file). better-sqlite3 is synchronous, so inline flushes
 * would stall every redirect for the length of the insert; this way the event loop only copies
 * the values to the worker. Same transaction contents as writeScans().
 */
export class SqliteScanWriter {
  private worker: Worker;
  private nextId = 1;
  private waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private dead = false;

  /** `fallback` writes in this thread if the worker cannot start or dies. */
  constructor(path: string, private fallback: ScanWriter, private onDeath: (err: Error) => void = () => undefined) {
    // Under tsx (how the service runs) a worker does not inherit the TypeScript loader: register
    // it first, then load the worker module.
    const url = new URL(`./scan-writer.worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;
    const boot = url.endsWith('.ts')
      ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(url)}); })`
      : `import(${JSON.stringify(url)})`;
    this.worker = new Worker(boot, { eval: true, workerData: { path } });
    this.worker.on('exit', () => this.die(new Error('scan writer thread exited')));
    this.worker.on('message', (m: { id: number; ok: boolean; error?: string }) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.ok) w?.resolve();
      else w?.reject(new Error(`scan write failed: ${m.error}`));
    });
    this.worker.on('error', (err: Error) => this.die(err));
  }

  private die(err: Error) {
    if (this.dead) return;
    this.dead = true;
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
    this.onDeath(err);
  }

  readonly write = (values: unknown[], delta: CounterDelta): Promise<void> => {
    if (this.dead) return this.fallback(values, delta);
    const message: WriteMessage = {
      id: this.nextId++,
      values,
      codes: [...delta.codes].sort(([a], [b]) => (a < b ? -1 : 1)),
      usage: [...delta.usage.values()].map((u) => [u.organizationId, u.period, u.scans]),
    };
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(message.id, { resolve, reject });
      this.worker.postMessage(message);
    });
  };

  async close(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }
}
