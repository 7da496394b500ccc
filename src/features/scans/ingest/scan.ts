import type { ScanRow } from '../scans.table.js';

/** The code fields a scan needs; the redirect cache's target has them. */
export interface ScanCode {
  codeId: string;
  shortCode: string;
  workspaceId: string;
  organizationId: string;
}

/**
 * One scan as the redirect records it. Adding a dimension: a column on ScansTable and a
 * migration, a field here, a line in toScanRow below (the compiler insists) and the
 * response schema.
 */
export interface Scan {
  /** time-ordered (scan-id.ts), given when recorded: a batch written again after a lost commit reply carries the same ids */
  id: string;
  code: ScanCode;
  /** scan time, epoch ms */
  at: number;
  /** the raw client IP: only its daily-salted hash is stored */
  ip: string | null;
  /** the IP's daily-salted hash when already computed (a scan read back from the journal, which never holds the IP) */
  ipHash?: string | null;
  country: string | null;
  /** from the IP database (docs/decisions.md D79) */
  region: string | null;
  city: string | null;
  device: string | null;
  os: string | null;
  browser: string | null;
  referrer: string | null;
  language: string | null;
  destination: string | null;
  bot: boolean;
}

/**
 * The one mapping from a recorded scan to its row. ScanRow has every column, none optional: a
 * column added to ScansTable and not mapped here fails to compile.
 */
export function toScanRow(scan: Scan, iso: string, ipHash: string | null): ScanRow {
  return {
    id: scan.id,
    code_id: scan.code.codeId,
    workspace_id: scan.code.workspaceId,
    organization_id: scan.code.organizationId,
    scanned_at: iso,
    country: scan.country,
    region: scan.region,
    city: scan.city,
    device: scan.device,
    os: scan.os,
    browser: scan.browser,
    referrer: scan.referrer,
    language: scan.language,
    is_bot: scan.bot ? 1 : 0,
    ip_hash: ipHash,
    destination: scan.destination,
  };
}

/**
 * A scan as one JSON array: the journal's line and the writer thread's message. Posting the objects
 * to the thread cost a structured clone of each scan and of its code (about 3 µs a scan on the event
 * loop and 5 in the thread); JSON's work at both ends is about 1 µs (docs/benchmarks.md). The
 * journal's UTF-8 bytes of a batch reach the thread through memory both threads share
 * (docs/decisions.md D49). Region and city follow in slots 16 and 17 (D79; a journal written before
 * has 15 or 16 slots and reads them as unknown). A scan whose IP is not yet hashed carries the raw
 * IP in an 18th slot, which the journal never writes (it hashes first).
 */
export type ScanTuple = [
  id: string,
  codeId: string,
  shortCode: string,
  workspaceId: string,
  organizationId: string,
  at: number,
  ipHash: string | null,
  country: string | null,
  device: string | null,
  os: string | null,
  browser: string | null,
  referrer: string | null,
  language: string | null,
  destination: string | null,
  bot: 0 | 1,
  region: string | null,
  city: string | null,
  ip?: string | null,
];

/**
 * Tuples come from this version (17 slots, 18 with a raw IP) or from a journal written before
 * region and city (15, 16 with a raw IP; docs/decisions.md D79): an even count carries the IP, last.
 */
const ipOf = (t: ScanTuple): string | null | undefined =>
  (t.length as number) % 2 === 0 ? ((t[t.length - 1] as string | null | undefined) ?? null) : undefined;
const regionOf = (t: ScanTuple): string | null => (t.length >= 17 ? t[15] : null);
const cityOf = (t: ScanTuple): string | null => (t.length >= 17 ? t[16] : null);

export function toTuple(s: Scan): ScanTuple {
  const c = s.code;
  const t: ScanTuple = [
    s.id,
    c.codeId,
    c.shortCode,
    c.workspaceId,
    c.organizationId,
    s.at,
    s.ipHash ?? null,
    s.country,
    s.device,
    s.os,
    s.browser,
    s.referrer,
    s.language,
    s.destination,
    s.bot ? 1 : 0,
    s.region,
    s.city,
  ];
  if (s.ipHash === undefined) t.push(s.ip);
  return t;
}

export function fromTuple(t: ScanTuple): Scan {
  const ip = ipOf(t);
  return {
    id: t[0],
    code: { codeId: t[1], shortCode: t[2], workspaceId: t[3], organizationId: t[4] },
    at: t[5],
    ip: ip ?? null,
    ...(ip !== undefined ? {} : { ipHash: t[6] }),
    country: t[7],
    region: regionOf(t),
    city: cityOf(t),
    device: t[8],
    os: t[9],
    browser: t[10],
    referrer: t[11],
    language: t[12],
    destination: t[13],
    bot: t[14] === 1,
  };
}

/**
 * The writer thread's rows straight from the JSON: no Scan object between the tuple and its row
 * (docs/decisions.md D48). `bytes` holds batches one after the other, each ending at its `ends`;
 * each is parsed apart, so no string is larger than a batch (docs/decisions.md D49). `hash` gets
 * an IP not yet hashed (no journal) with the scan's ISO time.
 */
export function rowsOfEncoded(
  bytes: ArrayBufferLike,
  ends: number[],
  hash: (ip: string, iso: string) => string,
): ScanRow[] {
  const rows: ScanRow[] = [];
  let start = 0;
  for (const end of ends) {
    for (const t of parseBytes(new Uint8Array(bytes, start, end - start)) as ScanTuple[]) rows.push(rowOf(t, hash));
    start = end;
  }
  return rows;
}

function rowOf(t: ScanTuple, hash: (ip: string, iso: string) => string): ScanRow {
  const iso = new Date(t[5]).toISOString();
  const ip = ipOf(t);
  return {
    id: t[0],
    code_id: t[1],
    workspace_id: t[3],
    organization_id: t[4],
    scanned_at: iso,
    country: t[7],
    region: regionOf(t),
    city: cityOf(t),
    device: t[8],
    os: t[9],
    browser: t[10],
    referrer: t[11],
    language: t[12],
    is_bot: t[14],
    ip_hash: ip === undefined ? t[6] : ip === null ? null : hash(ip, iso),
    destination: t[13],
  };
}

/** Scans as one JSON array of tuples (an IP not yet hashed rides in the 18th slot). */
export const encodeScans = (scans: Scan[]): string => JSON.stringify(scans.map(toTuple));

export const decodeScans = (json: string | Uint8Array): Scan[] =>
  ((typeof json === 'string' ? JSON.parse(json) : parseBytes(json)) as ScanTuple[]).map(fromTuple);

const parseBytes = (json: Uint8Array): unknown =>
  JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8'));
