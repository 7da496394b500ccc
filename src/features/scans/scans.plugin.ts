import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import { ScanBuffer, type ScanWriter } from './scan-buffer.js';
import { ScanWriterThread } from './scan-writer-thread.js';
import type { WriterTarget } from './scan-writer.worker.js';
import { dialectOf, sqliteFilePath } from '../../db/database.js';
import { loadOrCreateSecret, writeScans } from './scans.repo.js';
import { IpHasher } from './ip-hash.js';
import { expandBatch } from './scan-rows.js';
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
  const { db, config, redis, clock } = app.deps;
  const secret = await loadOrCreateSecret(db, 'scan_ip_salt', clock.now());
  const hasher = new IpHasher(secret);
  const inline: ScanWriter = (batch) => writeScans(db, expandBatch(batch, hasher));
  // Writes go to a thread with its own connection, keeping row building and (for SQLite, which is
  // synchronous) the inserts off the redirects' event loop. An in-memory SQLite database cannot
  // be shared with a thread, so it is written in this one.
  const path = sqliteFilePath(config.databaseUrl);
  const target: WriterTarget | null = dialectOf(config.databaseUrl) === 'postgres' ? { postgres: config.databaseUrl } : path ? { sqlite: path } : null;
  const thread = target
    ? new ScanWriterThread(target, secret, inline, (err) => app.log.error({ err }, 'scan writer thread stopped; writing scans inline'))
    : null;
  const buffer = new ScanBuffer(thread?.write ?? inline, app.log, config.scanFlushMs);
  const bus = redis ? new RedisInvalidationBus(redis) : new LocalInvalidationBus();
  const cache = new RedirectCache(db, bus, (shortCode) => buffer.pendingForCode(shortCode));
  app.decorate('scans', buffer);
  app.decorate('redirects', cache);
  app.addHook('onClose', async () => {
    try {
      await buffer.close();
    } finally {
      await thread?.close();
      await cache.close();
    }
  });
}, { name: 'scans-runtime' });
