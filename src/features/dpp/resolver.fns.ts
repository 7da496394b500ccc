// Pure parts of the resolver's HTTP answers: which representation a request asks for, the query
// string passed on, and the linkset as an HTML page for people (RES 2.10, 2.12).
import { escapeHtml } from '../../lib/html.js';
import { LINKSET_MEDIA_TYPE, type Linkset, type LinkTargetObject } from './dpp.linkset.js';
import { preferredType } from './public.fns.js';

export const HTML = 'text/html';
export const JSON_TYPE = 'application/json';
export const JSONLD_TYPE = 'application/ld+json';

/** The linkset representations, in the order a tie goes (RES 2.10: linkset+json is the norm). */
export type LinksetFormat = typeof HTML | typeof LINKSET_MEDIA_TYPE | typeof JSON_TYPE | typeof JSONLD_TYPE;

/**
 * What the Accept header asks of a Digital Link without `linkType`: `redirect` (people, and
 * clients that accept anything) or a linkset representation (RES 2.10). A q tie goes to the
 * redirect, so `*\/*` and a browser's header are redirected.
 */
export function acceptedRepresentation(accept: string | undefined): 'redirect' | LinksetFormat {
  const best = preferredType(accept, [HTML, LINKSET_MEDIA_TYPE, JSONLD_TYPE, JSON_TYPE]);
  return best === HTML ? 'redirect' : (best as LinksetFormat);
}

/** The format of an explicitly requested linkset (`linkType=linkset`): HTML for a browser. */
export function linksetFormat(accept: string | undefined): LinksetFormat {
  return preferredType(accept, [LINKSET_MEDIA_TYPE, HTML, JSONLD_TYPE, JSON_TYPE]) as LinksetFormat;
}

/** The raw query string of a request URL (after the first `?`), or ''. */
export function rawQuery(url: string): string {
  const i = url.indexOf('?');
  return i < 0 ? '' : url.slice(i + 1);
}

const pairName = (pair: string) => {
  const name = pair.split('=', 1)[0];
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
};

/** The first value of a query parameter, percent-decoded; undefined when absent. */
export function queryValue(query: string, name: string): string | undefined {
  for (const pair of query.split('&')) {
    if (pair === '' || pairName(pair) !== name) continue;
    const value = pair.includes('=') ? pair.slice(pair.indexOf('=') + 1) : '';
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The target with the request's query pairs appended exactly as they were sent (RES 2.12):
 * repeated names, `;` inside a value and a bare `flag` stay as they are. Left out: `linkType`
 * (it chose this target) and names the target sets itself (the page's own `lot`).
 */
export function forwardQuery(href: string, query: string): string {
  const own = new Set(new URL(href).searchParams.keys());
  const kept = query.split('&').filter((pair) => {
    if (pair === '') return false;
    const name = pairName(pair);
    return name !== 'linkType' && !own.has(name);
  });
  if (kept.length === 0) return href;
  return `${href}${href.includes('?') ? '&' : '?'}${kept.join('&')}`;
}

const linkItem = (rel: string, t: LinkTargetObject) => {
  const name = rel.replace(/^https:\/\/ref\.gs1\.org\/voc\//, 'gs1:');
  const meta = [t.type, t.hreflang?.join(', ')].filter(Boolean).join(' · ');
  return `<li><a href="${escapeHtml(t.href)}">${escapeHtml(t.title)}</a> <small>${escapeHtml(name)}${meta ? ` · ${escapeHtml(meta)}` : ''}</small></li>`;
};

/** The linkset as a page for a person who asked for it in a browser (RES 2.10). */
export function renderLinksetPage(linkset: Linkset, lang = 'en'): string {
  const sections = linkset.linkset
    .map((context) => {
      const items = Object.entries(context)
        .filter((entry): entry is [string, LinkTargetObject[]] => Array.isArray(entry[1]))
        .flatMap(([rel, targets]) => targets.map((t) => linkItem(rel, t)))
        .join('');
      return `<section><h2>${escapeHtml(context.itemDescription)}</h2><p><code>${escapeHtml(context.anchor)}</code></p><ul>${items}</ul></section>`;
    })
    .join('');
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Links for this item</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}main{max-width:40rem;margin:0 auto;padding:1rem}code{overflow-wrap:anywhere}a{color:#0645ad}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}a{color:#8ab4f8}}</style></head>
<body><main><h1>Links for this item</h1>${sections}</main></body></html>
`;
}
