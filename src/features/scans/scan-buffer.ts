import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.js';
import { scanId } from './scan-id.js';
import { writeScans, type CounterDelta, type ScanWriter } from './scans.repo.js';

export interface ScanRecord {
  codeId: string;
  shortCode: string;
  workspaceId: string;
  organizationId: string;
  /** scan time, ISO 8601 (computed once per request) */
  at: string;
  /** the same time in epoch ms */
  atMs: number;
  country: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  referrer: string | null;
  language: string | null;
  bot: boolean;
  ipHash: string | null;
  destination: string | null;
}

/** Where scans go. The buffered database sink is the default; another sink could be a queue. */
export interface ScanSink {
  record(scan: ScanRecord): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** About 250 MB of pending scans. */
export const MAX_PENDING = 500_000;

/** YYYY-MM of an ISO 8601 time or a Date, UTC. */
export const periodOf = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString()).slice(0, 7);

/**
 * Scans recorded since the batch opened: their column values, flat in SCAN_COLUMNS order (no
 * object per scan: less garbage on the hot path), and the counter deltas they carry.
 */
interface Batch {
  values: unknown[];
  count: number;
  delta: CounterDelta;
  /** counted scans per short code, to release from the pending counts once written */
  byShortCode: Map<string, number>;
}

const newBatch = (): Batch => ({ values: [], count: 0, delta: { codes: new Map(), usage: new Map() }, byShortCode: new Map() });

/**
 * Collects scans in memory and writes them in one transaction per batch: on a short timer, when a
 * batch is full, and on shutdown. A redirect costs a few array pushes, not a write transaction.
 * A failed write keeps its batch for the next attempt. What a crash can lose: docs/codes.md.
 */
export class ScanBuffer implements ScanSink {
  private current = newBatch();
  private sealed: Batch[] = [];
  private pending = 0;
  /** counted (non-bot) scans not yet committed, per short code and per organization-month */
  private pendingByCode = new Map<string, number>();
  private pendingByOrg = new Map<string, number>();
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout;
  private closed = false;
  private dropped = 0;
  private write: ScanWriter;

  /** `writer` defaults to writeScans() on `db` (Kysely, in this thread). */
  constructor(db: DB, private log: FastifyBaseLogger, flushMs: number, private maxBatch = 1_000, writer?: ScanWriter) {
    this.write = writer ?? ((values, delta) => writeScans(db, values, delta));
    this.timer = setInterval(() => void this.flush().catch(() => undefined), Math.max(10, flushMs));
    this.timer.unref();
  }

  record(s: ScanRecord): void {
    // While the database is unreachable the buffer grows; past this bound new scans are dropped
    // (and counted in the log) rather than letting the process run out of memory and lose all.
    if (this.pending >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    const b = this.current;
    // Order: SCAN_COLUMNS in scans.repo.ts.
    b.values.push(
      scanId(s.atMs), s.codeId, s.workspaceId, s.organizationId, s.at, s.country, s.device, s.os, s.browser,
      s.referrer, s.language, s.bot ? 1 : 0, s.ipHash, s.destination,
    );
    b.count++;
    this.pending++;
    if (!s.bot) {
      const period = periodOf(s.at);
      const orgKey = `${s.organizationId}|${period}`;
      bump(b.delta.codes, s.codeId, 1);
      bump(b.byShortCode, s.shortCode, 1);
      const u = b.delta.usage.get(orgKey);
      if (u) u.scans++;
      else b.delta.usage.set(orgKey, { organizationId: s.organizationId, period, scans: 1 });
      bump(this.pendingByCode, s.shortCode, 1);
      bump(this.pendingByOrg, orgKey, 1);
    }
    if (b.count >= this.maxBatch) {
      this.sealed.push(b);
      this.current = newBatch();
      void this.flush().catch(() => undefined);
    } else if (this.closed) void this.flush().catch(() => undefined);
  }

  /** Counted scans of a short code that are recorded but not yet in the database. */
  pendingForCode(shortCode: string): number {
    return this.pendingByCode.get(shortCode) ?? 0;
  }

  /** Counted scans of an organization's month not yet in the usage counter. */
  pendingForOrganization(organizationId: string, period: string): number {
    return this.pendingByOrg.get(`${organizationId}|${period}`) ?? 0;
  }

  /** Scans recorded and not yet written. */
  get size(): number {
    return this.pending;
  }

  /** Writes everything recorded so far; flushes never overlap. Rejects if a write failed. */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.drain());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async drain(): Promise<void> {
    if (this.current.count) {
      this.sealed.push(this.current);
      this.current = newBatch();
    }
    while (this.sealed.length) {
      const batch = this.sealed[0];
      try {
        await this.write(batch.values, batch.delta);
      } catch (err) {
        this.log.error({ err, pending: this.pending, dropped: this.dropped }, 'scan flush failed; will retry');
        throw err;
      }
      this.sealed.shift();
      this.pending -= batch.count;
      for (const [k, n] of batch.byShortCode) bump(this.pendingByCode, k, -n);
      for (const [k, u] of batch.delta.usage) bump(this.pendingByOrg, k, -u.scans);
      // SQLite writes may block the event loop: let waiting redirects through between batches.
      if (this.sealed.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Shutdown: stop the timer and write what is left (app onClose). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
  }
}

function bump(map: Map<string, number>, key: string, by: number) {
  const n = (map.get(key) ?? 0) + by;
  if (n === 0) map.delete(key);
  else map.set(key, n);
}
