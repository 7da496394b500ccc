// The GS1 Digital Link resolver: GET /01/{gtin}[/22/…][/10/{lot}]/21/{serial} → the passport page
// (307) or its RFC 9264 linkset, and /.well-known/gs1resolver. Public and global: the key is looked
// up among published passports of every organization.
import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import type { App } from '../../http/types.js';
import { AppError } from '../../http/errors.js';
import { buildLinkset, linkHeader, LINKSET_MEDIA_TYPE, resolveLinkType, resolverDescription } from './dpp.linkset.js';
import { toPassport } from './dpp.fns.js';
import { findPublished } from './dpp.repo.js';
import { parseDigitalLinkPath } from './gs1.js';
import { preferredType } from './public.fns.js';

const ALLOW = 'GET, HEAD, OPTIONS';
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } } });

/** Any web page may ask the resolver (GS1 resolvers are meant to be called cross-origin). */
function cors(reply: FastifyReply) {
  return reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'Link, Location');
}

/** The request's query minus linkType, merged into the target without overriding its own parameters. */
function forwardQuery(href: string, rawUrl: string): string {
  const query = new URLSearchParams(rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '');
  query.delete('linkType');
  if ([...query.keys()].length === 0) return href;
  const target = new URL(href);
  for (const [key, value] of query) if (!target.searchParams.has(key)) target.searchParams.append(key, value);
  return target.toString();
}

export default async function resolverRoutes(app: App) {
  const { db, config } = app.deps;

  app.get('/01/*', {
    config: { auth: false, rateLimit: 'public' },
    schema: {
      operationId: 'resolveDigitalLink', tags: ['resolver'], summary: 'GS1 Digital Link resolver for battery passports',
      description: 'Path `/01/{gtin}[/22/{cpv}][/10/{lot}]/21/{serial}` (trailing slash tolerated). 307 to the passport page (query parameters kept, minus linkType) with a `Link` header; `linkType=linkset`/`all` or `Accept: application/linkset+json` answers the linkset. 400 for a malformed path or GTIN, 404 for an unknown key or link type.',
      querystring: Type.Object({ linkType: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: true }),
      response: {
        200: { description: 'RFC 9264 linkset', content: { [LINKSET_MEDIA_TYPE]: { schema: Type.Unknown() } } },
        307: { description: 'Redirect to the passport page (Location)', type: 'null' },
        400: problem('Malformed Digital Link path; errors[0].code names the rule (dl.order, gtin.check_digit, …)'),
        404: problem('No published passport for this key, or an unknown link type'),
        410: problem('The passport\'s organization was deleted'),
      },
    },
  }, async (request, reply) => {
    cors(reply).header('vary', 'Accept');
    const parsed = parseDigitalLinkPath(request.url);
    if (!parsed.ok) {
      const { code, message } = parsed.error;
      throw new AppError('bad-request', `Not a valid GS1 Digital Link: ${message}`, { errors: [{ pointer: '/path', detail: message, code }] });
    }
    const key = parsed.value;
    // A passport is per battery: it needs the serial, and none of ours carries a consumer product variant.
    const found = key.serial !== undefined && key.cpv === undefined
      ? await findPublished(db, { gtin14: key.gtin14, serial: key.serial, lot: key.lot })
      : undefined;
    if (!found) throw new AppError('not-found', 'No published battery passport has this GS1 key.');
    if (found.gone) throw new AppError('gone', 'This battery passport is no longer published: its organization was deleted.');
    const row = found.row;

    const passport = toPassport(row, config.baseUrl);
    const target = {
      digital_link: passport.digital_link, public_url: passport.public_url, lang: 'en',
      productName: passport.data.generalProductInformation?.batteryModel,
    };
    const linkset = buildLinkset(target);
    const { linkType } = request.query;
    const wantsLinkset = !linkType && preferredType(request.headers.accept, ['text/html', LINKSET_MEDIA_TYPE]) === LINKSET_MEDIA_TYPE;
    const resolution = wantsLinkset ? { kind: 'linkset' as const } : resolveLinkType(linkType, target);
    if (!resolution) throw new AppError('not-found', `Link type ${linkType} is not available for this item; linkType=linkset lists the available ones.`);

    reply.header('cache-control', 'no-store');
    // A Buffer, so no charset parameter is appended: the linkset media type (RFC 9264) has none.
    if (resolution.kind === 'linkset') return reply.type(LINKSET_MEDIA_TYPE).send(Buffer.from(JSON.stringify(linkset)));
    const linksetRef = `<${passport.digital_link}?linkType=linkset>; rel="linkset"; type="${LINKSET_MEDIA_TYPE}"`;
    return reply.code(307).header('location', forwardQuery(resolution.href, request.url)).header('link', `${linksetRef}, ${linkHeader(linkset)}`).send();
  });

  app.options('/01/*', {
    config: { auth: false, rateLimit: 'public' },
    schema: { operationId: 'resolveDigitalLinkOptions', tags: ['resolver'], summary: 'Methods of the resolver (CORS preflight)', response: { 204: { description: 'No content; see Allow', type: 'null' } } },
  }, async (_request, reply) => cors(reply).header('allow', ALLOW).header('access-control-allow-methods', ALLOW)
    .header('access-control-allow-headers', 'Accept').header('access-control-max-age', '86400').code(204).send());

  app.get('/.well-known/gs1resolver', {
    config: { auth: false, rateLimit: 'public' },
    schema: { operationId: 'getResolverDescription', tags: ['resolver'], summary: 'GS1 resolver description document', response: { 200: { description: 'Resolver description', content: { 'application/json': { schema: Type.Unknown() } } } } },
  }, async (_request, reply) => cors(reply).header('cache-control', 'public, max-age=3600').type('application/json; charset=utf-8')
    .send(JSON.stringify(resolverDescription({ name: 'qrs resolver', resolverRoot: config.baseUrl }))));
}
