import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import { AppError } from '../../http/errors.js';
import { sendProblem } from '../../http/problem.js';
import { applyRateLimit } from '../../http/rate-limit.js';
import { onUnrouted } from '../../http/unrouted.js';
import { decompressPath } from './gs1-compression.js';
import { messagePage, preferredType } from './public.fns.js';
import { HTML, rawQuery } from './resolver.fns.js';
import { base, preflight, resolve } from './resolver.answer.js';

/**
 * Compressed Digital Links (`{base}/{compressed}`) are single path segments no route knows, so
 * they are caught before the not-found handler and the dashboard's fallback; anything that does
 * not decompress to a GTIN key goes on to them unchanged.
 */
export const compressedLinks = fp(
  async (app: App) => {
    app.addHook(
      'onRequest',
      onUnrouted(async (request, reply) => {
        if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
        const path = request.url.split('?')[0];
        const uncompressed = decompressPath(path);
        if (!uncompressed) return;
        const [dlPath, dlQuery = ''] = uncompressed.split(/\?(.*)/s);
        const query = [dlQuery, rawQuery(request.url)].filter(Boolean).join('&');
        const sameAs = `${base(app.deps.config.baseUrl)}${uncompressed}`;
        try {
          // Counted per IP like the resolver's routes (the not-found handler would count it otherwise).
          await applyRateLimit(request, reply);
          if (request.method === 'OPTIONS') return await preflight(app, reply, dlPath);
          return await resolve(app, request, reply, dlPath, query, sameAs);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          reply.header('cache-control', 'no-store');
          if (preferredType(request.headers.accept, ['application/problem+json', HTML]) !== HTML)
            return sendProblem(request, reply, err, app.deps.config.docsUrl);
          return reply
            .code(err.status)
            .type('text/html; charset=utf-8')
            .send(messagePage(err.status, err.status === 404 ? 'Not found' : 'Bad request', err.detail));
        }
      }),
    );
  },
  { name: 'dpp-compressed-links' },
);
