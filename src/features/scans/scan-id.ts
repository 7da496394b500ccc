import { randomFillSync } from 'node:crypto';
import { encodeTime } from 'ulid';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const pool = Buffer.alloc(4096);
let offset = pool.length;
let lastMs = -1;
let lastPrefix = '';
const random = new Uint8Array(16);

function freshRandom() {
  if (offset + 16 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  // The top digit keeps a bit of headroom so increments within one millisecond cannot overflow.
  for (let i = 0; i < 16; i++) random[i] = pool[offset++] & (i === 0 ? 15 : 31);
}

function increment() {
  for (let i = 15; i >= 0; i--) {
    if (random[i] < 31) { random[i]++; return; }
    random[i] = 0;
  }
}

/**
 * `scn_<ULID>` whose time part is the scan time (not the flush time), so a range of scan time is a
 * range of id on the (code_id, id) key. Monotonic within a millisecond, like ulid's factory, but
 * with pooled randomness: the library draws per character (~30 µs a call), too slow for every
 * redirect. A clock that steps back starts afresh at its own time rather than borrowing a later one.
 */
export function scanId(atMs: number): string {
  if (atMs === lastMs) increment();
  else {
    lastPrefix = `scn_${encodeTime(atMs, 10)}`;
    lastMs = atMs;
    freshRandom();
  }
  let out = lastPrefix;
  for (let i = 0; i < 16; i++) out += CROCKFORD[random[i]];
  return out;
}

/** The smallest scan id at or after `atMs`: a bound for range scans on the key. */
export function scanIdFloor(atMs: number): string {
  return `scn_${encodeTime(Math.max(0, atMs), 10)}0000000000000000`;
}
