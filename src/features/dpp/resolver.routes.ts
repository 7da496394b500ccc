// The GS1 Digital Link resolver: GET /01/{gtin}[/22/…][/10/{lot}]/21/{serial} → the passport page
// (307) or its RFC 9264 linkset, and /.well-known/gs1resolver. Public and global: the key is looked
// up among published passports of every organization.
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { AppError } from '../../http/errors.js';
import { buildLinkset, linkHeader, LINKSET_MEDIA_TYPE, resolveLinkType, resolverDescription } from './dpp.linkset.js';
import { toPassport } from './dpp.fns.js';
import { findPublished } from './dpp.repo.js';
import { parseDigitalLinkPath } from './gs1.js';
import { preferredType } from './public.fns.js';
import { LinksetSchema, ResolverDescriptionSchema } from './dpp.schemas.js';

const ALLOW = 'GET, HEAD, OPTIONS';
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
});

/**
 * The forms of a Digital Link the document names, so a generated client can call them (a `/01/*`
 * wildcard has no parameter name a client could fill). The wildcard stays as the undocumented
 * fallback for the rest: a trailing slash, a consumer product variant (/22/…).
 */
const DOCUMENTED_FORMS = [
  {
    url: '/01/:gtin',
    id: 'Gtin',
    what: 'a GTIN alone (no passport is per model: always 404, or 400 when malformed)',
    params: { gtin: 'GTIN-8, -12, -13 or -14 (AI 01), check digit included.' },
  },
  {
    url: '/01/:gtin/21/:serial',
    id: 'Serial',
    what: 'a GTIN and serial number',
    params: {
      gtin: 'GTIN-8, -12, -13 or -14 (AI 01), check digit included.',
      serial: 'Serial number (AI 21), percent-encoded.',
    },
  },
  {
    url: '/01/:gtin/10/:lot/21/:serial',
    id: 'LotSerial',
    what: 'a GTIN, lot and serial number',
    params: {
      gtin: 'GTIN-8, -12, -13 or -14 (AI 01), check digit included.',
      lot: "Lot or batch (AI 10), percent-encoded; it must match the passport's.",
      serial: 'Serial number (AI 21), percent-encoded.',
    },
  },
] as const;

const paramsOf = (params: Record<string, string>) =>
  Type.Object(
    Object.fromEntries(Object.entries(params).map(([name, description]) => [name, Type.String({ description })])),
  );

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

  const resolve = async (request: FastifyRequest<{ Querystring: { linkType?: string } }>, reply: FastifyReply) => {
    cors(reply).header('vary', 'Accept');
    const parsed = parseDigitalLinkPath(request.url);
    if (!parsed.ok) {
      const { code, message } = parsed.error;
      throw new AppError('bad-request', `Not a valid GS1 Digital Link: ${message}`, {
        errors: [{ pointer: '/path', detail: message, code }],
      });
    }
    const key = parsed.value;
    // A passport is per battery: it needs the serial, and none of ours carries a consumer product variant.
    const found =
      key.serial !== undefined && key.cpv === undefined
        ? await findPublished(db, { gtin14: key.gtin14, serial: key.serial, lot: key.lot })
        : undefined;
    if (!found) throw new AppError('not-found', 'No published battery passport has this GS1 key.');
    if (found.gone)
      throw new AppError('gone', 'This battery passport is no longer published: its organization was deleted.');
    const row = found.row;

    const passport = toPassport(row, config.baseUrl);
    const target = {
      digital_link: passport.digital_link,
      public_url: passport.public_url,
      lang: 'en',
      productName: passport.data.generalProductInformation?.batteryModel,
    };
    const linkset = buildLinkset(target);
    const { linkType } = request.query;
    const wantsLinkset =
      !linkType && preferredType(request.headers.accept, ['text/html', LINKSET_MEDIA_TYPE]) === LINKSET_MEDIA_TYPE;
    const resolution = wantsLinkset ? { kind: 'linkset' as const } : resolveLinkType(linkType, target);
    if (!resolution)
      throw new AppError(
        'not-found',
        `Link type ${linkType} is not available for this item; linkType=linkset lists the available ones.`,
      );

    reply.header('cache-control', 'no-store');
    // A Buffer, so no charset parameter is appended: the linkset media type (RFC 9264) has none.
    if (resolution.kind === 'linkset') return reply.type(LINKSET_MEDIA_TYPE).send(Buffer.from(JSON.stringify(linkset)));
    const linksetRef = `<${passport.digital_link}?linkType=linkset>; rel="linkset"; type="${LINKSET_MEDIA_TYPE}"`;
    return reply
      .code(307)
      .header('location', forwardQuery(resolution.href, request.url))
      .header('link', `${linksetRef}, ${linkHeader(linkset)}`)
      .send();
  };

  const linkTypeQuery = Type.Object(
    {
      linkType: Type.Optional(
        Type.String({
          maxLength: 200,
          description:
            'The link type to follow (gs1:dpp, gs1:pip, gs1:defaultLink), or linkset / all for the RFC 9264 linkset.',
        }),
      ),
    },
    { additionalProperties: true },
  );
  const resolveResponses = {
    200: { description: 'RFC 9264 linkset', content: { [LINKSET_MEDIA_TYPE]: { schema: LinksetSchema } } },
    307: {
      description: 'Redirect to the passport page (Location), with a Link header listing the linkset',
      type: 'null',
    },
    400: problem('Malformed Digital Link path; errors[0].code names the rule (dl.order, gtin.check_digit, …)'),
    404: problem('No published passport for this key, or an unknown link type'),
    410: problem("The passport's organization was deleted"),
  };
  app.get(
    '/01/*',
    {
      config: { auth: false, rateLimit: 'public', htmlErrors: true },
      schema: { hide: true, querystring: linkTypeQuery },
    },
    resolve,
  );
  for (const form of DOCUMENTED_FORMS) {
    app.get(
      form.url,
      {
        config: { auth: false, rateLimit: 'public', htmlErrors: true },
        schema: {
          operationId: `resolveDigitalLink${form.id}`,
          tags: ['resolver'],
          summary: `Resolve ${form.what}`,
          description: `GS1 Digital Link resolver for ${form.what}. 307 to the passport page (query parameters kept, minus linkType) with a \`Link\` header; \`linkType=linkset\`/\`all\` or \`Accept: application/linkset+json\` answers the linkset. 400 for a malformed path or GTIN, 404 for an unknown key or link type. The resolver also accepts a trailing slash and a consumer product variant (\`/22/{cpv}\` before the lot).`,
          params: paramsOf(form.params),
          querystring: linkTypeQuery,
          response: resolveResponses,
        },
      },
      resolve,
    );
  }

  const preflight = async (_request: FastifyRequest, reply: FastifyReply) =>
    cors(reply)
      .header('allow', ALLOW)
      .header('access-control-allow-methods', ALLOW)
      .header('access-control-allow-headers', 'Accept')
      .header('access-control-max-age', '86400')
      .code(204)
      .send();
  app.options('/01/*', { config: { auth: false, rateLimit: 'public' }, schema: { hide: true } }, preflight);
  for (const form of DOCUMENTED_FORMS) {
    app.options(
      form.url,
      {
        config: { auth: false, rateLimit: 'public' },
        schema: {
          operationId: `resolveDigitalLink${form.id}Options`,
          tags: ['resolver'],
          summary: 'Methods of the resolver (CORS preflight)',
          description: 'CORS preflight: any origin may call the resolver with GET or HEAD and an Accept header.',
          params: paramsOf(form.params),
          response: {
            204: {
              description: 'No content; Allow and the Access-Control-* headers list what is allowed',
              type: 'null',
            },
          },
        },
      },
      preflight,
    );
  }

  app.get(
    '/.well-known/gs1resolver',
    {
      config: { auth: false, rateLimit: 'public' },
      schema: {
        operationId: 'getResolverDescription',
        tags: ['resolver'],
        summary: 'GS1 resolver description document',
        description:
          'What this resolver supports (GS1 Digital Link resolver conformance): its root, primary keys and link type vocabulary.',
        response: {
          200: {
            description: 'Resolver description',
            content: { 'application/json': { schema: ResolverDescriptionSchema } },
          },
        },
      },
    },
    async (_request, reply) =>
      cors(reply)
        .header('cache-control', 'public, max-age=3600')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(resolverDescription({ name: 'qrs resolver', resolverRoot: config.baseUrl }))),
  );
}
