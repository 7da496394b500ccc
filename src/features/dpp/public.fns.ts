// Small HTTP helpers of the public passport routes: content negotiation, the access token of a
// request, the public lookup key and plain HTML pages for errors a person may see after a scan.
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../lib/html.js';

/**
 * The offer the Accept header prefers (RFC 9110 §12.5.1: highest q, then the more specific
 * range); ties and a missing header go to the first offer.
 */
export function preferredType(accept: string | undefined, offers: readonly string[]): string {
  if (!accept) return offers[0];
  const ranges = accept.split(',').map((part) => {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return { range: range.trim(), q: q ? Number(q.slice(2)) : 1 };
  });
  let best = offers[0];
  let bestQ = -1;
  for (const offer of offers) {
    const [type] = offer.split('/');
    const match =
      ranges.find((r) => r.range === offer) ??
      ranges.find((r) => r.range === `${type}/*`) ??
      ranges.find((r) => r.range === '*/*');
    const q = match && Number.isFinite(match.q) ? match.q : 0;
    if (q > bestQ) [best, bestQ] = [offer, q];
  }
  return bestQ > 0 ? best : offers[0];
}

/** The short-lived cookie that carries a grant token for one passport's page (never in the URL). */
export const grantCookieName = (passportId: string) => `qrs_grant_${passportId}`;
export const GRANT_COOKIE_SECONDS = 900;

/**
 * The grant token of a request and where it came from: `Authorization: Bearer …` first, then the
 * passport's grant cookie, then `?token=` (which the page trades for the cookie at once).
 */
export function accessToken(
  request: FastifyRequest,
  passportId: string,
): { token: string; from: 'header' | 'cookie' | 'query' } | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) return { token: /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? header, from: 'header' };
  const cookie = request.cookies[grantCookieName(passportId)];
  if (cookie) return { token: cookie, from: 'cookie' };
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && token !== '' ? { token, from: 'query' } : undefined;
}

/** The request URL without its token parameter. */
export function withoutToken(url: string): string {
  const [path, query = ''] = url.split('?', 2);
  const kept = query.split('&').filter((p) => p !== '' && !/^token(=|$)/i.test(p));
  return kept.length ? `${path}?${kept.join('&')}` : path;
}

/** A complete, accessible page for 401/404 answers to a browser. */
export function messagePage(status: number, title: string, text: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}main{max-width:40rem;margin:0 auto;padding:1rem}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><small>HTTP ${status}</small></p></main></body></html>
`;
}

/** The request URL with `name` set to `value` (replacing any earlier value); other parameters stay as sent. */
export function withParam(url: string, name: string, value: string): string {
  const [path, query = ''] = url.split('?', 2);
  const kept = query.split('&').filter((p) => p !== '' && p.split('=', 1)[0] !== name);
  return `${path}?${[...kept, `${name}=${encodeURIComponent(value)}`].join('&')}`;
}
