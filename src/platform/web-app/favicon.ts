// The icon browsers ask every origin for (`/favicon.ico`), on every page: the dashboard, the hosted
// pages, the docs. Answered here, with or without a built dashboard, so no page logs a 404 for it.
// Served as SVG: every current browser draws an SVG icon whatever the path's extension says.
import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../../http/route.js';

/** A QR finder pattern and three modules: the product's mark, readable at 16 px. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">' +
  '<rect width="16" height="16" rx="3" fill="#1f2937"/>' +
  '<path fill="#fff" d="M3 3h5v5H3zM4 4v3h3V4zM5 5h1v1H5zM10 3h3v2h-3zM10 7h2v2h-2zM3 10h2v3H3zM8 10h5v3H8z"/></svg>';

export function faviconRoute(app: FastifyInstance): void {
  app.get(
    '/favicon.ico',
    publicRoute('the icon every browser asks for on every page', { hide: true }, { rateLimit: 'public' }),
    (_request, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(FAVICON_SVG),
  );
}
