// Serves the built dashboard (web/dist) at `/`. Hashed files under /assets/ are cacheable for a
// year; every other browser navigation that no API route answers gets index.html (the SPA
// fallback), which the client-side router then resolves. Paths owned by the API are never
// shadowed: they keep their JSON problem documents.
import { existsSync, readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { applyRateLimit } from '../../http/rate-limit.js';
import { notFound } from '../../http/errors.js';
import { DASHBOARD_CSP } from './csp.js';
import { publicRoute } from '../../http/route.js';
import { onUnrouted } from '../../http/unrouted.js';
import { faviconRoute } from './favicon.js';

const DEFAULT_DIST = resolve(fileURLToPath(new URL('../../../web/dist', import.meta.url)));

/** First path segments that belong to the API, the redirects, the resolver and the docs. */
export const RESERVED_PREFIXES = [
  '/v1',
  '/r',
  '/01',
  '/dpp',
  '/docs',
  '/openapi.json',
  '/auth',
  '/.well-known',
  '/assets',
];

/** Any version prefix (`/v2/…`, `/v0/…`) too: docs/decisions.md D10 answers those with a problem naming v1. */
const VERSION_PREFIX = /^\/v\d+(\/|$)/;

export function isReserved(path: string, extra: string[] = []): boolean {
  if (VERSION_PREFIX.test(path)) return true;
  return [...RESERVED_PREFIXES, ...extra].some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
}

function wantsHtml(request: FastifyRequest): boolean {
  // Browsers name text/html on every navigation; API clients that send no Accept (or only */*)
  // keep getting problem documents for unknown paths.
  return (request.headers.accept ?? '').includes('text/html');
}

export const webAppPlugin = fp(
  async (app, opts: { dist?: string } = {}) => {
    faviconRoute(app);
    const dist = opts.dist ?? app.deps.config.webDist ?? DEFAULT_DIST;
    const indexPath = resolve(dist, 'index.html');
    if (!existsSync(indexPath)) {
      app.log.warn(
        { dist },
        'dashboard not built: web/dist/index.html is missing, so / serves no dashboard. Run `npm run build` (npm install does it) to build it.',
      );
      return;
    }
    const index = readFileSync(indexPath);
    const docsPath = new URL(app.deps.config.docsUrl).pathname.replace(/\/+$/, '');

    const assets = resolve(dist, 'assets');
    // preCompressed: the build writes .br and .gz next to each asset (web/scripts/compress.mjs);
    // a browser gets the smallest it accepts, with Vary: Accept-Encoding.
    await app.register(fastifyStatic, { root: assets, serve: false, preCompressed: true });

    const sendIndex = (reply: FastifyReply) =>
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', DASHBOARD_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'same-origin')
        .send(index);

    // Content-hashed file names (Vite): a changed file gets a new name, so a year is safe.
    app.get(
      '/assets/*',
      publicRoute("the dashboard's own assets, loaded before anyone signs in", { hide: true }, { rateLimit: 'public' }),
      (request, reply) => {
        const file = (request.params as { '*': string })['*'];
        // Checked here so a missing file is a plain 404 (the not-found handler would call it a 405).
        const full = resolve(assets, file);
        if (!full.startsWith(assets + sep) || !existsSync(full)) throw notFound('Asset');
        return reply
          .header('x-content-type-options', 'nosniff')
          .sendFile(file, { immutable: true, maxAge: 365 * 24 * 3600 * 1000, cacheControl: true });
      },
    );

    // Not a route: a catch-all GET route would turn `POST /v1/unknown` into a 405. Only requests no
    // route matched (is404), asked for by a browser, outside the API's prefixes get the app.
    app.addHook(
      'onRequest',
      onUnrouted(async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return;
        const path = request.url.split('?')[0];
        if (isReserved(path, docsPath ? [docsPath] : []) || !wantsHtml(request)) return;
        await applyRateLimit(request, reply);
        return sendIndex(reply);
      }),
    );
  },
  { name: 'web-app' },
);
