import { idFloor } from '../../../lib/ids.js';
import { ulidGenerator } from '../../../lib/ulid.js';

const ulidAt = ulidGenerator();

/**
 * `scn_<ULID>` whose time part is the scan time (not the flush time), so a range of scan time is a
 * range of id on the (code_id, id) key.
 */
export function scanId(atMs: number): string {
  return `scn_${ulidAt(atMs)}`;
}

/** The smallest scan id at or after `atMs`: a bound for range scans on the key. */
export function scanIdFloor(atMs: number): string {
  return idFloor('scn', atMs);
}
