import { BOT, BROWSER, CODE, COUNTRY, DESTINATION, DEVICE, IP, LANGUAGE, OS, REFERRER, STRIDE, type ScanBatch } from './scan-batch.js';
import type { IpHasher } from './ip-hash.js';
import { scanId } from './scan-id.js';

/** Columns of a scans row, the order of ScanRows.values. */
export const SCAN_COLUMNS = ['id', 'code_id', 'workspace_id', 'organization_id', 'scanned_at', 'country', 'device', 'os', 'browser', 'referrer', 'language', 'is_bot', 'ip_hash', 'destination'] as const;
const WIDTH = SCAN_COLUMNS.length;

/** A batch ready to write: rows flat in SCAN_COLUMNS order and the counter deltas they carry. */
export interface ScanRows {
  count: number;
  /** count × SCAN_COLUMNS.length values */
  values: unknown[];
  /** counted scans per code id, sorted by id (a fixed lock order across instances) */
  codes: Array<[codeId: string, n: number]>;
  /** counted scans per organization for the batch's month, sorted by organization */
  usage: Array<[organizationId: string, period: string, n: number]>;
}

/**
 * Expands a batch into rows. Runs on the writer's side: the per-scan strings (id, ISO time, IP
 * hash) are made here, off the redirect's thread; each distinct IP is hashed once per batch and day.
 */
export function expandBatch(b: ScanBatch, hasher: IpHasher): ScanRows {
  const { at, cols, codes, strings } = b;
  const values: unknown[] = new Array(b.count * WIDTH);
  const counted = new Array<number>(codes.length).fill(0);
  const hashes = new Map<number, string>();
  let lastMs = NaN;
  let lastIso = '';
  let day = '';
  let v = 0;
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
    const code = codes[slot];
    const bot = cols[o + BOT];
    if (!bot) counted[slot]++;
    const ipIndex = cols[o + IP];
    let ipHash: string | null = null;
    if (ipIndex) {
      ipHash = hashes.get(ipIndex) ?? null;
      if (ipHash === null) {
        ipHash = hasher.hash(strings[ipIndex]!, lastIso);
        hashes.set(ipIndex, ipHash);
      }
    }
    // Order: SCAN_COLUMNS.
    values[v++] = scanId(ms);
    values[v++] = code[0];
    values[v++] = code[1];
    values[v++] = code[2];
    values[v++] = lastIso;
    values[v++] = strings[cols[o + COUNTRY]];
    values[v++] = strings[cols[o + DEVICE]];
    values[v++] = strings[cols[o + OS]];
    values[v++] = strings[cols[o + BROWSER]];
    values[v++] = strings[cols[o + REFERRER]];
    values[v++] = strings[cols[o + LANGUAGE]];
    values[v++] = bot;
    values[v++] = ipHash;
    values[v++] = strings[cols[o + DESTINATION]];
  }
  const perCode = new Map<string, number>();
  const perOrg = new Map<string, number>();
  codes.forEach(([codeId, , organizationId], slot) => {
    if (!counted[slot]) return;
    perCode.set(codeId, (perCode.get(codeId) ?? 0) + counted[slot]);
    perOrg.set(organizationId, (perOrg.get(organizationId) ?? 0) + counted[slot]);
  });
  // Keys are distinct, so the comparator never sees a tie.
  const byKey = (a: [string, ...unknown[]], z: [string, ...unknown[]]) => (a[0] < z[0] ? -1 : 1);
  return {
    count: b.count,
    values,
    codes: [...perCode].sort(byKey),
    usage: [...perOrg].map(([org, n]): [string, string, number] => [org, b.period, n]).sort(byKey),
  };
}
