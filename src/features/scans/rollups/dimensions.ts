import type { ScanRow } from '../scans.table.js';

/** The breakdowns kept in rollups, each read from a scan row. */
export const DIMENSIONS = {
  country: (r: ScanRow) => r.country,
  region: (r: ScanRow) => r.region,
  city: (r: ScanRow) => r.city,
  device: (r: ScanRow) => r.device,
  os: (r: ScanRow) => r.os,
  browser: (r: ScanRow) => r.browser,
  referrer: (r: ScanRow) => referrerHost(r.referrer),
  language: (r: ScanRow) => r.language,
  destination: (r: ScanRow) => r.destination,
} satisfies Record<string, (r: ScanRow) => string | null>;

export type Dimension = keyof typeof DIMENSIONS;
export const DIMENSION_NAMES = Object.keys(DIMENSIONS) as Dimension[];

/** The scan column each breakdown is read from: a read can group raw scans by it and map each group's value once. */
export const SOURCE_COLUMN = {
  country: 'country',
  region: 'region',
  city: 'city',
  device: 'device',
  os: 'os',
  browser: 'browser',
  referrer: 'referrer',
  language: 'language',
  destination: 'destination',
} as const satisfies Record<Dimension, keyof ScanRow>;

/** A breakdown's value of a scan whose SOURCE_COLUMN holds `column`, as DIMENSIONS computes it. */
export const valueOf = (d: Dimension, column: string | null): string | null =>
  DIMENSIONS[d]({ [SOURCE_COLUMN[d]]: column } as unknown as ScanRow);

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
