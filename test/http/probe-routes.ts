import { Type } from 'typebox';
import type { TestApp } from '../support/harness.js';
import { one, list, One, List } from '../../src/http/envelope.js';
import { PageQuery, paginate } from '../../src/http/pagination.js';
import { principalOf } from '../../src/http/types.js';

/**
 * Routes registered by tests through the app's public API, to exercise the shared conventions
 * (validation mapping, 500 masking, idempotency, pagination) independently of any feature.
 */
export function probeRoutes(app: TestApp, counters: { executed: number; delayMs: number }) {
  const Thing = Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 10 }),
      size: Type.Optional(Type.Integer({ minimum: 1 })),
      color: Type.Optional(Type.String({ pattern: '^#[0-9a-f]{6}$' })),
    },
    { additionalProperties: false },
  );
  app.post(
    '/v1/probe/things',
    {
      config: { permission: 'codes.write' },
      schema: { body: Thing, response: { 201: One(Type.Object({ n: Type.Integer(), name: Type.String() })) } },
    },
    async (request, reply) => {
      counters.executed++;
      if (counters.delayMs) await new Promise((r) => setTimeout(r, counters.delayMs));
      if (request.body.name === 'explode') throw new Error('secret database detail: password=hunter2');
      return reply.code(201).send(one(request, { n: counters.executed, name: request.body.name }));
    },
  );
  app.get(
    '/v1/probe/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        querystring: Type.Object(PageQuery),
        response: { 200: List(Type.Object({ id: Type.String(), action: Type.String() })) },
      },
    },
    async (request) => {
      const base = app.deps.db
        .selectFrom('audit_logs')
        .select(['id', 'action'])
        .where('workspace_id', '=', principalOf(request).workspaceId);
      return list(request, await paginate(base, request.query, 'aud'));
    },
  );
}
