import { sha256 } from '../../lib/tokens.js';
import { pickDestination } from '../codes/index.js';
import type { RedirectTarget } from './redirect-cache.js';
import { BASE_CSS, pageTheme, themeVars, type PageTheme } from './page-theme.js';
import { pageLanguage } from './password-page.js';

export type Outcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'fallback'; url: string }
  | { kind: 'gone' }
  | { kind: 'not_found' }
  | { kind: 'unavailable' };

/** What the short URL answers for a code in its current state (docs/decisions.md D7; pending reads as absent). */
export function decide(t: RedirectTarget | null, nowMs: number): Outcome {
  if (!t || t.status === 'pending_approval') return { kind: 'not_found' };
  // The operator suspended its organization with a neutral page (docs/decisions.md D74): no fallback, no brand.
  if (t.unavailable) return { kind: 'unavailable' };
  const dead =
    t.status !== 'active' ||
    (t.expiresAt !== null && t.expiresAt <= nowMs) ||
    (t.maxScans !== null && t.counted >= t.maxScans) ||
    (!t.url && !t.destinations && !t.page); // no usable destination (see toLocation)
  if (dead) return t.fallbackUrl ? { kind: 'fallback', url: t.fallbackUrl } : { kind: 'gone' };
  return { kind: 'redirect', url: t.url ?? '' };
}

/**
 * Sticky A/B: the visitor id and the code id hash to a point in [0, 1), so a returning visitor
 * lands on the same destination while the weights stay the same.
 */
export function stickyPoint(visitorId: string, codeId: string): number {
  const h = sha256(`${visitorId}:${codeId}`);
  return h.readUInt32BE(0) / 0x1_0000_0000;
}

export function chooseDestination(t: RedirectTarget, visitorId: string): string {
  if (!t.destinations || t.destinations.length === 0) return t.url ?? '';
  return pickDestination(t.destinations, stickyPoint(visitorId, t.codeId)).url;
}

const PAGES = {
  gone: {
    status: 410,
    en: [
      'This code is no longer active',
      'The QR code you scanned has expired, was paused or was removed by its owner.',
    ],
    de: ['Dieser Code ist nicht mehr aktiv', 'Der gescannte QR-Code ist abgelaufen, pausiert oder wurde entfernt.'],
  },
  // 410 like a paused code's page: not here now, and nothing of the owner's shown (docs/decisions.md D74).
  unavailable: {
    status: 410,
    en: ['This code is not available', 'The QR code you scanned cannot be used at the moment.'],
    de: ['Dieser Code ist nicht verfügbar', 'Der gescannte QR-Code kann im Moment nicht verwendet werden.'],
  },
  not_found: {
    status: 404,
    en: ['Code not found', 'The QR code you scanned is not known here, or is not active yet.'],
    de: ['Code nicht gefunden', 'Der gescannte QR-Code ist hier nicht bekannt oder noch nicht aktiv.'],
  },
} as const;

/** The page of an outcome that is not a redirect; a known code's expired page wears its brand. */
export const pageOf = (o: Outcome, theme?: PageTheme | null, language?: string | null) =>
  o.kind === 'redirect' || o.kind === 'fallback'
    ? page('not_found', null, language)
    : page(o.kind, o.kind === 'gone' ? theme : null, language);

/**
 * A small self-contained page for people who scanned a dead code with a phone, in their language
 * (German or English). The suspended organization's page never wears a brand
 * (docs/decisions.md D74).
 */
export function page(
  kind: keyof typeof PAGES,
  theme?: PageTheme | null,
  language?: string | null,
): { status: number; html: string } {
  const p = PAGES[kind];
  const lang = pageLanguage(language ?? null);
  const [title, text] = p[lang];
  const t = theme ?? pageTheme(null, null);
  return {
    status: p.status,
    html:
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
      `<style>${themeVars(t)}${BASE_CSS}main{max-width:32rem;margin:15vh auto;padding:0 1rem}</style></head>` +
      `<body><header></header><main><h1>${title}</h1><p>${text}</p></main></body></html>`,
  };
}
