import { Type } from 'typebox';
import { sql } from 'kysely';
import type { App } from '../../http/types.js';
import { Meta } from '../../http/envelope.js';
import { DATABASE_RETRY_AFTER_S } from '../../db/connection-errors.js';

const Checks = Type.Object(
  {
    database: Type.Union([Type.Literal('up'), Type.Literal('down')], {
      description: '`down`: the database did not answer `select 1` within 2 s; the API answers 503.',
    }),
    redis: Type.Union([Type.Literal('up'), Type.Literal('degraded'), Type.Literal('disabled')], {
      description:
        '`degraded`: Redis does not answer; rate limits are counted per instance and cache invalidation waits for the cache TTL. `disabled`: no REDIS_URL.',
    }),
  },
  { description: 'One machine-readable state per dependency.' },
);

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  environment: Type.String(),
  checks: Checks,
  meta: Meta,
});

const DATABASE_CHECK_MS = 2_000;

/**
 * 503 only when the database is down (this instance cannot serve); a Redis outage is `degraded`
 * with 200, since every instance shares the one Redis and a load balancer must not drop them all.
 */
export default async function healthRoutes(app: App) {
  const { db, config, redisCircuit } = app.deps;
  app.get(
    '/v1/health',
    {
      config: { auth: false, rateLimit: 'public' },
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Service health (no API key needed)',
        description:
          '200 `ok` when every dependency answers; 200 `degraded` when only Redis is down (the service works on per-instance fallbacks); 503 `degraded` when the database is down. `checks` names the state of each dependency.',
        response: { 200: Health, 503: Health },
      },
    },
    async (request, reply) => {
      let database: 'up' | 'down' = 'up';
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_CHECK_MS} ms`)), DATABASE_CHECK_MS);
          }),
        ]);
      } catch (err) {
        database = 'down';
        request.log.warn({ err }, 'health: database did not answer');
      } finally {
        clearTimeout(timer);
      }
      const redis = redisCircuit ? redisCircuit.state : 'disabled';
      if (database === 'down') reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return reply.code(database === 'up' ? 200 : 503).send({
        status: database === 'up' && redis !== 'degraded' ? 'ok' : 'degraded',
        version: config.version,
        environment: config.env,
        checks: { database, redis },
        meta: { request_id: request.id, api_version: config.version },
      });
    },
  );
}
