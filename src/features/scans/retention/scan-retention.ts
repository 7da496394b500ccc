import { setImmediate as yieldToLoop, setTimeout as sleep } from 'node:timers/promises';
import { isPostgres, type DB } from '../../../db/database.js';
import { deleteExpiredScans } from './scan-retention.repo.js';
import { workspaceCodeIds } from '../../codes/index.js';
import { workspacesWithRetention } from '../../workspaces/index.js';
import { dropExpiredPartitions, ensurePartitions } from './scan-partitions.js';

export interface RetentionOptions {
  /** rows per delete statement */
  batchSize: number;
  /** pause after a full batch, so other writers and readers get the table between statements */
  pauseMs?: number;
  /** stop between two statements (the app is closing) */
  signal?: AbortSignal;
  /** PostgreSQL: create months ahead and drop expired months (default true; false under pg_partman) */
  managePartitions?: boolean;
  /** told after each delete statement that removed rows (logging, metrics) */
  onBatch?: (codeId: string, rows: number) => void;
}

export interface RetentionResult {
  /** rows removed by batched deletes */
  deleted: number;
  /** delete statements that removed at least one row */
  batches: number;
  /** PostgreSQL partitions created ahead and dropped whole */
  created: string[];
  dropped: string[];
  /** partition steps that failed this pass (logged; the batched deletes still ran) */
  errors: string[];
}

const CODE_PAGE = 500;

/**
 * One retention pass. PostgreSQL first keeps the monthly partitions ahead and drops the months
 * entirely past retention; then, on both databases, each workspace with `scan_retention_days`
 * loses its older raw scans code by code in statements of at most `batchSize` rows. Every step is
 * idempotent, so several instances may run it at once. Rollups, scan_count and usage stay.
 */
export async function runRetention(db: DB, now: Date, opts: RetentionOptions): Promise<RetentionResult> {
  const out: RetentionResult = { deleted: 0, batches: 0, created: [], dropped: [], errors: [] };
  if (isPostgres(db) && opts.managePartitions !== false) {
    const made = await ensurePartitions(db, now);
    out.created = made.created;
    out.errors.push(...made.failed.map((f) => `creating ${f.name}: ${f.error}`));
    out.dropped = await dropExpiredPartitions(db, now).catch((err: Error) => {
      out.errors.push(`dropping expired partitions: ${err.message}`);
      return [];
    });
  }
  for (const ws of await workspacesWithRetention(db)) {
    const cutoff = new Date(now.getTime() - ws.days * 86_400_000);
    let after: string | null = null;
    for (;;) {
      const ids = await workspaceCodeIds(db, ws.id, after, CODE_PAGE);
      for (const codeId of ids) {
        for (;;) {
          if (opts.signal?.aborted) return out;
          const n = await deleteExpiredScans(db, codeId, cutoff, opts.batchSize);
          if (n > 0) {
            out.deleted += n;
            out.batches++;
            opts.onBatch?.(codeId, n);
          }
          if (n < opts.batchSize) break;
          await sleep(opts.pauseMs ?? 20);
        }
        await yieldToLoop();
      }
      if (ids.length < CODE_PAGE) break;
      after = ids[ids.length - 1];
    }
  }
  return out;
}
