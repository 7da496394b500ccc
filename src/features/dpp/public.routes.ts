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
import { LINKSET_MEDIA_TYPE, linkValue } from './dpp.linkset.js';
import { toPassport } from './dpp.fns.js';
import { findNewestPublished, findPublished } from './dpp.repo.js';
import { levelPageUrl, lotAnchor, serialAnchor } from './resolver.levels.js';
import type { DB } from '../../db/database.js';
import { isValidAiValue, normalizeGtin } from './gs1.js';
import { levelForToken } from './grants.service.js';
import {
  accessToken,
  GRANT_COOKIE_SECONDS,
  grantCookieName,
  messagePage,
  preferredType,
  withoutToken,
  withParam,
} from './public.fns.js';
import { LANG_COOKIE, LANG_PARAM, PAGE_LANGS, pageLanguage, type PageLang } from './page-text.js';
import { PassportViewEnvelope } from './dpp.schemas.js';
import { findPublishedModel } from './models.repo.js';
import { toModel, type ModelRow } from './models.fns.js';
import { applyMergePatch, type Passport, type PassportData } from './dpp.contract.js';
import type { PassportRow } from './dpp.fns.js';
import { publicRoute } from '../../http/route.js';

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

const LangParam = Type.String({
  maxLength: 10,
  description:
    'Page language, `en` or `de` (the language switch); remembered in a cookie. Without it: the cookie, then `Accept-Language`. Other values are ignored.',
});

export const PublicPassportQuery = Type.Object(
  {
    lot: Type.Optional(Type.String({ maxLength: 100, description: 'Lot (AI 10); when given it must match.' })),
    lang: Type.Optional(LangParam),
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

/**
 * A battery passport extends its model's (the GTIN level): the model's public data, with the
 * battery's own values over it. Only a model of the passport's own organization counts.
 */
function withModel(
  passport: Passport,
  model: { row: ModelRow; gone: boolean } | undefined,
  row: PassportRow,
): Passport {
  if (!model || model.gone || model.row.organization_id !== row.organization_id) return passport;
  const data = applyMergePatch(JSON.parse(model.row.data), passport.data) as PassportData;
  return { ...passport, data };
}

/** The page's Link to its linkset, titled with the product (RFC 8288 §3). */
function linksetHeader(linksetUrl: string, data: PassportData): string {
  const name = data.generalProductInformation?.batteryModel;
  return linkValue(linksetUrl, {
    rel: 'linkset',
    type: LINKSET_MEDIA_TYPE,
    title: name ? `Links for ${name}` : 'Links for this item',
  });
}

/**
 * The GTIN level (or, with a lot, the lot level) as a passport without serial: the model passport
 * of the GTIN when its organization publishes one, else the product facts every battery of the
 * GTIN shares (model, manufacturer, category) from its newest published passport, so the level the
 * resolver walks up to always has a page (RES 2.5.9, docs/decisions.md D61).
 */
async function productLevel(
  db: DB,
  baseUrl: string,
  gtin14: string,
  lot: string | undefined,
): Promise<Passport | AppError | undefined> {
  const model = await findPublishedModel(db, gtin14);
  const usable = model && !model.gone ? model.row : undefined;
  const row = lot !== undefined || !usable ? await findNewestPublished(db, { gtin14, lot }) : undefined;
  if (lot !== undefined && !row) return undefined;
  const level = {
    serial: '',
    lot: lot ?? null,
    unique_identifier: '',
    battery_status: 'original' as const,
    predecessor_id: null,
    digital_link: lot === undefined ? `${baseUrl.replace(/\/+$/, '')}/01/${gtin14}` : lotAnchor(baseUrl, gtin14, lot),
    public_url: levelPageUrl(baseUrl, gtin14, lot),
  };
  if (usable && (!row || row.organization_id === usable.organization_id))
    return { ...toModel(usable, baseUrl), ...level } as Passport;
  if (!row)
    return model?.gone
      ? new AppError('gone', 'This model passport is no longer published: its organization was deleted.')
      : undefined;
  const passport = toPassport(row, baseUrl);
  const info = passport.data.generalProductInformation;
  const shared: Record<string, unknown> = {};
  if (info?.batteryModel) shared.batteryModel = info.batteryModel;
  if (info?.manufacturerInformation) shared.manufacturerInformation = info.manufacturerInformation;
  return { ...passport, ...level, data: { generalProductInformation: shared } as PassportData };
}

/**
 * The page language of a request, the same page in each language (the switch), and the answer's
 * language headers. An explicit choice (`?lang=`) is remembered for a year in a cookie.
 */
function negotiateLanguage(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  const query = (request.query as Record<string, unknown>)[LANG_PARAM];
  const { lang, explicit } = pageLanguage({
    query,
    cookie: request.cookies[LANG_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  });
  if (explicit)
    reply.setCookie(LANG_COOKIE, lang, { path: '/dpp/', maxAge: 365 * 86400, httpOnly: true, sameSite: 'lax', secure });
  const links = Object.fromEntries(PAGE_LANGS.map((l) => [l, withParam(request.url, LANG_PARAM, l)])) as Record<
    PageLang,
    string
  >;
  reply.header('content-language', lang);
  return { lang, languageLinks: links };
}

export default async function publicRoutes(app: App) {
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
