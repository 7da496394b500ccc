import fp from 'fastify-plugin';
import { rememberError } from './recent-errors.js';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_TYPES, badRequest, rejectFields, type ErrorTypeName } from './errors.js';
import { toFieldErrors } from './validation.js';
import { applyRateLimit } from './rate-limit.js';
import { DATABASE_RETRY_AFTER_S, isConnectionError } from '../db/connection-errors.js';
import { escapeHtml } from '../lib/html.js';

const STATUS_TYPES: Record<number, ErrorTypeName> = {
  400: 'bad-request',
  401: 'authentication',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  422: 'validation-error',
  429: 'rate-limited',
  503: 'unavailable',
};

export function sendProblem(request: FastifyRequest, reply: FastifyReply, err: AppError, docsUrl: string) {
  const def = ERROR_TYPES[err.type];
  const body = {
    type: `${docsUrl}/errors/${err.type}`,
    title: def.title,
    status: err.status,
    detail: err.detail,
    instance: request.url.split('?')[0],
    request_id: request.id,
    ...err.extra,
  };
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  // Sent as a string so no route response schema can reshape or strip the problem document.
  return reply.code(err.status).type('application/problem+json').send(JSON.stringify(body));
}

/** Maps anything thrown (ours, Fastify's, Ajv's, a bug) to an AppError. */
export function toAppError(error: FastifyError & { validationContext?: string }, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (error.validation) {
    const errors = toFieldErrors(error.validation, error.validationContext ?? 'body');
    if (error.validationContext === 'body' && request.body == null)
      return badRequest('A JSON request body is required.', errors);
    return rejectFields(errors);
  }
  if (isConnectionError(error)) {
    return new AppError(
      'unavailable',
      `The database is not answering. Retry in ${DATABASE_RETRY_AFTER_S} s.`,
      {},
      { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
    );
  }
  const status = error.statusCode ?? 500;
  if (status === 400 && error.code?.startsWith('FST_ERR_CTP')) {
    return new AppError(
      'bad-request',
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is empty.'
        : 'The request body is not valid JSON.',
    );
  }
  if (status === 415)
    return new AppError(
      'unsupported-media-type',
      `Content-Type ${request.headers['content-type'] ?? '(none)'} is not supported; send application/json.`,
    );
  if (status === 413) return new AppError('payload-too-large', 'The request body is too large.');
  const type = status < 500 ? STATUS_TYPES[status] : undefined;
  if (type) return new AppError(type, ERROR_TYPES[type].title + '.');
  return new AppError('internal', 'An unexpected error occurred. Quote the request_id when reporting it.');
}

export const problemPlugin = fp<{ docsUrl: string }>(
  async (app, { docsUrl }) => {
    // A shadow router of every registered route answers "does this path exist for another method?"
    const known = FindMyWay({ ignoreTrailingSlash: true });
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        try {
          known.on(method as HTTPMethod, route.url, () => undefined);
        } catch {
          /* duplicate is harmless */
        }
      }
    });

    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      let appError = toAppError(error, request);
      // The database failed before the caller was known (auth looks the key up): count the call per
      // IP so this answer, too, carries the rate-limit headers (docs/decisions.md D8).
      if (appError.type === 'unavailable' && !reply.hasHeader('x-ratelimit-limit')) {
        try {
          await applyRateLimit(request, reply);
        } catch (limited) {
          if (limited instanceof AppError) appError = limited;
        }
      }
      if (appError.type === 'unavailable')
        request.log.warn({ err: error }, 'request failed: a dependency is unavailable');
      else if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
      if (appError.status >= 500)
        rememberError({
          at: new Date().toISOString(),
          request_id: String(request.id),
          method: request.method,
          route: request.routeOptions?.url ?? '(no route)',
          status: appError.status,
          type: appError.type,
          error: String((error as { code?: unknown }).code ?? error?.name ?? 'Error'),
        });
      // A person following a QR code gets a page, not JSON; API clients keep the problem document.
      if (request.routeOptions?.config?.htmlErrors && prefersHtml(request.headers.accept))
        return sendHtmlProblem(request, reply, appError);
      return sendProblem(request, reply, appError, docsUrl);
    });

    // Unknown routes are counted per IP like any anonymous call (docs/decisions.md D8 headers included).
    app.setNotFoundHandler(async (request, reply) => {
      await applyRateLimit(request, reply);
      const path = request.url.split('?')[0];
      const version = /^\/(v\d+)(\/|$)/.exec(path)?.[1];
      if (version && version !== 'v1') {
        return sendProblem(
          request,
          reply,
          new AppError('not-found', `API version ${version} does not exist. Supported versions: v1.`, {
            supported_versions: ['v1'],
          }),
          docsUrl,
        );
      }
      const allowed = (['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as HTTPMethod[]).filter((m) => known.find(m, path));
      if (allowed.length) {
        const err = new AppError(
          'method-not-allowed',
          `${request.method} is not allowed on ${path}.`,
          {},
          { allow: allowed.join(', ') },
        );
        return sendProblem(request, reply, err, docsUrl);
      }
      return sendProblem(request, reply, new AppError('not-found', `No route ${request.method} ${path}.`), docsUrl);
    });
  },
  { name: 'problem' },
);

/** True when the Accept header ranks HTML above JSON (a browser's does; curl's does not). */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (range === 'text/html' || range === 'text/*') html = Math.max(html, q);
    else if (range === 'application/json' || range === 'application/problem+json') json = Math.max(json, q);
  }
  return html > 0 && html >= json;
}

/** The problem as a small self-contained page, with the same status and headers (Retry-After). */
function sendHtmlProblem(request: FastifyRequest, reply: FastifyReply, err: AppError) {
  const title = escapeHtml(ERROR_TYPES[err.type].title);
  const text =
    err.type === 'unavailable'
      ? 'This page is temporarily unavailable. Please try again in a few seconds.'
      : escapeHtml(err.detail);
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  return reply
    .code(err.status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
        '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}small{color:#777}</style></head>' +
        `<body><h1>${title}</h1><p>${text}</p><p><small>Reference: ${escapeHtml(request.id)}</small></p></body></html>`,
    );
}
