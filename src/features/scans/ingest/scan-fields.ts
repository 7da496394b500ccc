import { UAParser } from 'ua-parser-js';
import { isbot } from 'isbot';

export interface AgentInfo {
  device: string | null;
  os: string | null;
  browser: string | null;
  bot: boolean;
}

/**
 * A bounded memo that keeps what is in use: two generations of at most `size` entries; a hit in
 * the older one moves to the newer, and when the newer is full the older is dropped. A hit costs
 * one Map lookup, and traffic that rotates through many values (or a client sending a new user
 * agent each time) evicts the rarely used entries only, never the whole memo at once.
 */
export class Memo<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();
  constructor(private size: number) {}

  get(key: string): V | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }

  set(key: string, value: V): void {
    if (this.young.size >= this.size) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }
}

const MAX_MEMO = 5_000;
const memo = new Memo<AgentInfo>(MAX_MEMO);

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
    info = {
      device: r.device.type ?? (bot ? 'bot' : 'desktop'),
      os: r.os.name ?? null,
      browser: r.browser.name ?? null,
      bot,
    };
  }
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

const languages = new Memo<string | null>(MAX_MEMO);

/**
 * The first language range of Accept-Language, lower-cased (e.g. "de-ch"). Memoised like user
 * agents: browsers send a handful of distinct values, and the same interned string then serves
 * every scan of a batch.
 */
export function languageFrom(value: string | undefined): string | null {
  if (!value) return null;
  let lang = languages.get(value);
  if (lang !== undefined) return lang;
  const first = value.split(',')[0].split(';')[0].trim().toLowerCase();
  lang = /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(first) && first.length <= 35 ? first : null;
  languages.set(value, lang);
  return lang;
}

export function referrerFrom(value: string | undefined): string | null {
  return value ? value.slice(0, 500) : null;
}
