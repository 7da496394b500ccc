import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { ANY_SHORT_CODE } from '../codes/index.js';
import { databaseLogoStore } from '../brand/index.js';
import { decide, page, pageOf } from './redirect.fns.js';
import { publicRoute } from '../../http/route.js';
import { notFoundPage, Params, type ContentPageRouteOptions } from './content-downloads.shared.js';

/** The logo a hosted page shows (the brand, so a protected code's form shows it too). */
export function contentLogoRoutes(app: App, opts: ContentPageRouteOptions) {
  const { clock, db } = app.deps;
  const logos = databaseLogoStore(db);

  app.get(
    '/r/:short_code/logo',
    publicRoute(
      'the logo of a hosted page, loaded by phones that scanned the code',
      {
        operationId: 'hostedPageLogo',
        tags: ['redirect'],
        summary: 'The logo a hosted page shows',
        description:
          "The logo of the brand kit that themes a live code's pages (docs/decisions.md D82): same-origin, cacheable for five minutes, served with a Content-Security-Policy that runs nothing. No scan is recorded.",
        params: Params,
        response: {
          200: {
            description: 'The logo',
            content: {
              'image/png': { schema: Type.String({ contentEncoding: 'binary' }) },
              'image/svg+xml': { schema: Type.String() },
            },
          },
          404: notFoundPage,
          410: notFoundPage,
        },
      },
      { rateLimit: 'public', htmlErrors: true },
    ),
    async (request, reply) => {
      const shortCode = request.params.short_code;
      const nowMs = clock.now().getTime();
      const target = ANY_SHORT_CODE.test(shortCode) ? await opts.lookup(request, shortCode, nowMs) : null;
      // A protected code's form shows the logo too: it is the brand, not the content.
      const outcome = decide(target, nowMs);
      const file =
        target?.logoId && outcome.kind === 'redirect' ? await logos.load(target.workspaceId, target.logoId) : undefined;
      if (!file) {
        const p = outcome.kind === 'redirect' ? page('not_found') : pageOf(outcome);
        return reply
          .code(p.status as 404 | 410)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(p.html);
      }
      return reply
        .type(file.kind === 'svg' ? 'image/svg+xml' : 'image/png')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=300')
        .send(file.data as unknown as string); // a Buffer; the schema types the body as text
    },
  );
}
