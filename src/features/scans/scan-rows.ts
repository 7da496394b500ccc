import { BOT, BROWSER, CODE, COUNTRY, DESTINATION, DEVICE, IP, LANGUAGE, OS, REFERRER, STRIDE, type ScanBatch } from './scan-batch.js';
import type { IpHasher } from './ip-hash.js';
import { scanId } from './scan-id.js';

/** Columns of a scans row, the order of ScanRows.values. */
export const SCAN_COLUMNS = ['id', 'code_id', 'workspace_id', 'organization_id', 'scanned_at', 'country', 'device', 'os', 'browser', 'referrer', 'language', 'is_bot', 'ip_hash', 'destination'] as const;
const WIDTH = SCAN_COLUMNS.length;

/** The counter deltas a batch carries. */
export interface ScanDeltas {
  /** counted (non-bot) and bot scans per code id, sorted by id (a fixed lock order across instances) */
  codes: Array<[codeId: string, n: number, bots: number]>;
  /** counted scans per organization for the batch's month, sorted by organization */
  usage: Array<[organizationId: string, period: string, n: number]>;
}

/** A batch ready to write: rows flat in SCAN_COLUMNS order and the counter deltas they carry. */
export interface ScanRows extends ScanDeltas {
  count: number;
  /** count × SCAN_COLUMNS.length values */
  values: unknown[];
}

/**
 * Visits a batch's scans in order with what the writer derives for each: the scan id, the ISO
 * time and the IP hash. The per-scan strings are made here, off the redirect's thread; each
 * distinct IP is hashed once per batch and day. Returns the counted (non-bot) and the bot scans
 * per code slot.
 */
export function walkScans(
  b: ScanBatch, hasher: IpHasher,
  visit: (offset: number, slot: number, id: string, iso: string, ipHash: string | null) => void,
): ScanTally {
  const { at, cols, strings } = b;
  const counted = new Array<number>(b.codes.length).fill(0);
  const bots = new Array<number>(b.codes.length).fill(0);
  const hashes = new Map<number, string>();
  let lastMs = NaN;
  let lastIso = '';
  let day = '';
  for (let i = 0; i < b.count; i++) {
    const o = i * STRIDE;
    const ms = at[i];
    if (ms !== lastMs) {
      lastMs = ms;
      lastIso = new Date(ms).toISOString();
      if (lastIso.slice(0, 10) !== day) {
        day = lastIso.slice(0, 10);
        hashes.clear();
      }
    }
    const slot = cols[o + CODE];
    if (!cols[o + BOT]) counted[slot]++;
    else bots[slot]++;
    const ipIndex = cols[o + IP];
    let ipHash: string | null = null;
    if (ipIndex) {
      ipHash = hashes.get(ipIndex) ?? null;
      if (ipHash === null) {
        ipHash = hasher.hash(strings[ipIndex]!, lastIso);
        hashes.set(ipIndex, ipHash);
      }
    }
    visit(o, slot, scanId(ms), lastIso, ipHash);
  }
  return { counted, bots };
}

/** Per code slot of a batch: non-bot scans (scan_count, usage) and bot scans (bot_scan_count). */
export interface ScanTally { counted: number[]; bots: number[] }

/** The counter deltas of a batch, sorted by key (a fixed lock order across instances). */
export function deltasOf(b: ScanBatch, { counted, bots }: ScanTally): ScanDeltas {
  const perCode = new Map<string, [number, number]>();
  const perOrg = new Map<string, number>();
  b.codes.forEach(([codeId, , organizationId], slot) => {
    if (!counted[slot] && !bots[slot]) return;
    const c = perCode.get(codeId) ?? [0, 0];
    perCode.set(codeId, [c[0] + counted[slot], c[1] + bots[slot]]);
    if (counted[slot]) perOrg.set(organizationId, (perOrg.get(organizationId) ?? 0) + counted[slot]);
  });
  // Keys are distinct, so the comparator never sees a tie.
  const byKey = (a: [string, ...unknown[]], z: [string, ...unknown[]]) => (a[0] < z[0] ? -1 : 1);
  return {
    codes: [...perCode].map(([id, [n, nBots]]): [string, number, number] => [id, n, nBots]).sort(byKey),
    usage: [...perOrg].map(([org, n]): [string, string, number] => [org, b.period, n]).sort(byKey),
  };
}

/** Expands a batch into rows of values in SCAN_COLUMNS order. */
export function expandBatch(b: ScanBatch, hasher: IpHasher): ScanRows {
  const { cols, codes, strings } = b;
  const values: unknown[] = new Array(b.count * WIDTH);
  let v = 0;
  const counted = walkScans(b, hasher, (o, slot, id, iso, ipHash) => {
    const code = codes[slot];
    // Order: SCAN_COLUMNS.
    values[v++] = id;
    values[v++] = code[0];
    values[v++] = code[1];
    values[v++] = code[2];
    values[v++] = iso;
    values[v++] = strings[cols[o + COUNTRY]];
    values[v++] = strings[cols[o + DEVICE]];
    values[v++] = strings[cols[o + OS]];
    values[v++] = strings[cols[o + BROWSER]];
    values[v++] = strings[cols[o + REFERRER]];
    values[v++] = strings[cols[o + LANGUAGE]];
    values[v++] = cols[o + BOT];
    values[v++] = ipHash;
    values[v++] = strings[cols[o + DESTINATION]];
  });
  return { count: b.count, values, ...deltasOf(b, counted) };
}
