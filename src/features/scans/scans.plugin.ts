import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import { ScanBuffer } from './scan-buffer.js';
import { SqliteScanWriter } from './sqlite-scan-writer.js';
import { sqliteFilePath } from '../../db/database.js';
import { writeScans } from './scans.repo.js';
import { RedirectCache } from '../redirect/redirect-cache.js';
import { LocalInvalidationBus, RedisInvalidationBus } from '../redirect/invalidation.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** buffered scan writer; `flush()` writes everything recorded so far (shutdown uses it too) */
    scans: ScanBuffer;
    /** short_code → redirect target cache; `invalidate()` after a committed change of a code */
    redirects: RedirectCache;
  }
}

/**
 * The redirect runtime shared by the codes, redirect and usage features: the scan buffer and the
 * redirect cache with its invalidation bus (Redis pub/sub when REDIS_URL is set). Registered before
 * them; on close it writes every buffered scan before the database goes away.
 */
export default fp(async function scansRuntime(app: App) {
  const { db, config, redis } = app.deps;
  // A SQLite file gets a writer thread (synchronous inserts would stall redirects); PostgreSQL
  // writes are asynchronous already, and an in-memory SQLite database cannot be shared.
  const path = sqliteFilePath(config.databaseUrl);
  const writer = path
    ? new SqliteScanWriter(path, (values, delta) => writeScans(db, values, delta), (err) => app.log.error({ err }, 'scan writer thread stopped; writing scans inline'))
    : null;
  const buffer = new ScanBuffer(db, app.log, config.scanFlushMs, undefined, writer?.write);
  const bus = redis ? new RedisInvalidationBus(redis) : new LocalInvalidationBus();
  const cache = new RedirectCache(db, bus, (shortCode) => buffer.pendingForCode(shortCode));
  app.decorate('scans', buffer);
  app.decorate('redirects', cache);
  app.addHook('onClose', async () => {
    try {
      await buffer.close();
    } finally {
      await writer?.close();
      await cache.close();
    }
  });
}, { name: 'scans-runtime' });
