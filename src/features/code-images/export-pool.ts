import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ExportTask } from './export-sheet.worker.js';

// Under tsx (npm start, the tests) the worker is TypeScript and needs a boot file that registers
// tsx in the thread; a compiled build loads the .js worker directly.
const underTsx = import.meta.url.endsWith('.ts');
const workerFile = fileURLToPath(
  new URL(underTsx ? './export-sheet.worker-boot.mjs' : './export-sheet.worker.js', import.meta.url),
);

/**
 * Label sheets are drawn on `threads` worker threads (EXPORT_WORKERS). The pool starts with the
 * first export, so an instance that never exports has no thread; idle threads end after a minute.
 * At most `maxQueue` sheets wait for a thread; past that `run` rejects and the caller answers 503.
 */
export class ExportPool {
  private pool: Piscina<ExportTask, Uint8Array> | null = null;

  constructor(
    private threads: number,
    private maxQueue = 64,
  ) {}

  run(task: ExportTask): Promise<Uint8Array> {
    this.pool ??= new Piscina<ExportTask, Uint8Array>({
      filename: workerFile,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 60_000,
      maxQueue: this.maxQueue,
    });
    return this.pool.run(task);
  }

  get queueFull(): boolean {
    return this.pool !== null && this.pool.queueSize >= this.maxQueue;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
