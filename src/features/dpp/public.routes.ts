// GET /dpp/:gtin/:serial — the page a scan lands on. Only published passports; the public view
// unless the request carries a valid access grant for this very passport.
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { AppError } from '../../http/errors.js';
import { sendProblem } from '../../http/problem.js';
import type { AccessLevel } from './dpp.contract.js';
import { renderPassportPage } from './dpp.page.js';
import { publicView } from './dpp.public-view.js';
import { LINKSET_MEDIA_TYPE } from './dpp.linkset.js';
import { toPassport } from './dpp.fns.js';
import { findPublished } from './dpp.repo.js';
import { isValidAiValue, normalizeGtin } from './gs1.js';
import { levelForToken } from './grants.service.js';
import type { DppDeps } from './dpp.service.js';
import {
  accessToken,
  GRANT_COOKIE_SECONDS,
  grantCookieName,
  messagePage,
  preferredType,
  withoutToken,
} from './public.fns.js';
import { PassportViewEnvelope } from './dpp.schemas.js';

const HTML_PAGE = {
  schema: Type.String({ description: 'A server-rendered HTML page.' }),
  example: '<!doctype html><html lang="en"><head><title>Battery passport</title></head><body>…</body></html>',
};
const PROBLEM = { schema: { $ref: 'Problem#' } };

const HTML = 'text/html';
const JSON_TYPE = 'application/json';
// The page has inline CSS, no script, and links out only through <a>.
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const PublicPassportQuery = Type.Object(
  {
    lot: Type.Optional(Type.String({ maxLength: 100, description: 'Lot (AI 10); when given it must match.' })),
    token: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'Access grant token, for links opened in a browser: a valid token is traded for a short-lived HttpOnly cookie and a 303 to the same page without it. API clients send `Authorization: Bearer <token>`.',
      }),
    ),
  },
  { additionalProperties: true, description: 'Other query parameters (forwarded by the resolver) are ignored.' },
);

/** An error as a problem document for API clients, or as a small HTML page for a person. */
function fail(request: FastifyRequest, reply: FastifyReply, err: AppError, asHtml: boolean) {
  reply.header('cache-control', 'no-store').header('vary', 'Accept, Authorization');
  if (!asHtml) return sendProblem(request, reply, err, request.server.deps.config.docsUrl);
  const title =
    err.status === 401
      ? 'Access denied'
      : err.status === 410
        ? 'Battery passport withdrawn'
        : 'Battery passport not found';
  return reply
    .code(err.status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .send(messagePage(err.status, title, err.detail));
}

export default async function publicRoutes(app: App) {
  const { db, config, clock } = app.deps;
  const deps: DppDeps = { db, config, clock };

  app.get(
    '/dpp/:gtin/:serial',
    {
      config: { auth: false, rateLimit: 'public', htmlErrors: true },
      schema: {
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
    },
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
          level = await levelForToken(deps, row.id, token.token);
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

      const passport = toPassport(row, config.baseUrl);
      const view = publicView(passport, level);
      const linksetUrl = `${passport.digital_link}?linkType=linkset`;
      reply
        .header('vary', 'Accept, Authorization')
        .header('link', `<${linksetUrl}>; rel="linkset"; type="${LINKSET_MEDIA_TYPE}"`)
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
        .send(renderPassportPage(view, { lang: 'en', linksetUrl }));
    },
  );
}
