import { hmacSha256Hex, sha256Hex } from '../../../lib/tokens.js';
import { isoDay } from '../../../lib/time.js';

const DAY = 86_400_000;

/**
 * Daily-salted IP hash: the salt is derived from a server secret and the UTC date, so the same
 * visitor is one "unique visitor" within a day and cannot be linked across days; the raw IP is
 * never stored.
 */
export class IpHasher {
  private day = '';
  private dayStart = 0;
  private dayEnd = 0;
  private salt = '';

  constructor(private secret: string) {}

  /** `isoTime` is the scan time as ISO 8601; its date part picks the salt. */
  hash(ip: string, isoTime: string): string {
    const day = isoDay(isoTime);
    if (day !== this.day) this.saltFor(Date.parse(`${day}T00:00:00.000Z`));
    return this.hashed(ip);
  }

  /** The same for a scan time in epoch ms, with no date string built per scan (the journal hashes on the event loop). */
  hashAt(ip: string, atMs: number): string {
    if (atMs < this.dayStart || atMs >= this.dayEnd) this.saltFor(Math.floor(atMs / DAY) * DAY);
    return this.hashed(ip);
  }

  private saltFor(dayStart: number) {
    this.day = isoDay(dayStart);
    this.salt = hmacSha256Hex(this.secret, `scan-ip-salt:${this.day}`);
    this.dayStart = dayStart;
    this.dayEnd = dayStart + DAY;
  }

  private hashed(ip: string): string {
    // SHA-256 over a secret 256-bit prefix: as unlinkable as an HMAC here (nothing is verified
    // against it) and sha256Hex is a one-shot call, several times cheaper on the hot path.
    return sha256Hex(`${this.salt}|${ip}`).slice(0, 32);
  }
}
