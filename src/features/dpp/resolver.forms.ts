// What the resolver's documented routes share: the forms of a Digital Link the OpenAPI document
// names, their parameters, the linkType query and the answers of a resolution.
import { Type } from 'typebox';
import { LINKSET_MEDIA_TYPE } from './dpp.linkset.js';
import { HTML, JSON_TYPE, JSONLD_TYPE } from './resolver.fns.js';
import { LinksetSchema } from './dpp.schemas.js';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
});

/**
 * The forms of a Digital Link the document names, so a generated client can call them (a `/01/*`
 * wildcard has no parameter name a client could fill). The wildcard stays as the undocumented
 * fallback for the rest: a trailing slash, a consumer product variant (/22/…), AI 235.
 */
export const DOCUMENTED_FORMS = [
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

export const paramsOf = (params: Record<string, string>) =>
  Type.Object(
    Object.fromEntries(Object.entries(params).map(([name, description]) => [name, Type.String({ description })])),
  );

export const linkTypeQuery = Type.Object(
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
export const resolveResponses = {
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
