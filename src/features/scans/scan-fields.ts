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
    info = {
      device: r.device.type ?? (bot ? 'bot' : 'desktop'),
      os: r.os.name ?? null,
      browser: r.browser.name ?? null,
      bot,
    };
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

const languages = new Map<string, string | null>();

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
  if (languages.size >= MAX_MEMO) languages.clear();
  languages.set(value, lang);
  return lang;
}

export function referrerFrom(value: string | undefined): string | null {
  return value ? value.slice(0, 500) : null;
}
