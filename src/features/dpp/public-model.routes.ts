import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { AppError } from '../../http/errors.js';
import { publicRoute } from '../../http/route.js';
import { renderPassportPage } from './dpp.page.js';
import { publicView } from './dpp.public-view.js';
import { isValidAiValue, normalizeGtin } from './gs1.js';
import { preferredType } from './public.fns.js';
import { PassportViewEnvelope } from './dpp.schemas.js';
import { HTML, HTML_PAGE, JSON_TYPE, LangParam, PAGE_CSP, PROBLEM } from './public.schemas.js';
import { fail, linksetHeader, negotiateLanguage, productLevel } from './public.answer.js';

/** GET /dpp/:gtin: the GTIN (or lot) level's page, where the resolver walks up to. */
export function publicModelRoutes(app: App) {
  const { db, config } = app.deps;
  const secure = config.baseUrl.startsWith('https:');

  app.get(
    '/dpp/:gtin',
    publicRoute(
      'the public battery passport, opened by anyone who scans the product',
      {
        operationId: 'getPublicModelPassport',
        tags: ['dpp-public'],
        summary: 'Public model passport page (GTIN level)',
        description:
          'Server-rendered HTML (or, with `Accept: application/json`, the same view as JSON) of the GTIN level (or, with `lot`, the lot level): the published model passport of the GTIN, the public data every battery of the model shares; without one, the product facts (model, manufacturer, category) of the newest published passport of the GTIN (and lot). 404 when there is neither.',
        params: Type.Object({ gtin: Type.String({ maxLength: 14 }) }),
        querystring: Type.Object(
          {
            lang: Type.Optional(LangParam),
            lot: Type.Optional(
              Type.String({
                maxLength: 100,
                description: 'Lot (AI 10): the lot level, where the resolver walks up to.',
              }),
            ),
          },
          { additionalProperties: true },
        ),
        response: {
          200: {
            description: 'The model passport page or view',
            content: { [HTML]: HTML_PAGE, [JSON_TYPE]: { schema: PassportViewEnvelope } },
          },
          404: {
            description:
              'No published model passport and no published passport of the GTIN or lot (HTML page or problem document)',
            content: { [HTML]: HTML_PAGE, 'application/problem+json': PROBLEM },
          },
          410: {
            description: "The model's organization was deleted (HTML page or problem document)",
            content: { [HTML]: HTML_PAGE, 'application/problem+json': PROBLEM },
          },
        },
      },
      { rateLimit: 'public', htmlErrors: true },
    ),
    async (request, reply) => {
      const asHtml = preferredType(request.headers.accept, [HTML, JSON_TYPE]) === HTML;
      const gtin14 = normalizeGtin(request.params.gtin);
      const lot = request.query.lot;
      const level =
        gtin14.ok && (lot === undefined || isValidAiValue(lot))
          ? await productLevel(db, config.baseUrl, gtin14.value, lot)
          : undefined;
      if (!level || level instanceof AppError)
        return fail(
          request,
          reply,
          level ?? new AppError('not-found', 'No published model passport or battery passport has this GTIN.'),
          asHtml,
        );
      const view = publicView(level, 'public');
      const linksetUrl = `${level.digital_link}?linkType=linkset`;
      reply
        .header('vary', 'Accept, Accept-Language, Cookie')
        .header('link', linksetHeader(linksetUrl, level.data))
        .header('cache-control', 'public, max-age=60');
      if (!asHtml)
        return reply
          .type(`${JSON_TYPE}; charset=utf-8`)
          .send(JSON.stringify({ data: view, meta: { request_id: request.id, api_version: config.version } }));
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PAGE_CSP)
        .send(renderPassportPage(view, { ...negotiateLanguage(request, reply, secure), linksetUrl }));
    },
  );
}
