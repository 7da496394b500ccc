import fp from 'fastify-plugin';
import type { App } from '../../../http/types.js';
import { isPostgres } from '../../../db/database.js';
import { runRetention } from './scan-retention.js';

/**
 * Runs the retention pass every RETENTION_INTERVAL_MS (0 = off), the first one a minute after
 * start at the latest so frequent deploys do not starve it. Runs never overlap in one process;
 * across instances they may, and that is safe. Closing the app stops between two statements.
 */
export default fp(
  async function retentionJob(app: App) {
    const { db, clock, config } = app.deps;
    const { intervalMs, managePartitions } = config.retention;
    if (intervalMs <= 0) return;
    // A 5,000-row delete takes 40–80 ms in better-sqlite3, on the event loop; 1,000 takes about 10.
    const batchSize = config.retention.batchSize ?? (isPostgres(db) ? 5_000 : 1_000);
    const stop = new AbortController();
    let running: Promise<void> | null = null;
    let timer: NodeJS.Timeout | null = null;
    const schedule = (ms: number) => {
      timer = setTimeout(() => {
        running = runRetention(db, clock.now(), { batchSize, managePartitions, signal: stop.signal })
          .then(
            (r) => {
              if (r.errors.length)
                app.log.warn({ retention: r }, 'scan retention pass: partition maintenance failed in part');
              else if (r.deleted || r.dropped.length || r.created.length)
                app.log.info({ retention: r }, 'scan retention pass');
            },
            (err: unknown) => app.log.error({ err }, 'scan retention pass failed; retrying at the next interval'),
          )
          .finally(() => {
            running = null;
            if (!stop.signal.aborted) schedule(intervalMs);
          });
      }, ms);
      timer.unref();
    };
    app.addHook('onReady', async () => schedule(Math.min(intervalMs, 60_000)));
    app.addHook('onClose', async () => {
      stop.abort();
      if (timer) clearTimeout(timer);
      await running;
    });
  },
  { name: 'scan-retention' },
);
