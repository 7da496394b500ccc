import { randomFillSync } from 'node:crypto';
import { encodeTime } from 'ulid';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const pool = Buffer.alloc(4096);
let offset = pool.length;

function draw(into: Uint8Array) {
  if (offset + 16 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  // The top digit keeps a bit of headroom so increments within one millisecond cannot overflow.
  for (let i = 0; i < 16; i++) into[i] = pool[offset++] & (i === 0 ? 15 : 31);
}

/**
 * A ULID generator whose time part is the given time, monotonic within a millisecond like ulid's
 * own factory, but with pooled randomness: the library draws randomness per character (tens of µs
 * a fresh id), too slow for ids minted on every request. Each generator keeps its own state, so
 * streams minted on different clocks (scan time vs. now) stay monotonic each. A clock that steps
 * back starts afresh at its own time rather than borrowing a later one.
 */
export function ulidGenerator(): (atMs: number) => string {
  let lastMs = -1;
  let lastTime = '';
  const random = new Uint8Array(16);
  return (atMs) => {
    if (atMs === lastMs) {
      for (let i = 15; i >= 0; i--) {
        if (random[i] < 31) {
          random[i]++;
          break;
        }
        random[i] = 0;
      }
    } else {
      lastTime = encodeTime(atMs, 10);
      lastMs = atMs;
      draw(random);
    }
    let out = lastTime;
    for (let i = 0; i < 16; i++) out += CROCKFORD[random[i]];
    return out;
  };
}

/** The smallest ULID at or after `atMs`: a bound for range scans on a time-ordered key. */
export function ulidFloor(atMs: number): string {
  return `${encodeTime(Math.max(0, atMs), 10)}0000000000000000`;
}
