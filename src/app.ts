import Fastify, { type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './platform/config.js';
import type { Deps } from './platform/deps.js';
import { onConnectionError, openDatabase, type DB } from './db/database.js';
import { connectRedis, openRedis, RedisCircuit } from './db/redis.js';
import { LocalInvalidationBus, RedisInvalidationBus } from './db/invalidation.js';
import { systemClock, type Clock } from './lib/clock.js';
import {
  systemDnsResolver,
  systemHostResolver,
  type DnsResolver,
  type HostResolver,
} from './platform/dns/resolvers.js';
import { newId } from './lib/ids.js';
import { openGeo } from './platform/geo/open.js';
import { FallbackRateLimitStore, MemoryRateLimitStore, RedisRateLimitStore } from './http/rate-limit.store.js';
import { LastUsedTracker } from './features/api-keys/last-used.js';
import { actorDirectory } from './features/api-keys/actor-directory.js';
import {
  routeLevelCompilations,
  SchemaCompilations,
  serializersOnFirstUse,
  validatorCompiler,
} from './http/schema-compilers.js';
import { problemPlugin, sendProblem } from './http/problem.js';
import { requestIdPlugin } from './http/request-id.js';
import { cookiesPlugin } from './http/cookies.js';
import { openapiPlugin } from './http/openapi.js';
import { authPlugin } from './http/auth.js';
import { applyRateLimit } from './http/rate-limit.js';
import { AppError } from './http/errors.js';
import { idempotencyPlugin } from './http/idempotency.js';
import { deprecationPlugin } from './http/deprecation.js';
import { inputRulesPlugin } from './http/input-rules.js';
import { withRedaction } from './http/log-redact.js';
import { QuietRouteLogController, lazyChildLogger } from './http/request-log.js';
import { securityHeadersPlugin } from './http/security-headers.js';
import { compressionPlugin } from './http/compression.js';
import { features, preloads } from './features/index.js';
import { loadPdfKit } from './qr/index.js';
import { principalFromApiKey } from './features/api-keys/api-key.principal.js';
import { principalFromSession } from './features/accounts/session.principal.js';

export interface BuildOptions {
  db?: DB;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  dnsResolver?: DnsResolver;
  hostResolver?: HostResolver;
}

function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Each app's schemas not compiled yet, for warmUp. */
const compilationsOf = new WeakMap<object, SchemaCompilations>();

export async function buildApp(config: Config, opts: BuildOptions = {}) {
  const schemas = new SchemaCompilations();
  const app = Fastify({
    logger: withRedaction(opts.logger ?? { level: config.logLevel }),
    // The redirect logs only errors and slow requests unless LOG_REDIRECTS=true; no request builds a
    // child logger it does not use (docs/scans-pipeline.md, the hot path).
    logController: new QuietRouteLogController(config.logRedirects),
    childLoggerFactory: lazyChildLogger,
    // docs/decisions.md D2: we always mint the id; an incoming X-Request-Id is never trusted as ours.
    genReqId: () => newId('req'),
    schemaController: { compilersFactory: { buildSerializer: serializersOnFirstUse(schemas) } },
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    // Slow clients (slowloris): Node checks these every connectionsCheckingInterval, so that runs
    // at a fraction of the headers timeout for the cut-off to land close to it.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      keepAliveTimeout: config.http.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(config.http.headersTimeoutMs / 4))),
    },
    // A hop count trusts the n nearest addresses of the chain (the socket peer first), as Express does.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    // A URL the router cannot decode (bad percent-encoding) never reaches a hook; it still gets
    // a problem document with a request id and rate-limit headers.
    frameworkErrors: async (error, request, reply) => {
      reply.header('x-request-id', request.id);
      let problem = new AppError('bad-request', `The request URL is malformed (${error.code}).`);
      try {
        await applyRateLimit(request, reply);
      } catch (limited) {
        problem = limited as AppError;
      }
      return sendProblem(request, reply, problem, config.docsUrl);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler(schemas));
  compilationsOf.set(app, schemas);
  // docs/decisions.md D3: only application/json bodies; Fastify's default text/plain parser would accept others.
  app.removeContentTypeParser('text/plain');

  const db = opts.db ?? openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax });
  // PostgreSQL dropped a connection (restart, failover): the pool replaces it; say so once per drop.
  const unwatch = onConnectionError(db, (err) =>
    app.log.warn({ err }, 'database connection lost; the pool reconnects'),
  );
  const redis = config.redisUrl ? openRedis(config.redisUrl, config.redisTimeoutMs) : null;
  const redisCircuit = redis ? new RedisCircuit(redis, app.log) : null;
  if (redis) await connectRedis(redis, 1_000);
  const deps: Deps = {
    config,
    db,
    clock: opts.clock ?? systemClock,
    redis,
    redisCircuit,
    rateStore:
      redis && redisCircuit
        ? new FallbackRateLimitStore(new RedisRateLimitStore(redis), new MemoryRateLimitStore(), redisCircuit)
        : new MemoryRateLimitStore(),
    lastUsed: new LastUsedTracker(db, app.log),
    dnsResolver: opts.dnsResolver ?? systemDnsResolver(),
    hostResolver: opts.hostResolver ?? systemHostResolver,
    invalidation: redis ? new RedisInvalidationBus(redis) : new LocalInvalidationBus(),
    actors: actorDirectory,
    geo: await openGeo(config, app.log),
  };
  app.decorate('deps', deps);

  await app.register(problemPlugin, { docsUrl: config.docsUrl });
  await app.register(requestIdPlugin);
  await app.register(inputRulesPlugin);
  await app.register(securityHeadersPlugin);
  // Before any route: it adds its onSend hook to each route as the route is declared.
  await app.register(compressionPlugin);
  await app.register(openapiPlugin);
  await app.register(cookiesPlugin);
  await app.register(authPlugin, { resolver: { apiKey: principalFromApiKey, session: principalFromSession } });
  await app.register(deprecationPlugin);
  await app.register(idempotencyPlugin);
  for (const feature of features) await app.register(feature);

  // Features register their own onClose hooks (buffers flush first); these run last.
  app.addHook('onClose', async () => {
    try {
      unwatch();
      await deps.lastUsed.close();
      await deps.invalidation.close();
      redisCircuit?.close();
      deps.geo.close();
      if (redis) redis.disconnect();
    } finally {
      if (!opts.db) await db.destroy();
    }
  });
  return app;
}

/**
 * What start-up leaves to first use (docs/architecture.md), done now: every route's schemas and the
 * libraries only some routes need. A server calls it before it listens, so no request pays for a
 * compile or an import; tests and CLI calls, which build an app and use a few of its routes, skip
 * it. Throws naming every schema that does not compile; returns how many compiled.
 */
export async function warmUp(app: { ready(): PromiseLike<unknown>; swagger?: () => unknown }): Promise<number> {
  await app.ready();
  // The OpenAPI document is built on its first request and kept (@fastify/swagger): built here.
  app.swagger?.();
  const compiled = (compilationsOf.get(app)?.compileAll() ?? 0) + routeLevelCompilations.compileAll();
  await Promise.all([...preloads, loadPdfKit].map((load) => load()));
  return compiled;
}
