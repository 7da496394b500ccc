import { decodeTime } from 'ulid';

/** The query parameter the redirect appends and the customer's site sends back. */
export const CLICK_ID_PARAM = 'qrs_cid';

const ULID = '[0-9A-HJKMNP-TV-Z]{26}';
const CLICK_ID = new RegExp(`^(${ULID})(${ULID})$`);

/**
 * A click id is the code's ULID followed by the scan's (docs/decisions.md D81): 52 characters made
 * on the redirect by one concatenation, with no read or write beyond the scan it already records.
 * It names the code and the scan time on its own, so a conversion reported before the scan batch
 * is written is attributed at once, and nothing needs resolving later.
 */
export function clickIdOf(codeId: string, scanId: string): string {
  return codeId.slice(3) + scanId.slice(4);
}

/** A click id's code, scan and scan time; null when it is not one. */
export function parseClickId(clickId: string): { codeId: string; scanId: string; scannedAt: number } | null {
  const m = CLICK_ID.exec(clickId);
  if (!m) return null;
  let scannedAt: number;
  try {
    scannedAt = decodeTime(m[2]);
  } catch {
    return null; // a time part past the year 10889
  }
  return { codeId: `qr_${m[1]}`, scanId: `scn_${m[2]}`, scannedAt };
}

/** The destination with the click id as a query parameter, before any fragment. */
export function withClickId(url: string, clickId: string): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}${CLICK_ID_PARAM}=${clickId}${hash < 0 ? '' : url.slice(hash)}`;
}
