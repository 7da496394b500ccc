import type { Insertable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.js';
import { scanId } from './scan-id.js';
import type { ScansTable } from './scans.table.js';
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

interface Pending { row: Insertable<ScansTable>; shortCode: string; period: string }

/** Where scans go. The buffered database sink is the default; another sink could be a queue. */
export interface ScanSink {
  record(scan: ScanRecord): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** YYYY-MM of an ISO 8601 time or a Date, UTC. */
/** About 250 MB of pending scans. */
export const MAX_PENDING = 500_000;

export const periodOf = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString()).slice(0, 7);

/**
 * Collects scans in memory and writes them in one transaction per flush: on a short timer, when the
 * batch grows large, and on shutdown. A redirect costs an array push, not a write transaction.
 * A failed flush keeps its rows for the next attempt. What a crash can lose: docs/codes.md.
 */
export class ScanBuffer implements ScanSink {
  private rows: Pending[] = [];
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
    this.write = writer ?? ((rows, delta) => writeScans(db, rows, delta));
    this.timer = setInterval(() => void this.flush().catch(() => undefined), Math.max(10, flushMs));
    this.timer.unref();
  }

  record(s: ScanRecord): void {
    // While the database is unreachable the buffer grows; past this bound new scans are dropped
    // (and counted in the log) rather than letting the process run out of memory and lose all.
    if (this.rows.length >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    const period = periodOf(s.at);
    this.rows.push({
      shortCode: s.shortCode, period,
      row: {
        id: scanId(s.atMs), code_id: s.codeId, workspace_id: s.workspaceId, organization_id: s.organizationId,
        scanned_at: s.at, country: s.country, device: s.device, os: s.os, browser: s.browser,
        referrer: s.referrer, language: s.language, is_bot: s.bot ? 1 : 0, ip_hash: s.ipHash, destination: s.destination,
      },
    });
    if (!s.bot) {
      bump(this.pendingByCode, s.shortCode, 1);
      bump(this.pendingByOrg, `${s.organizationId}|${period}`, 1);
    }
    if (this.rows.length >= this.maxBatch || this.closed) void this.flush().catch(() => undefined);
  }

  /** Counted scans of a short code that are recorded but not yet in the database. */
  pendingForCode(shortCode: string): number {
    return this.pendingByCode.get(shortCode) ?? 0;
  }

  /** Counted scans of an organization's month not yet in the usage counter. */
  pendingForOrganization(organizationId: string, period: string): number {
    return this.pendingByOrg.get(`${organizationId}|${period}`) ?? 0;
  }

  get size(): number {
    return this.rows.length;
  }

  /** Writes everything recorded so far; flushes never overlap. Rejects if a write failed. */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.drain());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async drain(): Promise<void> {
    while (this.rows.length) {
      const batch = this.rows.splice(0, this.maxBatch);
      const delta: CounterDelta = { codes: new Map(), usage: new Map() };
      for (const p of batch) {
        if (p.row.is_bot) continue;
        bump(delta.codes, p.row.code_id, 1);
        const key = `${p.row.organization_id}|${p.period}`;
        const u = delta.usage.get(key);
        if (u) u.scans++;
        else delta.usage.set(key, { organizationId: p.row.organization_id, period: p.period, scans: 1 });
      }
      try {
        await this.write(batch.map((p) => p.row), delta);
      } catch (err) {
        this.rows = batch.concat(this.rows);
        this.log.error({ err, pending: this.rows.length, dropped: this.dropped }, 'scan flush failed; will retry');
        throw err;
      }
      for (const p of batch) {
        if (p.row.is_bot) continue;
        bump(this.pendingByCode, p.shortCode, -1);
        bump(this.pendingByOrg, `${p.row.organization_id}|${p.period}`, -1);
      }
      // SQLite writes block the event loop: let waiting redirects through between batches.
      if (this.rows.length) await new Promise((resolve) => setImmediate(resolve));
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
