import { ulidFloor, ulidGenerator } from './ulid.js';

const ulidAt = ulidGenerator();

export type IdPrefix =
  | 'org'
  | 'ws'
  | 'qr'
  | 'aud'
  | 'req'
  | 'usr'
  | 'key'
  | 'whk'
  | 'whd'
  | 'cmt'
  | 'dpp'
  | 'dpm'
  | 'dpc'
  | 'dpr'
  | 'scn'
  | 'exp'
  | 'ses'
  | 'grt'
  | 'gcp'
  | 'inv'
  | 'fld'
  | 'qra'
  | 'job'
  | 'msg'
  | 'utk'
  | 'evt'
  | 'ann'
  | 'fil'
  | 'lgo'
  | 'bkt'
  | 'ntf'
  | 'cnv';

/** Monotonic, so ids minted in the same millisecond still sort in creation order (docs/decisions.md D1). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulidAt(Date.now())}`;
}

/**
 * The smallest `prefix` id whose time part is at or after `atMs`: a bound for range scans on a key
 * of time-ordered ids (scan ids are given the scan time).
 */
export function idFloor(prefix: IdPrefix, atMs: number): string {
  return `${prefix}_${ulidFloor(atMs)}`;
}

const ULID = '[0-9A-HJKMNP-TV-Z]{26}';

export function isId(value: string, prefix: IdPrefix): boolean {
  return new RegExp(`^${prefix}_${ULID}$`).test(value);
}
