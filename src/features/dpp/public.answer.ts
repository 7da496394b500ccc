// The public pages' answers, shared by the battery's page and the GTIN level's: errors as a
// page or a problem, the model under a battery, the product level, the page language.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { sendProblem } from '../../http/problem.js';
import { LINKSET_MEDIA_TYPE, linkValue } from './dpp.linkset.js';
import { toPassport } from './dpp.fns.js';
import { findNewestPublished } from './dpp.repo.js';
import { levelPageUrl, lotAnchor } from './resolver.levels.js';
import type { DB } from '../../db/database.js';
import { messagePage, withParam } from './public.fns.js';
import { LANG_COOKIE, LANG_PARAM, PAGE_LANGS, pageLanguage, type PageLang } from './page-text.js';
import { findPublishedModel } from './models.repo.js';
import { toModel, type ModelRow } from './models.fns.js';
import { applyMergePatch, type Passport, type PassportData } from './dpp.contract.js';
import type { PassportRow } from './dpp.fns.js';
import { PAGE_CSP } from './public.schemas.js';

/** An error as a problem document for API clients, or as a small HTML page for a person. */
export function fail(request: FastifyRequest, reply: FastifyReply, err: AppError, asHtml: boolean) {
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
export function withModel(
  passport: Passport,
  model: { row: ModelRow; gone: boolean } | undefined,
  row: PassportRow,
): Passport {
  if (!model || model.gone || model.row.organization_id !== row.organization_id) return passport;
  const data = applyMergePatch(JSON.parse(model.row.data), passport.data) as PassportData;
  return { ...passport, data };
}

/** The page's Link to its linkset, titled with the product (RFC 8288 §3). */
export function linksetHeader(linksetUrl: string, data: PassportData): string {
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
export async function productLevel(
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
export function negotiateLanguage(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
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
