import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { Type } from 'typebox';
import type { RouteOptions } from 'fastify';

export const Problem = Type.Object(
  {
    type: Type.String({ format: 'uri' }),
    title: Type.String(),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    detail: Type.String(),
    instance: Type.String(),
    request_id: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ pointer: Type.String(), detail: Type.String(), code: Type.String() }))),
  },
  { $id: 'Problem', additionalProperties: true, description: 'RFC 7807 problem document (application/problem+json).' },
);

const problemRef = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } } });

/** Which error responses a route can give, derived from its options so no route lists them by hand. */
function errorResponses(route: RouteOptions): Record<string, unknown> {
  const out: Record<string, unknown> = { 429: problemRef('Rate limit exceeded'), 500: problemRef('Internal error') };
  const schema = route.schema ?? {};
  const methods = [route.method].flat();
  if (schema.body || schema.querystring || schema.params) {
    out[400] = problemRef('Invalid JSON or missing required fields');
    out[422] = problemRef('Invalid values');
  }
  if (route.config?.auth !== false) {
    out[401] = problemRef('Missing or invalid API key or session');
    out[404] = problemRef('Not found, or another tenant\'s resource');
  }
  if (route.config?.permission) out[403] = problemRef('Role does not allow this operation');
  if (methods.includes('POST')) out[409] = problemRef('Idempotency-Key conflict');
  if (schema.body) {
    out[413] = problemRef('Body too large');
    out[415] = problemRef('Body is not application/json');
  }
  return out;
}

export const openapiPlugin = fp(async (app) => {
  const { config } = app.deps;
  app.addSchema(Problem);
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    const response = (route.schema ??= {}).response as Record<string, unknown> | undefined;
    route.schema.response = { ...errorResponses(route), ...(response ?? {}) };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'qrs API',
        version: config.version,
        description: `QR codes, redirects with scan analytics, organizations, workspaces, audit logs and battery passports. Errors: ${config.docsUrl}/errors/<type>.`,
      },
      servers: [{ url: config.baseUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: `Authorization: Bearer ${config.apiKeyPrefix}_sk_…` },
          session: { type: 'apiKey', in: 'cookie', name: 'qrs_session' },
        },
      },
      security: [{ apiKey: [] }, { session: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _frag, i) => String(json.$id ?? `def-${i}`) },
  });
}, { name: 'openapi', dependencies: ['problem'] });
