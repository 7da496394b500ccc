import type { ServiceDeps } from '../../platform/deps.js';
import { isPostgres } from '../../db/database.js';
import { checkDatabase } from '../../platform/health/index.js';
import { jobQueueHealth } from '../../platform/jobs/index.js';
import { MAIL_JOB } from '../../platform/mail/index.js';
import { countFailedDeliveries } from '../webhooks/index.js';
import { recentErrors } from '../../http/recent-errors.js';

/** Recent failures are counted over a day: long enough to see a night's trouble in the morning. */
export const WINDOW_HOURS = 24;

/** What the scan sink reports (app.scans.stats(), the figures of GET /v1/health and /metrics). */
export interface ScanStats {
  pending: number;
  lagMs: number;
  journal: 'on' | 'off' | 'unavailable';
  journalBytes: number;
  dropped: number;
}

/**
 * GET /v1/operator/health (docs/decisions.md D77): each figure from the feature that owns it, read
 * through its public module; the last server errors are this process's own (src/http/recent-errors.ts).
 */
export async function instanceHealth(deps: ServiceDeps<'redisCircuit'>, scans: ScanStats) {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - WINDOW_HOURS * 3_600_000);
  // A database that does not answer still gets a page that says so, with zeros for what it holds.
  const [database, kinds, webhookFailures] = await Promise.all([
    checkDatabase(deps.db),
    jobQueueHealth(deps.db, since).catch(() => []),
    countFailedDeliveries(deps.db, since).catch(() => 0),
  ]);
  const sum = (pick: (k: (typeof kinds)[number]) => number) => kinds.reduce((n, k) => n + pick(k), 0);
  const circuit = deps.redisCircuit;
  return {
    version: deps.config.version,
    environment: deps.config.env,
    uptime_seconds: Math.floor(process.uptime()),
    checked_at: now.toISOString(),
    window_hours: WINDOW_HOURS,
    database: {
      dialect: isPostgres(deps.db) ? ('postgres' as const) : ('sqlite' as const),
      reachable: database.reachable,
      latency_ms: database.latencyMs,
    },
    redis: { configured: circuit !== null, reachable: circuit ? circuit.state === 'up' : null },
    scans: {
      pending: scans.pending,
      lag_seconds: Math.round(scans.lagMs / 100) / 10,
      journal: scans.journal,
      journal_bytes: scans.journalBytes,
      dropped: scans.dropped,
      backlog_degraded_at: deps.config.scanBacklogDegraded,
    },
    jobs: {
      pending: sum((k) => k.pending),
      running: sum((k) => k.running),
      failed: sum((k) => k.failed),
      kinds,
    },
    mail: { failed: kinds.find((k) => k.kind === MAIL_JOB)?.failed ?? 0 },
    webhooks: { failed: webhookFailures },
    recent_errors: recentErrors(),
  };
}
