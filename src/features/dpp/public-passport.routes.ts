import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { AppError } from '../../http/errors.js';
import { publicRoute } from '../../http/route.js';
import type { AccessLevel } from './dpp.contract.js';
import { renderPassportPage } from './dpp.page.js';
import { publicView } from './dpp.public-view.js';
import { toPassport } from './dpp.fns.js';
import { findPublished } from './dpp.repo.js';
import { serialAnchor } from './resolver.levels.js';
import { isValidAiValue, normalizeGtin } from './gs1.js';
import { levelForToken } from './grants.service.js';
import { accessToken, GRANT_COOKIE_SECONDS, grantCookieName, preferredType, withoutToken } from './public.fns.js';
import { PassportViewEnvelope } from './dpp.schemas.js';
import { findPublishedModel } from './models.repo.js';
import { HTML, HTML_PAGE, JSON_TYPE, PAGE_CSP, PROBLEM, PublicPassportQuery } from './public.schemas.js';
import { fail, linksetHeader, negotiateLanguage, withModel } from './public.answer.js';

/** GET /dpp/:gtin/:serial: a battery's passport page, the public view unless a grant shows more. */
export function publicPassportRoutes(app: App) {
  const deps = app.deps;
  const { db, config } = deps;
  const secure = config.baseUrl.startsWith('https:');

  app.get(
    '/dpp/:gtin/:serial',
    publicRoute(
      'the public battery passport, opened by anyone who scans the product',
      {
        operationId: 'getPublicPassport',
        tags: ['dpp-public'],
        summary: 'Public battery passport page',
        description:
          "Server-rendered HTML (or, with `Accept: application/json`, the same view as JSON) of a published passport. Without a token only public attributes are shown; a valid access grant token (`Authorization: Bearer …`, or the cookie a browser gets for `?token=`) shows its level. Unknown, unpublished and archived passports are 404; an invalid, expired, revoked or other passport's token is 401.",
        params: Type.Object({ gtin: Type.String({ maxLength: 14 }), serial: Type.String({ maxLength: 100 }) }),
        querystring: PublicPassportQuery,
        response: {
          200: {
            description: 'The passport page or view',
            content: { [HTML]: HTML_PAGE, [JSON_TYPE]: { schema: PassportViewEnvelope } },
          },
          303: {
            description:
              'A browser (Accept: text/html) sent a valid `?token=`: Set-Cookie with the grant, and Location is the same page without the token; no body.',
            type: 'null',
          },
          401: {
            description: 'Invalid access token (HTML page or problem document)',
            content: { [HTML]: HTML_PAGE, 'application/problem+json': PROBLEM },
          },
          404: {
            description: 'No published passport (HTML page or problem document)',
            content: { [HTML]: HTML_PAGE, 'application/problem+json': PROBLEM },
          },
          410: {
            description: "The passport's organization was deleted (HTML page or problem document)",
            content: { [HTML]: HTML_PAGE, 'application/problem+json': PROBLEM },
          },
        },
      },
      { rateLimit: 'public', htmlErrors: true },
    ),
    async (request, reply) => {
      const asHtml = preferredType(request.headers.accept, [HTML, JSON_TYPE]) === HTML;
      const { gtin, serial } = request.params;
      const lot = request.query.lot;
      const gtin14 = normalizeGtin(gtin);
      const wellFormed = gtin14.ok && isValidAiValue(serial) && (lot === undefined || isValidAiValue(lot));
      const found = wellFormed ? await findPublished(db, { gtin14: gtin14.value, serial, lot }) : undefined;
      if (!found)
        return fail(
          request,
          reply,
          new AppError('not-found', 'No published battery passport has this GTIN and serial number.'),
          asHtml,
        );
      if (found.gone)
        return fail(
          request,
          reply,
          new AppError('gone', 'This battery passport is no longer published: its organization was deleted.'),
          asHtml,
        );
      const row = found.row;

      const token = accessToken(request, row.id);
      let level: AccessLevel = 'public';
      if (token !== undefined) {
        try {
          level = await levelForToken(deps, row, token.token);
        } catch (err) {
          if (err instanceof AppError) return fail(request, reply, err, asHtml);
          throw err;
        }
      }

      if (token?.from === 'query' && asHtml) {
        // The token leaves the URL (address bar, history, access logs, Referer) at once: a
        // short-lived HttpOnly cookie for this passport, and the same page at its clean URL.
        reply.setCookie(grantCookieName(row.id), token.token, {
          path: '/dpp/',
          maxAge: GRANT_COOKIE_SECONDS,
          httpOnly: true,
          sameSite: 'lax',
          secure: config.baseUrl.startsWith('https:'),
        });
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .header('location', withoutToken(request.url))
          .send();
      }

      const passport = withModel(toPassport(row, config.baseUrl), await findPublishedModel(db, row.gtin), row);
      const view = publicView(passport, level);
      const linksetUrl = `${serialAnchor(config.baseUrl, row.gtin, row.serial)}?linkType=linkset`;
      reply
        .header('vary', 'Accept, Accept-Language, Authorization, Cookie')
        .header('link', linksetHeader(linksetUrl, passport.data))
        // Restricted views are for one person: never cached, never indexed, the token never sent on as a Referer.
        .header('cache-control', level === 'public' ? 'public, max-age=60' : 'private, no-store')
        .header('referrer-policy', level === 'public' ? 'strict-origin-when-cross-origin' : 'no-referrer');
      if (level !== 'public') reply.header('x-robots-tag', 'noindex');
      if (!asHtml) {
        return reply
          .type(`${JSON_TYPE}; charset=utf-8`)
          .send(JSON.stringify({ data: view, meta: { request_id: request.id, api_version: config.version } }));
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PAGE_CSP)
        .send(renderPassportPage(view, { ...negotiateLanguage(request, reply, secure), linksetUrl }));
    },
  );
}
