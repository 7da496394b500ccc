import { Type } from 'typebox';
import { sql } from 'kysely';
import type { App } from '../../http/types.js';
import { Meta } from '../../http/envelope.js';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  environment: Type.String(),
  meta: Meta,
});

export default async function healthRoutes(app: App) {
  const { db, config } = app.deps;
  app.get('/v1/health', {
    config: { auth: false, rateLimit: 'public' },
    schema: { operationId: 'getHealth', tags: ['health'], summary: 'Service health (no API key needed)', response: { 200: Health, 503: Health } },
  }, async (request, reply) => {
    let ok = true;
    try {
      await sql`select 1`.execute(db);
    } catch (err) {
      ok = false;
      request.log.error({ err }, 'health: database did not answer');
    }
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      version: config.version,
      environment: config.env,
      meta: { request_id: request.id, api_version: config.version },
    });
  });
}
