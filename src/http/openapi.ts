import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { Type } from 'typebox';
import type { RouteOptions } from 'fastify';
import { readFileSync } from 'node:fs';
import { ERROR_TYPES, type ErrorTypeName } from './errors.js';
import { finishDocument } from './openapi.document.js';
import { introMarkdown } from './openapi.intro.js';

export const Problem = Type.Object(
  {
    type: Type.String({ format: 'uri' }),
    title: Type.String(),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    detail: Type.String(),
    instance: Type.String(),
    request_id: Type.String(),
    errors: Type.Optional(
      Type.Array(Type.Object({ pointer: Type.String(), detail: Type.String(), code: Type.String() })),
    ),
  },
  { $id: 'Problem', additionalProperties: true, description: 'RFC 7807 problem document (application/problem+json).' },
);

const STATUS_EXAMPLE: Record<number, { type: ErrorTypeName; detail: string; errors?: unknown[] }> = {
  400: {
    type: 'bad-request',
    detail: 'Required fields are missing.',
    errors: [{ pointer: '/url', detail: 'must have required property url', code: 'required' }],
  },
  401: { type: 'authentication', detail: 'A valid API key or session is required.' },
  403: { type: 'forbidden', detail: 'Your role does not allow this operation.' },
  404: { type: 'not-found', detail: 'Resource not found.' },
  409: {
    type: 'conflict',
    detail: 'Idempotency-Key was already used with a different request (/v1/codes or body differs).',
  },
  410: { type: 'gone', detail: 'The resource is no longer available.' },
  413: { type: 'payload-too-large', detail: 'The request body is too large.' },
  415: { type: 'unsupported-media-type', detail: 'Content-Type text/plain is not supported; send application/json.' },
  422: {
    type: 'validation-error',
    detail: 'The request contains invalid values.',
    errors: [{ pointer: '/url', detail: 'must match format "uri"', code: 'format' }],
  },
  429: { type: 'rate-limited', detail: 'Rate limit of 60 requests per 60 s exceeded. Retry in 12 s.' },
  500: { type: 'internal', detail: 'An unexpected error occurred. Quote the request_id when reporting it.' },
  503: { type: 'unavailable', detail: 'The database does not answer.' },
};

let docsUrlForExamples = 'http://localhost:3000/docs';

/** A problem document example of an HTTP status, as the service sends it. */
export function problemExample(status: number, instance = '/v1/codes'): Record<string, unknown> {
  const e = STATUS_EXAMPLE[status] ?? STATUS_EXAMPLE[500];
  return {
    type: `${docsUrlForExamples}/errors/${e.type}`,
    title: ERROR_TYPES[e.type].title,
    status,
    detail: e.detail,
    instance,
    request_id: 'req_01JD3Y2K8Q9XW4T5N6M7P8R9S0',
    ...(e.errors ? { errors: e.errors } : {}),
  };
}

/** A documented problem response; routes use it for the statuses the generic table does not know. */
export const problemResponse = (description: string, status?: number) => ({
  description,
  content: {
    'application/problem+json': {
      schema: { $ref: 'Problem#' },
      ...(status ? { example: problemExample(status) } : {}),
    },
  },
});
const problemRef = (description: string, status: number) => problemResponse(description, status);

/** Which error responses a route can give, derived from its options so no route lists them by hand. */
function errorResponses(route: RouteOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {
    429: problemRef('Rate limit exceeded', 429),
    500: problemRef('Internal error', 500),
    // Any route that reads the database answers 503 while it does not answer (docs/operations.md).
    503: problemRef('The database does not answer; retry after Retry-After seconds', 503),
  };
  const schema = route.schema ?? {};
  const methods = [route.method].flat();
  if (schema.body || schema.querystring || schema.params) {
    out[400] = problemRef('Invalid JSON or missing required fields', 400);
    out[422] = problemRef('Invalid values', 422);
  }
  if (route.config?.auth !== false) {
    out[401] = problemRef('Missing or invalid API key or session', 401);
    out[404] = problemRef("Not found, or another tenant's resource", 404);
  }
  if (route.config?.permission) out[403] = problemRef('Role does not allow this operation', 403);
  if (methods.includes('POST')) out[409] = problemRef('Idempotency-Key conflict', 409);
  if (schema.body) {
    out[413] = problemRef('Body too large', 413);
    out[415] = problemRef('Body is not application/json', 415);
  }
  return out;
}

/** Browser pages answer their errors as HTML to an HTML Accept (problem plugin, htmlErrors): every problem response, the route's own included. */
function withHtmlErrors(responses: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(responses)) {
    const content = (r as { content?: Record<string, unknown> }).content;
    out[status] =
      Number(status) >= 400 && content?.['application/problem+json'] && !content['text/html']
        ? { ...(r as object), content: { 'text/html': { schema: { type: 'string' } }, ...content } }
        : r;
  }
  return out;
}

/** A dynamic URL code as POST /v1/codes answers it: on this server's host, not scanned yet. */
function codeExample(baseUrl: string): Record<string, unknown> {
  const style = Object.fromEntries(
    [
      'foreground',
      'background',
      'error_correction',
      'margin',
      'module_shape',
      'eye_shape',
      'eye_color',
      'gradient',
      'logo_id',
      'logo_size',
      'frame',
      'brand_kit_id',
    ].map((k) => [k, null]),
  );
  return {
    id: 'qr_01JD3Y2K8Q9XW4T5N6M7P8R9S0',
    workspace_id: 'ws_01JD3Y2K8Q9XW4T5N6M7P8R9S0',
    type: 'url',
    dynamic: true,
    url: 'https://example.com/spring-sale',
    content: null,
    short_code: 'aB3dE9xK',
    short_url: `${baseUrl}/r/aB3dE9xK`,
    title: 'Spring sale flyer',
    tags: ['spring'],
    folder_id: null,
    status: 'active',
    destinations: null,
    expires_at: null,
    fallback_url: null,
    max_scans: null,
    scan_count: 0,
    style,
    rules: null,
    utm: null,
    password_protected: false,
    append_click_id: false,
    rejection_reason: null,
    reviewed_at: null,
    created_at: '2026-03-14T09:26:53.000Z',
    updated_at: '2026-03-14T09:26:53.000Z',
  };
}

const passportExample = JSON.parse(
  readFileSync(new URL('../features/dpp/fixtures/ev.json', import.meta.url), 'utf8'),
) as { data: unknown };

declare module 'fastify' {
  interface FastifyInstance {
    /** OpenAPI 3.1 `webhooks`: the events a feature sends, by name; features add theirs at registration */
    openapiWebhooks: Record<string, unknown>;
  }
}

export const openapiPlugin = fp(
  async (app) => {
    const { config } = app.deps;
    const webhooks: Record<string, unknown> = {};
    app.decorate('openapiWebhooks', webhooks);
    docsUrlForExamples = config.docsUrl;
    app.addSchema(Problem);
    app.addHook('onRoute', (route) => {
      if (route.schema?.hide) return;
      const response = (route.schema ??= {}).response as Record<string, unknown> | undefined;
      const merged = { ...errorResponses(route), ...(response ?? {}) };
      route.schema.response = route.config?.htmlErrors ? withHtmlErrors(merged) : merged;
      // A public route must say so, or generated clients send it the API key (docs/decisions.md D8).
      if (route.config?.auth === false) (route.schema as { security?: unknown[] }).security ??= [];
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'qrs API',
          version: config.version,
          description: introMarkdown(config),
          license: { name: 'MIT', identifier: 'MIT' },
          contact: { name: 'qrs maintainers', url: 'https://github.com/qrs-project/qrs' },
        },
        servers: [{ url: config.baseUrl, description: 'This qrs instance' }],
        components: {
          securitySchemes: {
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              description: `Authorization: Bearer ${config.apiKeyPrefix}_sk_…`,
            },
            session: { type: 'apiKey', in: 'cookie', name: 'qrs_session' },
          },
        },
        security: [{ apiKey: [] }, { session: [] }],
      },
      refResolver: { buildLocalReference: (json, _base, _frag, i) => String(json.$id ?? `def-${i}`) },
      transformObject: (documentObject) =>
        finishDocument(
          {
            ...(documentObject as { openapiObject: object }).openapiObject,
            ...(Object.keys(webhooks).length && { webhooks }),
          } as never,
          {
            deprecations: config.deprecations,
            examples: {
              PassportData: passportExample.data,
              Problem: problemExample(422),
              Code: codeExample(config.baseUrl),
            },
            baseUrl: config.baseUrl,
            now: app.deps.clock.now(),
          },
        ) as never,
    });
  },
  { name: 'openapi', dependencies: ['problem'] },
);
