// The resolver's answers, shared by its routes and the compressed Digital Links: CORS, the
// linkset in its representations, the 307 to a link, and the preflight (RES rules in docs/dpp.md).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';
import { AppError } from '../../http/errors.js';
import {
  buildLinkset,
  JSONLD_CONTEXT_REL,
  LINKSET_JSONLD_CONTEXT,
  LINKSET_MEDIA_TYPE,
  linkValue,
  resolveLinkType,
  type Linkset,
} from './dpp.linkset.js';
import { levelsFor } from './resolver.levels.js';
import { parseDigitalLinkPath, type DigitalLinkKey, encodeAiValue } from './gs1.js';
import {
  acceptedRepresentation,
  forwardQuery,
  HTML,
  JSON_TYPE,
  JSONLD_TYPE,
  linksetFormat,
  queryValue,
  renderLinksetPage,
  type LinksetFormat,
} from './resolver.fns.js';

const ALLOW = 'GET, HEAD, OPTIONS';

/** Any web page may ask the resolver (GS1 resolvers are meant to be called cross-origin: SHALL support CORS). */
export function cors(reply: FastifyReply) {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', ALLOW)
    .header('access-control-expose-headers', 'Link, Location');
}

export const base = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

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

export function syntaxError(code: string, message: string) {
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
export async function resolve(
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
export function preflight(app: App, reply: FastifyReply, path: string) {
  cors(reply)
    .header('allow', ALLOW)
    .header('access-control-allow-headers', 'Accept')
    .header('access-control-max-age', '86400');
  const parsed = parseDigitalLinkPath(path);
  if (parsed.ok) reply.header('link', linksetLink(canonicalLink(app.deps.config.baseUrl, parsed.value)));
  return reply.code(204).send();
}
