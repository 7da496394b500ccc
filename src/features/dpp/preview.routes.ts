// The public page of a passport before it is published: what anyone scanning its QR code will
// see (public attributes only), rendered from the saved version for those who may read it.
import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { route } from '../../http/route.js';
import { renderPassportPage } from './dpp.page.js';
import { publicView } from './dpp.public-view.js';
import { getPassport } from './dpp.service.js';
import { PassportParams } from './dpp.schemas.js';
import { PAGE_LANGS, type PageLang } from './page-text.js';

// As the public page: inline CSS, no script, never framed (the dashboard opens it in a new tab).
const PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export default async function previewRoutes(app: App) {
  const deps = app.deps;
  app.get(
    '/v1/dpp/:id/preview',
    route('dpp.read', {
      operationId: 'previewPassportPage',
      tags: ['dpp'],
      summary: 'Preview the public page of a passport',
      description:
        'The public passport page (public attributes only) of the saved version, in any publication status, so a draft can be checked before it is published. Never cached, never indexed.',
      params: PassportParams,
      querystring: Type.Object({ lang: Type.Optional(Type.Union(PAGE_LANGS.map((l) => Type.Literal(l)))) }),
      response: {
        200: {
          description: 'The page as it will be published',
          content: { 'text/html': { schema: Type.String({ description: 'A server-rendered HTML page.' }) } },
        },
      },
    }),
    async (request, reply) => {
      const passport = await getPassport(deps, principalOf(request), request.params.id);
      const lang: PageLang = request.query.lang ?? 'en';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .header('content-security-policy', PREVIEW_CSP)
        .send(renderPassportPage(publicView(passport, 'public'), { lang }));
    },
  );
}
