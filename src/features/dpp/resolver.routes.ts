// The GS1 Digital Link resolver: GET /01/{gtin}[/22/…][/10/{lot}]/21/{serial} (or /235/{tpx}) →
// the most specific level that has links (the battery's passport, else the model's at the GTIN
// level), as a 307 to its default link or the requested link type, or as its RFC 9264 linkset;
// compressed Digital Links; /.well-known/gs1resolver. Public and global: keys are looked up
// among published passports of every organization. Rules (RES x.y) are listed in docs/dpp.md.
import { Type } from 'typebox';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { AppError } from '../../http/errors.js';
import { sendProblem } from '../../http/problem.js';
import { applyRateLimit } from '../../http/rate-limit.js';
import {
  buildLinkset,
  JSONLD_CONTEXT_REL,
  LINKSET_JSONLD_CONTEXT,
  LINKSET_MEDIA_TYPE,
  linkValue,
  resolveLinkType,
  resolverDescription,
  type Linkset,
} from './dpp.linkset.js';
import { levelsFor } from './resolver.levels.js';
import { parseDigitalLinkPath, type DigitalLinkKey, encodeAiValue } from './gs1.js';
import { decompressPath } from './gs1-compression.js';
import { messagePage, preferredType } from './public.fns.js';
import {
  acceptedRepresentation,
  forwardQuery,
  HTML,
  JSON_TYPE,
  JSONLD_TYPE,
  linksetFormat,
  queryValue,
  rawQuery,
  renderLinksetPage,
  type LinksetFormat,
} from './resolver.fns.js';
import { LinksetSchema, ResolverDescriptionSchema } from './dpp.schemas.js';
import { publicRoute } from '../../http/route.js';
import { onUnrouted } from '../../http/unrouted.js';

const ALLOW = 'GET, HEAD, OPTIONS';
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
});

/**
 * The forms of a Digital Link the document names, so a generated client can call them (a `/01/*`
 * wildcard has no parameter name a client could fill). The wildcard stays as the undocumented
 * fallback for the rest: a trailing slash, a consumer product variant (/22/…), AI 235.
 */
const DOCUMENTED_FORMS = [
  {
    url: '/01/:gtin',
    id: 'Gtin',
    what: "a GTIN alone: the model's passport (GTIN level)",
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
      lot: "Lot or batch (AI 10), percent-encoded; when it is not the passport's, the GTIN level answers.",
      serial: 'Serial number (AI 21), percent-encoded.',
    },
  },
] as const;

const paramsOf = (params: Record<string, string>) =>
  Type.Object(
    Object.fromEntries(Object.entries(params).map(([name, description]) => [name, Type.String({ description })])),
  );

/** Any web page may ask the resolver (GS1 resolvers are meant to be called cross-origin: SHALL support CORS). */
function cors(reply: FastifyReply) {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', ALLOW)
    .header('access-control-expose-headers', 'Link, Location');
}

const base = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** The canonical Digital Link of a parsed key (14-digit GTIN, qualifiers percent-encoded). */
function canonicalLink(baseUrl: string, key: DigitalLinkKey): string {
  const parts = [`/01/${key.gtin14}`];
  if (key.tpx !== undefined) parts.push(`/235/${encodeAiValue(key.tpx)}`);
  if (key.cpv !== undefined) parts.push(`/22/${encodeAiValue(key.cpv)}`);
  if (key.lot !== undefined) parts.push(`/10/${encodeAiValue(key.lot)}`);
  if (key.serial !== undefined) parts.push(`/21/${encodeAiValue(key.serial)}`);
  return `${base(baseUrl)}${parts.join('')}`;
}

// Every link in a Link header has a title (RFC 8288 §3), naming the item where it is known.
const linksetLink = (anchor: string, item?: string) =>
  linkValue(`${anchor}?linkType=linkset`, {
    rel: 'linkset',
    type: LINKSET_MEDIA_TYPE,
    title: item ? `Links for ${item}` : 'Links for this item',
  });
const contextLink = linkValue(LINKSET_JSONLD_CONTEXT, {
  rel: JSONLD_CONTEXT_REL,
  type: JSONLD_TYPE,
  title: 'GS1 linkset JSON-LD context',
});
const sameAsLink = (uncompressed: string) =>
  linkValue(uncompressed, { rel: 'owl:sameAs', title: 'The uncompressed GS1 Digital Link' });

function syntaxError(code: string, message: string) {
  return new AppError('bad-request', `Not a valid GS1 Digital Link: ${message}`, {
    errors: [{ pointer: '/path', detail: message, code }],
  });
}

function sendLinkset(reply: FastifyReply, linkset: Linkset, format: LinksetFormat) {
  const { anchor, itemDescription } = linkset.linkset[0];
  reply.header('cache-control', 'no-store').header('link', `${linksetLink(anchor, itemDescription)}, ${contextLink}`);
  if (format === HTML) return reply.type('text/html; charset=utf-8').send(renderLinksetPage(linkset));
  if (format === JSONLD_TYPE)
    return reply
      .type(JSONLD_TYPE)
      .send(Buffer.from(JSON.stringify({ '@context': LINKSET_JSONLD_CONTEXT, ...linkset })));
  // A Buffer, so no charset parameter is appended: the linkset media type (RFC 9264) has none.
  return reply.type(format === JSON_TYPE ? JSON_TYPE : LINKSET_MEDIA_TYPE).send(Buffer.from(JSON.stringify(linkset)));
}

/** The resolver's answer for a Digital Link path and its raw query; `sameAs` names the uncompressed form. */
async function resolve(
  app: App,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  query: string,
  sameAs?: string,
) {
  const { db, config } = app.deps;
  cors(reply).header('vary', 'Accept');
  const parsed = parseDigitalLinkPath(path);
  if (!parsed.ok) throw syntaxError(parsed.error.code, parsed.error.message);
  if (sameAs) reply.header('link', sameAsLink(sameAs));

  const levels = await levelsFor(db, config.baseUrl, parsed.value);
  if (levels.length === 0) throw new AppError('not-found', 'No published battery passport has this GS1 key.');
  const linkset = buildLinkset(...levels);
  const extra = sameAs ? `, ${sameAsLink(sameAs)}` : '';

  const linkType = queryValue(query, 'linkType');
  const accepted = acceptedRepresentation(request.headers.accept);
  if (linkType === undefined && accepted !== 'redirect') {
    sendLinkset(reply, linkset, accepted);
    return reply.header('link', `${reply.getHeader('link')}${extra}`);
  }
  const resolution = resolveLinkType(linkType, linkset);
  if (!resolution)
    throw new AppError(
      'not-found',
      `Link type ${linkType} is not available for this item; linkType=linkset lists the available ones.`,
    );
  if (resolution.kind === 'linkset') {
    sendLinkset(reply, linkset, linksetFormat(request.headers.accept));
    return reply.header('link', `${reply.getHeader('link')}${extra}`);
  }
  return reply
    .code(307)
    .header('cache-control', 'no-store')
    .header('location', forwardQuery(resolution.href, query))
    .header('link', `${linksetLink(linkset.linkset[0].anchor, linkset.linkset[0].itemDescription)}${extra}`)
    .send();
}

/** Allow, CORS and, for a well-formed Digital Link, the Link to its linkset (RES 2.10). */
function preflight(app: App, reply: FastifyReply, path: string) {
  cors(reply)
    .header('allow', ALLOW)
    .header('access-control-allow-headers', 'Accept')
    .header('access-control-max-age', '86400');
  const parsed = parseDigitalLinkPath(path);
  if (parsed.ok) reply.header('link', linksetLink(canonicalLink(app.deps.config.baseUrl, parsed.value)));
  return reply.code(204).send();
}

/**
 * Compressed Digital Links (`{base}/{compressed}`) are single path segments no route knows, so
 * they are caught before the not-found handler and the dashboard's fallback; anything that does
 * not decompress to a GTIN key goes on to them unchanged.
 */
export const compressedLinks = fp(
  async (app: App) => {
    app.addHook(
      'onRequest',
      onUnrouted(async (request, reply) => {
        if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
        const path = request.url.split('?')[0];
        const uncompressed = decompressPath(path);
        if (!uncompressed) return;
        const [dlPath, dlQuery = ''] = uncompressed.split(/\?(.*)/s);
        const query = [dlQuery, rawQuery(request.url)].filter(Boolean).join('&');
        const sameAs = `${base(app.deps.config.baseUrl)}${uncompressed}`;
        try {
          // Counted per IP like the resolver's routes (the not-found handler would count it otherwise).
          await applyRateLimit(request, reply);
          if (request.method === 'OPTIONS') return await preflight(app, reply, dlPath);
          return await resolve(app, request, reply, dlPath, query, sameAs);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          reply.header('cache-control', 'no-store');
          if (preferredType(request.headers.accept, ['application/problem+json', HTML]) !== HTML)
            return sendProblem(request, reply, err, app.deps.config.docsUrl);
          return reply
            .code(err.status)
            .type('text/html; charset=utf-8')
            .send(messagePage(err.status, err.status === 404 ? 'Not found' : 'Bad request', err.detail));
        }
      }),
    );
  },
  { name: 'dpp-compressed-links' },
);

export default async function resolverRoutes(app: App) {
  const { config } = app.deps;

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // A value the input rule refuses (a NUL, a lone surrogate) is a malformed Digital Link: 400
    // with the rule's code, like any other syntax error, not the API's 422.
    if (request.validationError) {
      const parsed = parseDigitalLinkPath(request.url);
      if (!parsed.ok) throw syntaxError(parsed.error.code, parsed.error.message);
      throw syntaxError('dl.syntax', request.validationError.message);
    }
    return resolve(app, request, reply, request.url.split('?')[0], rawQuery(request.url));
  };

  const linkTypeQuery = Type.Object(
    {
      linkType: Type.Optional(
        Type.String({
          maxLength: 200,
          description:
            'The link type to follow (gs1:dpp, gs1:pip, gs1:homepage, gs1:defaultLink, also as https://ref.gs1.org/voc/… URIs), or linkset / all for the RFC 9264 linkset.',
        }),
      ),
    },
    { additionalProperties: true },
  );
  const linksetContent = { schema: LinksetSchema };
  const resolveResponses = {
    200: {
      description:
        'RFC 9264 linkset (linkType=linkset, or an Accept header that prefers it): as application/linkset+json, application/json, application/ld+json, or an HTML page for a browser',
      content: {
        [LINKSET_MEDIA_TYPE]: linksetContent,
        [JSON_TYPE]: linksetContent,
        [JSONLD_TYPE]: linksetContent,
        [HTML]: { schema: Type.String({ description: 'The links as an HTML page' }) },
      },
    },
    307: {
      description: 'Redirect to the default link or the requested link type (Location), with a Link to the linkset',
      type: 'null',
    },
    400: problem('Malformed Digital Link path; errors[0].code names the rule (dl.order, gtin.check_digit, …)'),
    404: problem('No published passport at this level or above it, or an unknown link type'),
    410: problem("The passport's organization was deleted"),
  };
  app.get(
    '/01/*',
    publicRoute(
      'the GS1 Digital Link resolver, scanned by phones and called by any resolver client',
      { hide: true, querystring: linkTypeQuery },
      { rateLimit: 'public', htmlErrors: true, attachValidation: true },
    ),
    handler,
  );
  for (const form of DOCUMENTED_FORMS) {
    app.get(
      form.url,
      publicRoute(
        'the GS1 Digital Link resolver, scanned by phones and called by any resolver client',
        {
          operationId: `resolveDigitalLink${form.id}`,
          tags: ['resolver'],
          summary: `Resolve ${form.what}`,
          description: `GS1 Digital Link resolver for ${form.what}. Answers from the most specific level that has links: the battery's passport, else the model's (GTIN level). 307 to the default link or to \`linkType\` (the query string passed on as sent, minus linkType) with a \`Link\` to the linkset; \`linkType=linkset\` or an Accept header preferring \`application/linkset+json\`, \`application/json\` or \`application/ld+json\` answers the linkset. 400 for a malformed path or GTIN, 404 when no level has links or the link type is unknown. The resolver also accepts a trailing slash, a consumer product variant (\`/22/{cpv}\` before the lot), AI 235 and compressed Digital Links.`,
          params: paramsOf(form.params),
          querystring: linkTypeQuery,
          response: resolveResponses,
        },
        { rateLimit: 'public', htmlErrors: true, attachValidation: true },
      ),
      handler,
    );
  }

  const options = async (request: FastifyRequest, reply: FastifyReply) =>
    preflight(app, reply, request.url.split('?')[0]);
  app.options(
    '/01/*',
    publicRoute(
      'CORS preflight of the resolver, sent by browsers before they call it',
      { hide: true },
      { rateLimit: 'public' },
    ),
    options,
  );
  for (const form of DOCUMENTED_FORMS) {
    app.options(
      form.url,
      publicRoute(
        'CORS preflight of the resolver, sent by browsers before they call it',
        {
          operationId: `resolveDigitalLink${form.id}Options`,
          tags: ['resolver'],
          summary: 'Methods of the resolver (CORS preflight)',
          description:
            'CORS preflight: any origin may call the resolver with GET or HEAD and an Accept header. A Link header points to the linkset.',
          params: paramsOf(form.params),
          response: {
            204: {
              description: 'No content; Allow, Link and the Access-Control-* headers list what is allowed',
              type: 'null',
            },
          },
        },
        { rateLimit: 'public' },
      ),
      options,
    );
  }

  app.get(
    '/.well-known/gs1resolver',
    publicRoute(
      'the resolver description document GS1 clients read',
      {
        operationId: 'getResolverDescription',
        tags: ['resolver'],
        summary: 'GS1 resolver description document',
        description:
          'What this resolver supports (GS1-Conformant Resolver description file): its root, primary keys (as numeric AIs), link type vocabulary and JSON-LD context.',
        response: {
          200: {
            description: 'Resolver description',
            content: { 'application/json': { schema: ResolverDescriptionSchema } },
          },
        },
      },
      { rateLimit: 'public' },
    ),
    async (_request, reply) =>
      cors(reply)
        .header('cache-control', 'public, max-age=3600')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(resolverDescription({ name: 'qrs resolver', resolverRoot: config.baseUrl }))),
  );
}
