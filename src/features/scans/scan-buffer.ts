import type { FastifyBaseLogger } from 'fastify';
import { BatchBuilder, monthOf, type ScanBatch, type ScanCode } from './scan-batch.js';
import type { AgentInfo } from './scan-fields.js';

/** Writes one batch with its counter deltas, in one transaction; rejects if nothing was written. */
export type ScanWriter = (batch: ScanBatch) => Promise<void>;

/** About 25 MB of pending scans (48 bytes each, plus each batch's distinct strings). */
export const MAX_PENDING = 500_000;

const ignore = () => undefined;

/**
 * Collects scans in memory and hands them to a writer in batches: on a short timer, when a batch
 * is full, and on shutdown. Recording a scan stores a few numbers into the open batch
 * (scan-batch.ts); the writer builds rows and runs one transaction per batch. A failed write
 * keeps its batch for the next attempt. What a crash can lose: docs/codes.md.
 */
export class ScanBuffer {
  private current: BatchBuilder | null = null;
  private sealed: BatchBuilder[] = [];
  private pending = 0;
  /** counted scans of sealed, unwritten batches: per short code, and per `organization|period` */
  private sealedByCode = new Map<string, number>();
  private sealedByOrg = new Map<string, number>();
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout;
  private closed = false;
  private dropped = 0;

  constructor(private write: ScanWriter, private log: FastifyBaseLogger, flushMs: number, private maxBatch = 2_000) {
    this.timer = setInterval(() => void this.flush().catch(ignore), Math.max(10, flushMs));
    this.timer.unref();
  }

  /** One scan of `code` at `atMs`; bots are recorded, flagged, and not counted. */
  record(
    code: ScanCode, atMs: number, agent: AgentInfo, ip: string | null,
    language: string | null, referrer: string | null, country: string | null, destination: string | null,
  ): void {
    // While the database is unreachable the buffer grows; past this bound new scans are dropped
    // (and counted in the log) rather than letting the process run out of memory and lose all.
    if (this.pending >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    let b = this.current;
    // A batch holds one month, so its usage delta has one period.
    if (b === null || !b.holds(atMs)) b = this.open(atMs);
    b.add(code, atMs, destination, ip, agent.device, agent.os, agent.browser, language, referrer, country, agent.bot);
    this.pending++;
    if (b.full) {
      this.seal();
      void this.flush().catch(ignore);
    } else if (this.closed) void this.flush().catch(ignore);
  }

  /** Counted scans of a short code that are recorded but not yet in the database. */
  pendingForCode(shortCode: string): number {
    return (this.sealedByCode.get(shortCode) ?? 0) + (this.current?.tallies.get(shortCode)?.counted ?? 0);
  }

  /** Counted scans of an organization's month not yet in the usage counter. */
  pendingForOrganization(organizationId: string, period: string): number {
    const b = this.current;
    const open = b !== null && b.period === period ? b.orgs.get(organizationId)?.counted ?? 0 : 0;
    return (this.sealedByOrg.get(`${organizationId}|${period}`) ?? 0) + open;
  }

  /** Scans recorded and not yet written. */
  get size(): number {
    return this.pending;
  }

  /** Writes everything recorded so far; flushes never overlap. Rejects if a write failed. */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.drain());
    this.chain = run.catch(ignore);
    return run;
  }

  /** Shutdown: stop the timer and write what is left (app onClose). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
  }

  private open(atMs: number): BatchBuilder {
    this.seal();
    const m = monthOf(atMs);
    return (this.current = new BatchBuilder(this.maxBatch, m.period, m.start, m.end));
  }

  private seal(): void {
    const b = this.current;
    this.current = null;
    if (!b || b.count === 0) return;
    this.sealed.push(b);
    this.tally(b, 1);
  }

  private tally(b: BatchBuilder, sign: 1 | -1): void {
    for (const [shortCode, t] of b.tallies) if (t.counted) bump(this.sealedByCode, shortCode, sign * t.counted);
    for (const [org, t] of b.orgs) if (t.counted) bump(this.sealedByOrg, `${org}|${b.period}`, sign * t.counted);
  }

  private async drain(): Promise<void> {
    this.seal();
    while (this.sealed.length) {
      const batch = this.sealed[0];
      try {
        await this.write(batch.toBatch());
      } catch (err) {
        this.log.error({ err, pending: this.pending, dropped: this.dropped }, 'scan flush failed; will retry');
        throw err;
      }
      this.sealed.shift();
      this.pending -= batch.count;
      this.tally(batch, -1);
      // An in-process SQLite write blocks the event loop: let waiting redirects through between batches.
      if (this.sealed.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

function bump(map: Map<string, number>, key: string, by: number) {
  const n = (map.get(key) ?? 0) + by;
  if (n === 0) map.delete(key);
  else map.set(key, n);
}
