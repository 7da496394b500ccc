// What the GS1 Digital Link resolver answers for a passport: the RFC 9264 linkset, the choice of
// target for a `linkType` query value, and the /.well-known/gs1resolver description document.
// Rules cited as RES x.y are those of the GS1-Conformant Resolver standard (docs/dpp.md).
import { PAGE_LANGS } from './page-text.js';

export const LINKSET_MEDIA_TYPE = 'application/linkset+json';
/** The GS1 Web Vocabulary's current namespace (RES 2.14); link relations are written in it. */
export const GS1_VOC = 'https://ref.gs1.org/voc/';
/** The GS1 linkset JSON-LD context (RES 2.10): turns the linkset into JSON-LD. */
export const LINKSET_JSONLD_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';
export const JSONLD_CONTEXT_REL = 'http://www.w3.org/ns/json-ld#context';

// Older spellings of the vocabulary's namespace that clients still send: gs1.org/voc, www.gs1.org/voc, http.
const VOC_NAMESPACE = /^https?:\/\/(?:(?:ref|www)\.)?gs1\.org\/voc\//;

export interface LinkType {
  /** Compact form used in `?linkType=`: `gs1:dpp`. */
  curie: string;
  /** Link relation type as it appears in the linkset: `https://ref.gs1.org/voc/dpp`. */
  uri: string;
  /** Other compact forms accepted for the same link type. */
  aliases: readonly string[];
  title: string;
}

const linkType = (name: string, title: string, aliases: string[] = []): LinkType => ({
  curie: `gs1:${name}`,
  uri: `${GS1_VOC}${name}`,
  aliases,
  title,
});

/** Link types this resolver can answer; which of them a level has depends on its data. */
export const SUPPORTED_LINK_TYPES: readonly LinkType[] = [
  linkType('dpp', 'Digital battery passport', ['gs1:productPassport']),
  linkType('pip', 'Product information page'),
  linkType('homepage', 'Manufacturer'),
  linkType('defaultLink', 'Battery passport'),
];

const byCurie = (curie: string) => SUPPORTED_LINK_TYPES.find((t) => t.curie === curie)!;
export const DEFAULT_LINK = byCurie('gs1:defaultLink');

/** `linkType` values that ask for the linkset itself (`all` is the GS1 Digital Link 1.1 spelling). */
export const LINKSET_LINK_TYPES = ['linkset', 'all'] as const;

export interface LinkTarget {
  /** The GS1 Digital Link URI: the anchor of the linkset. */
  digital_link: string;
  /** The passport page. */
  public_url: string;
  /** Human-readable name of the product, for link titles. */
  productName?: string;
  /** Language of the page. */
  lang?: string;
  /** The manufacturer's web site, linked as gs1:homepage. */
  manufacturerWebsite?: string;
  /** The manufacturer's name, for the gs1:homepage title. */
  manufacturerName?: string;
  /** What the level is, when not a battery: its linkset names it ("Lot B-2609 of …"). */
  itemDescription?: string;
}

export interface LinkTargetObject {
  href: string;
  title: string;
  type?: string;
  hreflang?: string[];
}

export type LinkContext = { anchor: string; itemDescription: string } & Record<string, string | LinkTargetObject[]>;

export interface Linkset {
  linkset: LinkContext[];
}

/**
 * The link context of one level (a battery, a lot, or the GTIN level). The default link has a
 * title and href only (RES 2.5.8); the others say their media type and language. Titles name the
 * product and the manufacturer, not just the link type (RES 2.5.1–2.5.3).
 */
export function linkContext(target: LinkTarget): LinkContext {
  const name = target.productName ? `: ${target.productName}` : '';
  const page = (t: LinkType): LinkTargetObject => ({
    href: target.public_url,
    title: `${t.title}${name}`,
    type: 'text/html',
    hreflang: target.lang ? [target.lang] : [...PAGE_LANGS],
  });
  const context: LinkContext = {
    anchor: target.digital_link,
    itemDescription: target.itemDescription ?? target.productName ?? 'Battery',
  };
  context[byCurie('gs1:dpp').uri] = [page(byCurie('gs1:dpp'))];
  context[byCurie('gs1:pip').uri] = [page(byCurie('gs1:pip'))];
  if (target.manufacturerWebsite?.startsWith('https://'))
    context[byCurie('gs1:homepage').uri] = [
      {
        href: target.manufacturerWebsite,
        title: target.manufacturerName ? `Manufacturer: ${target.manufacturerName}` : 'Manufacturer',
      },
    ];
  context[DEFAULT_LINK.uri] = [{ href: target.public_url, title: `${DEFAULT_LINK.title}${name}` }];
  return context;
}

/** The RFC 9264 linkset: one context per level, the most specific (the request's own) first. */
export function buildLinkset(...targets: LinkTarget[]): Linkset {
  return { linkset: targets.map(linkContext) };
}

export type LinkTypeResolution = { kind: 'redirect'; linkType: string; href: string } | { kind: 'linkset' };

/** The link type a `linkType` value names, in any accepted spelling; undefined when unknown. */
export function linkTypeFor(value: string): LinkType | undefined {
  const asCurie = value.replace(VOC_NAMESPACE, 'gs1:');
  return SUPPORTED_LINK_TYPES.find((t) => t.curie === asCurie || t.aliases.includes(asCurie));
}

/**
 * What a resolver request asks for. No `linkType` means the default link; `linkset`/`all` the
 * linkset; a supported type (compact, alias or full URI in any namespace spelling) its target at
 * the most specific level that has one (RES 2.5.9). null: no such link here, which is a 404.
 */
export function resolveLinkType(linkType: string | undefined | null, linkset: Linkset): LinkTypeResolution | null {
  const requested = (linkType ?? '').trim();
  if ((LINKSET_LINK_TYPES as readonly string[]).includes(requested)) return { kind: 'linkset' };
  const type = requested === '' ? DEFAULT_LINK : linkTypeFor(requested);
  if (!type) return null;
  for (const context of linkset.linkset) {
    const targets = context[type.uri];
    if (Array.isArray(targets) && targets.length)
      return { kind: 'redirect', linkType: type.curie, href: targets[0].href };
  }
  return null;
}

/** A title needs RFC 8187's `title*` when a quoted-string cannot carry it as is: non-ASCII, or a quote or backslash. */
const needsExtTitle = (title: string) => !/^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/.test(title);

/**
 * The plain `title` that goes with a `title*` (RFC 8288 §3: for clients that ignore title*):
 * accents dropped, typographic and plain double quotes as apostrophes, anything else non-ASCII as `?`.
 */
export function asciiTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/["\u201c-\u201f\u00ab\u00bb\u2039\u203a]/g, "'")
    .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
    .replace(/\\/g, '/')
    .replace(/[^\x20-\x7e]/g, '?');
}

/** RFC 8187 ext-value: UTF-8, percent-encoding everything outside attr-char. */
const extValue = (value: string) =>
  `UTF-8''${encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/**
 * RFC 8288 `Link` header value. A title that a quoted-string cannot carry verbatim (non-ASCII, a
 * quote, a backslash) goes out twice: an ASCII `title` fallback and the exact `title*` (RFC 8187).
 */
export function linkValue(href: string, params: Record<string, string | undefined>): string {
  const quote = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
  const parts = [`<${href}>`];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (name === 'title' && needsExtTitle(value))
      parts.push(`title=${quote(asciiTitle(value))}`, `title*=${extValue(value)}`);
    else parts.push(`${name}=${quote(value)}`);
  }
  return parts.join('; ');
}

/** RFC 8288 `Link` header value listing every link of a linkset (the passport page sends it). */
export function linkHeader(linkset: Linkset): string {
  return linkset.linkset
    .flatMap((context) =>
      Object.entries(context)
        .filter((entry): entry is [string, LinkTargetObject[]] => Array.isArray(entry[1]))
        .flatMap(([rel, targets]) =>
          targets.map((t) => linkValue(t.href, { rel, type: t.type, hreflang: t.hreflang?.[0], title: t.title })),
        ),
    )
    .join(', ');
}

export interface ResolverDescription {
  name: string;
  resolverRoot: string;
  supportedPrimaryKeys: string[];
  supportedLinkType: { namespace: string; prefix: string; profile: string }[];
  linkTypeDefaultCanBeLinkset: boolean;
  linkTypeDefaultCanBeAll: boolean;
  jsonLdContextLocation: string;
}

/** The GS1 resolver description document served at /.well-known/gs1resolver. */
export function resolverDescription(opts: { name: string; resolverRoot: string }): ResolverDescription {
  return {
    name: opts.name,
    resolverRoot: opts.resolverRoot.replace(/\/+$/, ''),
    // Primary keys are named by their numeric AI: GS1's description file schema allows no other form.
    supportedPrimaryKeys: ['01'],
    supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:', profile: `${GS1_VOC}?show=linktypes` }],
    linkTypeDefaultCanBeLinkset: true,
    linkTypeDefaultCanBeAll: true,
    jsonLdContextLocation: LINKSET_JSONLD_CONTEXT,
  };
}
