import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { setTimeout as delay } from 'node:timers/promises';
import { Piscina } from 'piscina';
import { AppError, invalid, type FieldError } from '../../http/errors.js';
import type { PlacedLogo, Rasteriser } from '../../qr/index.js';
import type { CheckResult, ImageJob, ImageTask } from './image.worker.js';
import type { CheckedLogo, LogoType } from './logo-files.js';

// Under tsx (npm start, the tests) the worker is TypeScript and needs a boot file that registers
// tsx in the thread; a compiled build loads the .js worker directly (as export-pool.ts does).
const underTsx = import.meta.url.endsWith('.ts');
const workerFile = fileURLToPath(new URL(underTsx ? './image.worker-boot.mjs' : './image.worker.js', import.meta.url));

export interface ImageBudget {
  /** worker threads (IMAGE_WORKERS) */
  threads: number;
  /** from a task's start on its thread to its answer (IMAGE_TASK_TIMEOUT_MS); past it the thread is ended */
  timeoutMs: number;
  /** V8 heap of a thread (IMAGE_TASK_MEMORY_MB); past it the thread is ended */
  memoryMb: number;
}

/** Fitted logos kept in memory, by total PNG bytes; a code's images reuse its logo at a few sizes. */
export const FITTED_LOGO_CACHE_BYTES = 32 * 1024 * 1024;
/** Tasks waiting for a thread; past that an upload or image is a 503 with Retry-After. */
const MAX_QUEUE = 64;
const BUSY_RETRY_S = 5;

/** Least recently used first: a Map iterates in insertion order, and a hit re-inserts. */
class FittedLogos {
  private entries = new Map<string, Buffer>();
  private bytes = 0;

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, png: Buffer): void {
    if (png.length > FITTED_LOGO_CACHE_BYTES || this.entries.has(key)) return;
    this.entries.set(key, png);
    this.bytes += png.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= FITTED_LOGO_CACHE_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= old.length;
    }
  }
}

class OverBudget extends Error {}

const epochNow = () => performance.timeOrigin + performance.now();

/**
 * Worker threads for the work on uploaded logos whose cost grows with the file (see
 * docs/decisions.md D55): checking an upload, fitting a logo into a code's pixels, rasterising a
 * code with a logo or frame. Each task has a time and a memory budget; a task over either ends with its thread, and
 * the caller gets a 422 `too_complex`, never a 500 or a wait. The pool starts with the first task;
 * idle threads end after a minute.
 */
export class ImageWorkers {
  private pool: Piscina<ImageTask, CheckResult | Uint8Array> | null = null;
  private fitted = new FittedLogos();
  private fitting = new Map<string, Promise<Buffer>>();

  constructor(private budget: ImageBudget) {}

  private async run(job: ImageJob): Promise<CheckResult | Uint8Array> {
    this.pool ??= new Piscina<ImageTask, CheckResult | Uint8Array>({
      filename: workerFile,
      minThreads: 0,
      maxThreads: this.budget.threads,
      idleTimeout: 60_000,
      maxQueue: MAX_QUEUE,
      resourceLimits: { maxOldGenerationSizeMb: this.budget.memoryMb },
    });
    if (this.pool.queueSize >= MAX_QUEUE)
      throw new AppError(
        'unavailable',
        'Too many images are being checked or drawn on this instance; retry shortly.',
        {},
        { 'retry-after': String(BUSY_RETRY_S) },
      );
    // The budget starts when the thread takes the task up: a task waiting behind another, or for a
    // thread to start, has not used any of it. The thread says when (on the clock all threads
    // share), so a busy event loop that reads the message late neither stretches the budget nor,
    // when the answer is read in the same turn, lets a task that overran it pass.
    const abort = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    let startedAt: number | undefined;
    const started = new Promise<number>((resolve) =>
      port1.once('message', (at: number) => {
        startedAt = at;
        timer = setTimeout(() => abort.abort(), Math.max(0, at + this.budget.timeoutMs - epochNow()));
        resolve(at);
      }),
    );
    try {
      const out = await this.pool.run({ ...job, started: port2 } as ImageTask, {
        signal: abort.signal,
        // piscina infers its transfer list type from the DOM's postMessage overloads, which miss node's ports
        transferList: [port2] as never,
      });
      // Posted before the answer, so nearly always read first; else a moment's grace for it.
      const at = startedAt ?? (await Promise.race([started, delay(100, null)]));
      if (at !== null && epochNow() - at > this.budget.timeoutMs) throw this.overTime();
      return out;
    } catch (err) {
      const e = err as Error & { code?: string };
      if (e.name === 'AbortError') throw this.overTime();
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new OverBudget(`needed more than ${this.budget.memoryMb} MB`);
      throw err;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  private overTime() {
    return new OverBudget(`took longer than ${this.budget.timeoutMs / 1000} s`);
  }

  /** Decodes a PNG or sanitises an SVG that passed `precheckLogo`: the file to store, or the problems. */
  async check(contentType: LogoType, data: Buffer): Promise<CheckedLogo | FieldError[]> {
    let out: CheckResult;
    try {
      out = (await this.run({ op: 'check', contentType, data })) as CheckResult;
    } catch (err) {
      if (!(err instanceof OverBudget)) throw err;
      const detail = `checking this file ${err.message}; a logo should be a simple mark (simplify it, or upload a PNG)`;
      return [{ pointer: '/data', detail, code: 'too_complex' }];
    }
    if (Array.isArray(out)) return out;
    return { ...out, data: Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength) };
  }

  private async draw(task: ImageJob): Promise<Buffer> {
    try {
      const png = (await this.run(task)) as Uint8Array;
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    } catch (err) {
      if (!(err instanceof OverBudget)) throw err;
      const detail = `Drawing this code's logo ${err.message}; choose a simpler logo.`;
      throw invalid([{ pointer: '/style/logo_id', detail, code: 'too_complex' }], detail);
    }
  }

  /** A logo fitted into `px` pixels, from memory when this instance drew it before. */
  private fit(logo: PlacedLogo, px: number): Promise<Buffer> {
    // ~0.3 ms for the largest logo; the image's ETag hashes the same bytes.
    const key = `${createHash('sha256').update(logo.data).digest('base64url')}:${px}`;
    const hit = this.fitted.get(key);
    if (hit) return Promise.resolve(hit);
    let pending = this.fitting.get(key);
    if (!pending) {
      pending = this.draw({ op: 'logo', logo, px })
        .then((png) => {
          this.fitted.set(key, png);
          return png;
        })
        .finally(() => this.fitting.delete(key));
      this.fitting.set(key, pending);
    }
    return pending;
  }

  /** What the renderers draw logos and frames with (src/qr/raster.ts). */
  readonly rasteriser: Rasteriser = {
    logo: (logo, px) => this.fit(logo, px),
    svg: (svg, widthPx) => this.draw({ op: 'svg', svg, widthPx }),
  };

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
