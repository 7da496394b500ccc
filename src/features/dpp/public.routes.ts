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
import { levelForToken, type GrantsDeps } from './grants.service.js';
import { accessToken, messagePage, preferredType } from './public.fns.js';

const HTML = 'text/html';
const JSON_TYPE = 'application/json';
// The page has inline CSS, no script, and links out only through <a>.
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const PublicPassportQuery = Type.Object({
  lot: Type.Optional(Type.String({ maxLength: 100, description: 'Lot (AI 10); when given it must match.' })),
  token: Type.Optional(Type.String({ maxLength: 200, description: 'Access grant token (prefer the Authorization header: URLs end up in logs).' })),
}, { additionalProperties: true, description: 'Other query parameters (forwarded by the resolver) are ignored.' });

/** An error as a problem document for API clients, or as a small HTML page for a person. */
function fail(request: FastifyRequest, reply: FastifyReply, err: AppError, asHtml: boolean) {
  reply.header('cache-control', 'no-store').header('vary', 'Accept, Authorization');
  if (!asHtml) return sendProblem(request, reply, err, request.server.deps.config.docsUrl);
  const title = err.status === 401 ? 'Access denied' : err.status === 410 ? 'Battery passport withdrawn' : 'Battery passport not found';
  return reply.code(err.status).type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(messagePage(err.status, title, err.detail));
}

export default async function publicRoutes(app: App) {
  const { db, config, clock } = app.deps;
  const deps: GrantsDeps = { db, config, clock };

  app.get('/dpp/:gtin/:serial', {
    config: { auth: false, rateLimit: 'public' },
    schema: {
      operationId: 'getPublicPassport', tags: ['dpp-public'], summary: 'Public battery passport page',
      description: 'Server-rendered HTML (or, with `Accept: application/json`, the same view as JSON) of a published passport. Without a token only public attributes are shown; a valid access grant token (`Authorization: Bearer …` or `?token=`) shows its level. Unknown, unpublished and archived passports are 404; an invalid, expired, revoked or other passport\'s token is 401.',
      params: Type.Object({ gtin: Type.String({ maxLength: 14 }), serial: Type.String({ maxLength: 100 }) }),
      querystring: PublicPassportQuery,
      response: {
        200: { description: 'The passport page or view', content: { [HTML]: { schema: Type.String() }, [JSON_TYPE]: { schema: Type.Unknown() } } },
        401: { description: 'Invalid access token (HTML page or problem document)', content: { [HTML]: { schema: Type.String() }, 'application/problem+json': { schema: Type.Unknown() } } },
        404: { description: 'No published passport (HTML page or problem document)', content: { [HTML]: { schema: Type.String() }, 'application/problem+json': { schema: Type.Unknown() } } },
        410: { description: 'The passport\'s organization was deleted (HTML page or problem document)', content: { [HTML]: { schema: Type.String() }, 'application/problem+json': { schema: Type.Unknown() } } },
      },
    },
  }, async (request, reply) => {
    const asHtml = preferredType(request.headers.accept, [HTML, JSON_TYPE]) === HTML;
    const { gtin, serial } = request.params;
    const lot = request.query.lot;
    const gtin14 = normalizeGtin(gtin);
    const wellFormed = gtin14.ok && isValidAiValue(serial) && (lot === undefined || isValidAiValue(lot));
    const found = wellFormed ? await findPublished(db, { gtin14: gtin14.value, serial, lot }) : undefined;
    if (!found) return fail(request, reply, new AppError('not-found', 'No published battery passport has this GTIN and serial number.'), asHtml);
    if (found.gone) return fail(request, reply, new AppError('gone', 'This battery passport is no longer published: its organization was deleted.'), asHtml);
    const row = found.row;

    const token = accessToken(request);
    let level: AccessLevel = 'public';
    if (token !== undefined) {
      try {
        level = await levelForToken(deps, row.id, token);
      } catch (err) {
        if (err instanceof AppError) return fail(request, reply, err, asHtml);
        throw err;
      }
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
      return reply.type(`${JSON_TYPE}; charset=utf-8`).send(JSON.stringify({ data: view, meta: { request_id: request.id, api_version: config.version } }));
    }
    return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(renderPassportPage(view, { lang: 'en', linksetUrl }));
  });
}
