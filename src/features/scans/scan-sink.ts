import type { FastifyBaseLogger } from 'fastify';
import { retried } from '../../lib/retry.js';
import { periodOf, type Scan } from './scan.js';

/**
 * Where the redirect puts scans. `record` is synchronous and cheap; the scan reaches the database
 * later, in one transaction with its rollups and counters (scan-write.ts). Until then the pending
 * counters keep max_scans and usage exact for this instance.
 */
export interface ScanSink {
  record(scan: Scan): void;
  /** counted (non-bot) scans of a short code recorded and not yet written */
  pendingForCode(shortCode: string): number;
  /** counted scans of an organization's month (YYYY-MM) recorded and not yet written */
  pendingForOrganization(organizationId: string, period: string): number;
  /** scans recorded and not yet written */
  readonly size: number;
  /** writes everything recorded so far; rejects if a write failed (the scans stay queued) */
  flush(): Promise<void>;
  /** stops the timer and writes what is left */
  close(): Promise<void>;
}

/** Writes one batch with its rollups and counters in one transaction; rejects if nothing was written. */
export type ScanWriter = (scans: Scan[]) => Promise<void>;

/** About 30 MB of pending scans (a scan object and its share of strings is ~150 bytes). */
export const MAX_PENDING = 200_000;

const ignore = () => undefined;
const CLOSE_ATTEMPTS = 3;

/**
 * The in-process sink: scans collect in an array and are written in batches of `maxBatch` on a
 * short timer, when a batch is full, and on close. A failed batch stays at the head of the queue
 * and is retried on the next tick, so an outage loses nothing until MAX_PENDING.
 */
export class BufferedScanSink implements ScanSink {
  private open: Scan[] = [];
  private queue: Scan[][] = [];
  private pending = 0;
  private byCode = new Map<string, number>();
  private byOrg = new Map<string, number>();
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout;
  private closed = false;
  private dropped = 0;

  constructor(
    private write: ScanWriter,
    private log: FastifyBaseLogger,
    flushMs: number,
    private maxBatch = 1_000,
  ) {
    this.timer = setInterval(() => void this.flush().catch(ignore), Math.max(10, flushMs));
    this.timer.unref();
  }

  record(scan: Scan): void {
    // While the database is unreachable the queue grows; past this bound new scans are dropped
    // (and counted in the log) rather than letting the process run out of memory and lose all.
    if (this.pending >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.open.push(scan);
    this.pending++;
    if (!scan.bot) this.count(scan, 1);
    if (this.open.length >= this.maxBatch || this.closed) void this.flush().catch(ignore);
  }

  pendingForCode(shortCode: string): number {
    return this.byCode.get(shortCode) ?? 0;
  }

  pendingForOrganization(organizationId: string, period: string): number {
    return this.byOrg.get(`${organizationId}|${period}`) ?? 0;
  }

  get size(): number {
    return this.pending;
  }

  flush(): Promise<void> {
    const run = this.chain.then(() => this.drain());
    this.chain = run.catch(ignore);
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    // A pooled connection the database dropped fails once and leaves the pool: try again before
    // giving up on what is left (the failure is logged with the count by drain()).
    await retried(() => this.flush(), CLOSE_ATTEMPTS, 100);
  }

  private count(scan: Scan, by: 1 | -1) {
    bump(this.byCode, scan.code.shortCode, by);
    bump(this.byOrg, `${scan.code.organizationId}|${monthOf(scan.at)}`, by);
  }

  private async drain(): Promise<void> {
    for (let i = 0; i < this.open.length; i += this.maxBatch) this.queue.push(this.open.slice(i, i + this.maxBatch));
    this.open = [];
    while (this.queue.length) {
      const batch = this.queue[0];
      try {
        await this.write(batch);
      } catch (err) {
        this.log.error({ err, pending: this.pending, dropped: this.dropped }, 'scan flush failed; will retry');
        throw err;
      }
      this.queue.shift();
      this.pending -= batch.length;
      for (const scan of batch) if (!scan.bot) this.count(scan, -1);
      // An in-process SQLite write blocks the event loop: let waiting redirects through between batches.
      if (this.queue.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

let month = { start: 0, end: 0, period: '' };
/** periodOf for epoch ms, without a Date per scan: scans arrive in time order, so one month is cached. */
function monthOf(ms: number): string {
  if (ms < month.start || ms >= month.end) {
    const d = new Date(ms);
    month = {
      start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
      end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
      period: periodOf(d),
    };
  }
  return month.period;
}

function bump(map: Map<string, number>, key: string, by: number) {
  const n = (map.get(key) ?? 0) + by;
  if (n === 0) map.delete(key);
  else map.set(key, n);
}
