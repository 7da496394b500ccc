import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { Meta } from '../../http/envelope.js';
import { DATABASE_RETRY_AFTER_S } from '../../db/connection-errors.js';
import { publicRoute } from '../../http/route.js';
import { checkDatabase } from './database-check.js';

const Checks = Type.Object(
  {
    database: Type.Union([Type.Literal('up'), Type.Literal('down')], {
      description: '`down`: the database did not answer `select 1` within 2 s; the API answers 503.',
    }),
    redis: Type.Union([Type.Literal('up'), Type.Literal('degraded'), Type.Literal('disabled')], {
      description:
        '`degraded`: Redis does not answer; rate limits are counted per instance and cache invalidation waits for the cache TTL. `disabled`: no REDIS_URL.',
    }),
    scans: Type.Union([Type.Literal('ok'), Type.Literal('backlog'), Type.Literal('no-journal')], {
      description:
        '`backlog`: more scans wait to be written than SCAN_BACKLOG_DEGRADED (the database falls behind). `no-journal`: a scan journal was asked for and this instance could not claim one (the disk refuses, or every slot is held): its pending scans live in memory only, so the answer is 503 and a load balancer takes it out. Redirects still answer; see `scans`.',
    }),
  },
  { description: 'One machine-readable state per dependency.' },
);

const ScanBacklog = Type.Object(
  {
    pending: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Scans recorded by this instance and not yet written.',
    }),
    lag_seconds: Type.Number({ minimum: 0, description: 'Age of the oldest of them, seconds.' }),
    journal: Type.Union([Type.Literal('on'), Type.Literal('off'), Type.Literal('unavailable')], {
      description:
        '`on`: pending scans are on disk and survive a crash (docs/scans-pipeline.md). `unavailable`: one was asked for and could not be claimed.',
    }),
    dropped: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Scans dropped since start (only ever without a journal).',
    }),
  },
  { description: "This instance's scan backlog." },
);

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  environment: Type.String(),
  checks: Checks,
  scans: ScanBacklog,
  meta: Meta,
});

/**
 * The scan backlog of this instance, as the scans feature's sink counts it. Platform knows no
 * feature, so the composition (src/features/index.ts) hands the sink in, and declares the plugin
 * that provides it.
 */
export interface ScanBacklogPort {
  stats(): { pending: number; lagMs: number; journal: 'on' | 'off' | 'unavailable'; dropped: number };
}

/**
 * 503 when the database is down (this instance cannot serve) or its scan journal is missing
 * (docs/decisions.md D67); a Redis outage is `degraded` with 200, since every instance shares the
 * one Redis and a load balancer must not drop them all.
 */
export const healthRoutes = (backlog: ScanBacklogPort) => async (app: App) => {
  const { db, config, redisCircuit } = app.deps;
  app.get(
    '/v1/health',
    publicRoute(
      'health probe for load balancers',
      {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'Service health (no API key needed)',
        description:
          '200 `ok` when every dependency answers; 200 `degraded` when Redis is down (the service works on per-instance fallbacks) or the scan backlog is past its threshold; 503 `degraded` when the database is down, or when this instance runs without the scan journal it was asked to keep (`checks.scans: no-journal`). `checks` names the state of each dependency; `scans` is the scan backlog.',
        response: { 200: Health, 503: Health },
      },
      { rateLimit: 'public' },
    ),
    async (request, reply) => {
      const check = await checkDatabase(db);
      const database = check.reachable ? 'up' : 'down';
      if (!check.reachable) request.log.warn({ err: check.error }, 'health: database did not answer');
      const redis = redisCircuit ? redisCircuit.state : 'disabled';
      const sink = backlog.stats();
      const scans =
        sink.journal === 'unavailable' ? 'no-journal' : sink.pending > config.scanBacklogDegraded ? 'backlog' : 'ok';
      if (database === 'down') reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      // Without its journal an instance holds its backlog in memory only: out of the load balancer, not only `degraded`.
      const serving = database === 'up' && scans !== 'no-journal';
      return reply.code(serving ? 200 : 503).send({
        status: database === 'up' && redis !== 'degraded' && scans === 'ok' ? 'ok' : 'degraded',
        version: config.version,
        environment: config.env,
        checks: { database, redis, scans },
        scans: {
          pending: sink.pending,
          lag_seconds: Math.round(sink.lagMs / 100) / 10,
          journal: sink.journal,
          dropped: sink.dropped,
        },
        meta: { request_id: request.id, api_version: config.version },
      });
    },
  );
};
