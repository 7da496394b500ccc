// What the GS1 Digital Link resolver answers for a passport: the RFC 9264 linkset, the choice of
// target for a `linkType` query value, and the /.well-known/gs1resolver description document.
export const LINKSET_MEDIA_TYPE = 'application/linkset+json';
export const GS1_VOC = 'https://gs1.org/voc/';

export interface LinkType {
  /** Compact form used in `?linkType=`: `gs1:dpp`. */
  curie: string;
  /** Link relation type as it appears in the linkset: `https://gs1.org/voc/dpp`. */
  uri: string;
  /** Other compact forms accepted for the same link type. */
  aliases: readonly string[];
  title: string;
}

/** Link types this resolver answers for a passport; every one leads to the passport page. */
export const SUPPORTED_LINK_TYPES: readonly LinkType[] = [
  { curie: 'gs1:dpp', uri: `${GS1_VOC}dpp`, aliases: ['gs1:productPassport'], title: 'Digital battery passport' },
  { curie: 'gs1:pip', uri: `${GS1_VOC}pip`, aliases: [], title: 'Product information page' },
  { curie: 'gs1:defaultLink', uri: `${GS1_VOC}defaultLink`, aliases: [], title: 'Battery passport' },
];

const DEFAULT_LINK = SUPPORTED_LINK_TYPES.find((t) => t.curie === 'gs1:defaultLink')!;

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
}

export interface LinkTargetObject {
  href: string;
  type: string;
  title: string;
  hreflang: string[];
}

export interface Linkset {
  linkset: [{ anchor: string } & Record<string, string | LinkTargetObject[]>];
}

function targetObject(linkType: LinkType, target: LinkTarget): LinkTargetObject {
  const name = target.productName ? `: ${target.productName}` : '';
  return {
    href: target.public_url,
    type: 'text/html',
    title: `${linkType.title}${name}`,
    hreflang: [target.lang ?? 'en'],
  };
}

/** The RFC 9264 linkset (application/linkset+json) of a passport. */
export function buildLinkset(target: LinkTarget): Linkset {
  const context: { anchor: string } & Record<string, string | LinkTargetObject[]> = { anchor: target.digital_link };
  for (const linkType of SUPPORTED_LINK_TYPES) context[linkType.uri] = [targetObject(linkType, target)];
  return { linkset: [context] };
}

export type LinkTypeResolution =
  { kind: 'redirect'; linkType: string; href: string; type: string } | { kind: 'linkset' };

/**
 * What a resolver request asks for. No `linkType` means the default link; `linkset`/`all` the
 * linkset; a supported type (compact, alias or full URI, http or https namespace) its target.
 * null means an unknown link type, which the resolver answers with 404.
 */
export function resolveLinkType(linkType: string | undefined | null, target: LinkTarget): LinkTypeResolution | null {
  const requested = (linkType ?? '').trim();
  if (requested === '') return redirect(DEFAULT_LINK, target);
  if ((LINKSET_LINK_TYPES as readonly string[]).includes(requested)) return { kind: 'linkset' };
  const asCurie = requested.replace(/^https?:\/\/gs1\.org\/voc\//, 'gs1:');
  const match = SUPPORTED_LINK_TYPES.find((t) => t.curie === asCurie || t.aliases.includes(asCurie));
  return match ? redirect(match, target) : null;
}

function redirect(linkType: LinkType, target: LinkTarget): LinkTypeResolution {
  return { kind: 'redirect', linkType: linkType.curie, href: target.public_url, type: 'text/html' };
}

/** RFC 8288 `Link` header value listing the links of a linkset (resolvers send it with redirects). */
export function linkHeader(linkset: Linkset): string {
  const [context] = linkset.linkset;
  const quote = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
  // Header values are Latin-1 at best; a non-ASCII title goes in title* (RFC 8187).
  const title = (s: string) =>
    /^[\x20-\x7e]*$/.test(s)
      ? `title=${quote(s)}`
      : `title*=UTF-8''${encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
  return Object.entries(context)
    .filter((entry): entry is [string, LinkTargetObject[]] => entry[0] !== 'anchor')
    .flatMap(([rel, targets]) =>
      targets.map(
        (t) =>
          `<${t.href}>; rel=${quote(rel)}; type=${quote(t.type)}; hreflang=${quote(t.hreflang[0])}; ${title(t.title)}`,
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
}

/** The GS1 resolver description document served at /.well-known/gs1resolver. */
export function resolverDescription(opts: { name: string; resolverRoot: string }): ResolverDescription {
  return {
    name: opts.name,
    resolverRoot: opts.resolverRoot.replace(/\/+$/, ''),
    supportedPrimaryKeys: ['gtin'],
    supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:', profile: `${GS1_VOC}?show=linktypes` }],
    linkTypeDefaultCanBeLinkset: true,
    linkTypeDefaultCanBeAll: true,
  };
}
