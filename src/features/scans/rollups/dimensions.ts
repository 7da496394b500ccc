import type { ScanRow } from '../scans.table.js';

/** The breakdowns kept in rollups, each read from a scan row. */
export const DIMENSIONS = {
  country: (r: ScanRow) => r.country,
  device: (r: ScanRow) => r.device,
  os: (r: ScanRow) => r.os,
  browser: (r: ScanRow) => r.browser,
  referrer: (r: ScanRow) => referrerHost(r.referrer),
  language: (r: ScanRow) => r.language,
  destination: (r: ScanRow) => r.destination,
} satisfies Record<string, (r: ScanRow) => string | null>;

export type Dimension = keyof typeof DIMENSIONS;
export const DIMENSION_NAMES = Object.keys(DIMENSIONS) as Dimension[];

const HOST = /:\/\/([^/?#]*)/;

/**
 * The host of a Referer URL, lower-cased: what follows the first "://" up to "/", "?" or "#".
 * The backfill migration computes the same in SQL on both databases, so keep the two in step.
 */
export function referrerHost(referrer: string | null): string | null {
  if (!referrer) return null;
  const m = HOST.exec(referrer);
  return m && m[1] ? m[1].toLowerCase() : null;
}
