import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import { RedirectCache } from './redirect-cache.js';
import { CustomDomainMap } from './custom-domains.js';
import { LocalInvalidationBus, RedisInvalidationBus } from './invalidation.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** short_code → redirect target cache; `invalidate()` after a committed change of a code */
    redirects: RedirectCache;
    /** verified custom domain → workspace id; `invalidate()` after a domain changes */
    customDomains: CustomDomainMap;
  }
}

/**
 * The redirect's cache and its invalidation bus (Redis pub/sub when REDIS_URL is set), for the
 * codes feature to invalidate. Registered after the scan sink, whose pending counts it reads.
 */
export default fp(
  async function redirectRuntime(app: App) {
    const { db, redis } = app.deps;
    const bus = redis ? new RedisInvalidationBus(redis) : new LocalInvalidationBus();
    const cache = new RedirectCache(db, bus, (shortCode) => app.scans.pendingForCode(shortCode));
    app.decorate('redirects', cache);
    app.decorate('customDomains', new CustomDomainMap(db, bus));
    app.addHook('onClose', () => cache.close());
  },
  { name: 'redirect-runtime', dependencies: ['scans-runtime'] },
);
