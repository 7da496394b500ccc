import { createHmac, hash } from 'node:crypto';
import { UAParser } from 'ua-parser-js';
import { isbot } from 'isbot';

export interface AgentInfo {
  device: string | null;
  os: string | null;
  browser: string | null;
  bot: boolean;
}

const MAX_MEMO = 10_000;
const memo = new Map<string, AgentInfo>();

/**
 * Device class, OS and browser by ua-parser-js, bot flag by isbot. A parse costs tens of
 * microseconds and the set of user agents in real traffic is small, so results are memoised.
 */
export function classifyAgent(ua: string | undefined): AgentInfo {
  const key = ua ?? '';
  const hit = memo.get(key);
  if (hit) return hit;
  let info: AgentInfo;
  if (!key) info = { device: null, os: null, browser: null, bot: false };
  else {
    const r = UAParser(key);
    const bot = isbot(key);
    // ua-parser-js leaves device.type empty for desktops.
    info = { device: r.device.type ?? (bot ? 'bot' : 'desktop'), os: r.os.name ?? null, browser: r.browser.name ?? null, bot };
  }
  if (memo.size >= MAX_MEMO) memo.clear();
  memo.set(key, info);
  return info;
}

/** Two-letter code from the trusted header, upper-cased; anything else (XX, T1, junk) is unknown. */
export function countryFrom(value: string | string[] | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  const c = v.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(c) && c !== 'XX' ? c : null;
}

/** The first language range of Accept-Language, lower-cased (e.g. "de-ch"). */
export function languageFrom(value: string | undefined): string | null {
  if (!value) return null;
  const first = value.split(',')[0].split(';')[0].trim().toLowerCase();
  return /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(first) && first.length <= 35 ? first : null;
}

export function referrerFrom(value: string | undefined): string | null {
  return value ? value.slice(0, 500) : null;
}

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
    const day = isoTime.slice(0, 10);
    if (day !== this.day) {
      this.salt = createHmac('sha256', this.secret).update(`scan-ip-salt:${day}`).digest('hex');
      this.day = day;
    }
    // SHA-256 over a secret 256-bit prefix: as unlinkable as an HMAC here (nothing is verified
    // against it) and a one-shot call is several times cheaper on the hot path.
    return hash('sha256', `${this.salt}|${ip}`, 'hex').slice(0, 32);
  }
}
