import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import { RedirectCache } from './redirect-cache.js';
import { CustomDomainMap } from './custom-domains.js';

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
    const { db, invalidation } = app.deps;
    const cache = new RedirectCache(db, invalidation, (shortCode) => app.scans.pendingForCode(shortCode));
    app.decorate('redirects', cache);
    app.decorate('customDomains', new CustomDomainMap(db, invalidation));
  },
  { name: 'redirect-runtime', dependencies: ['scans-runtime'] },
);
