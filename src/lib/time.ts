/**
 * The date formats we emit, each written once: stored instants are ISO-8601 UTC strings, and the
 * prefixes of one name a UTC month (usage periods), day (retention, daily salts) or hour (rollup cells).
 */
type Instant = Date | string | number;

const iso = (at: Instant): string =>
  typeof at === 'string' ? at : (typeof at === 'number' ? new Date(at) : at).toISOString();

/** `2026-11` */
export const isoMonth = (at: Instant): string => iso(at).slice(0, 7);
/** `2026-11-26` */
export const isoDay = (at: Instant): string => iso(at).slice(0, 10);
/** `2026-11-26T04` */
export const isoHour = (at: Instant): string => iso(at).slice(0, 13);
