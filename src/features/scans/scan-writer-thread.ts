import { Worker } from 'node:worker_threads';
import type { ScanBatch } from './scan-batch.js';
import type { ScanWriter } from './scan-buffer.js';
import type { WriteRequest, WriteResult, WriterTarget } from './scan-writer.worker.js';

/**
 * Scan writes on a worker thread with its own database connection (a SQLite file, shared through
 * WAL, or a PostgreSQL connection). The redirect's event loop only posts the batch (two typed
 * arrays and its distinct strings); building rows, hashing IPs and the transaction happen there.
 * The thread starts with the first write, so an instance that records no scan has none.
 */
export class ScanWriterThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private dead = false;

  /** `fallback` writes in this thread if the worker cannot start or dies. */
  constructor(
    private target: WriterTarget,
    private secret: string,
    private fallback: ScanWriter,
    private onDeath: (err: Error) => void = () => undefined,
  ) {}

  private start(): Worker {
    // Under tsx (how the service runs) a worker does not inherit the TypeScript loader: register
    // it first, then load the worker module.
    const url = new URL(`./scan-writer.worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;
    const boot = url.endsWith('.ts')
      ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(url)}); })`
      : `import(${JSON.stringify(url)})`;
    const worker = new Worker(boot, { eval: true, workerData: { target: this.target, secret: this.secret } });
    worker.on('exit', () => this.die(new Error('scan writer thread exited')));
    worker.on('message', (m: WriteResult) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.ok) w?.resolve();
      else w?.reject(new Error(`scan write failed: ${m.error}`));
    });
    worker.on('error', (err: Error) => this.die(err));
    return worker;
  }

  private die(err: Error) {
    if (this.dead) return;
    this.dead = true;
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
    this.onDeath(err);
  }

  readonly write = (batch: ScanBatch): Promise<void> => {
    if (this.dead) return this.fallback(batch);
    this.worker ??= this.start();
    const request: WriteRequest = { id: this.nextId++, batch };
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(request.id, { resolve, reject });
      this.worker!.postMessage(request);
    });
  };

  /** After the last write: the thread closes its connection and exits. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.dead = true;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    const timeout = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(timeout);
  }
}
