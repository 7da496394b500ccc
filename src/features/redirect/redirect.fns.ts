import { sha256 } from '../../lib/tokens.js';
import { pickDestination } from '../codes/index.js';
import type { RedirectTarget } from './redirect-cache.js';

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
    title: 'This code is no longer active',
    text: 'The QR code you scanned has expired, was paused or was removed by its owner.',
  },
  // 410 like a paused code's page: not here now, and nothing of the owner's shown (docs/decisions.md D74).
  unavailable: {
    status: 410,
    title: 'This code is not available',
    text: 'The QR code you scanned cannot be used at the moment.',
  },
  not_found: {
    status: 404,
    title: 'Code not found',
    text: 'The QR code you scanned is not known here, or is not active yet.',
  },
} as const;

/** The page of an outcome that is not a redirect. */
export const pageOf = (o: Outcome) => page(o.kind === 'redirect' || o.kind === 'fallback' ? 'not_found' : o.kind);

/** A small self-contained page for people who scanned a dead code with a phone. */
export function page(kind: keyof typeof PAGES): { status: number; html: string } {
  const p = PAGES[kind];
  return {
    status: p.status,
    html:
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${p.title}</title>` +
      '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 1rem;color:#222}</style></head>' +
      `<body><h1>${p.title}</h1><p>${p.text}</p></body></html>`,
  };
}
