import { hmacSha256Hex, sha256Hex } from '../../../lib/tokens.js';
import { isoDay } from '../../../lib/time.js';

/**
 * Daily-salted IP hash: the salt is derived from a server secret and the UTC date, so the same
 * visitor is one "unique visitor" within a day and cannot be linked across days; the raw IP is
 * never stored.
 */
export class IpHasher {
  private day = '';
  private salt = '';

  constructor(private secret: string) {}

  /** `isoTime` is the scan time as ISO 8601; its date part picks the salt. */
  hash(ip: string, isoTime: string): string {
    const day = isoDay(isoTime);
    if (day !== this.day) {
      this.salt = hmacSha256Hex(this.secret, `scan-ip-salt:${day}`);
      this.day = day;
    }
    // SHA-256 over a secret 256-bit prefix: as unlinkable as an HMAC here (nothing is verified
    // against it) and sha256Hex is a one-shot call, several times cheaper on the hot path.
    return sha256Hex(`${this.salt}|${ip}`).slice(0, 32);
  }
}
