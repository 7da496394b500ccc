import type { RoutingRule, Utm } from '../codes/index.js';
import { toLocation } from '../codes/index.js';

/** A rule in the form the redirect evaluates without allocating: sets, minutes, a zone. */
export interface CompiledRule {
  device: ReadonlySet<string> | null;
  os: ReadonlySet<string> | null;
  /** lower-case tags; `de` matches `de` and `de-…` */
  language: readonly string[] | null;
  country: ReadonlySet<string> | null;
  /** lower-case region names (docs/decisions.md D79) */
  region: ReadonlySet<string> | null;
  time: { from: number; to: number; days: ReadonlySet<number> | null; zone: string } | null;
  query: { name: string; value: string | undefined } | null;
  url: string;
}

/** What a request tells about its visitor; each field is read only when a rule asks for it. */
export interface Visitor {
  device(): string | null;
  os(): string | null;
  language(): string | null;
  country(): string | null;
  region(): string | null;
  query(name: string): string | undefined;
}

const DAY_INDEX: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const set = (values: readonly string[] | undefined, f: (v: string) => string = (v) => v) =>
  values ? new Set(values.map(f)) : null;

/** ua-parser-js spells OS names with capitals and spaces ("Mac OS", "Chrome OS"); rules do not. */
const osKeys = new Map<string, string>();

export function osKey(name: string | null): string | null {
  if (!name) return null;
  let k = osKeys.get(name);
  if (k === undefined) {
    k = name.toLowerCase().replace(/\s+/g, '');
    if (k === 'macosx') k = 'macos';
    else if (k === 'chromiumos') k = 'chromeos';
    if (osKeys.size < 1_000) osKeys.set(name, k);
  }
  return k;
}

/** Stored rules → compiled ones; a rule whose url cannot be a Location is dropped, like a bad destination. */
export function compileRules(rules: RoutingRule[] | null, workspaceZone: string): CompiledRule[] | null {
  if (!rules?.length) return null;
  const out: CompiledRule[] = [];
  for (const r of rules) {
    const url = toLocation(r.url);
    if (!url) continue;
    const w = r.when;
    out.push({
      device: set(w.device),
      os: set(w.os),
      language: w.language?.map((l) => l.toLowerCase()) ?? null,
      country: set(w.country),
      region: set(w.region, (v) => v.toLowerCase()),
      time: w.time
        ? {
            from: minutesOf(w.time.from),
            to: minutesOf(w.time.to),
            days: w.time.days ? new Set(w.time.days.map((d) => DAY_INDEX[d])) : null,
            zone: w.time.time_zone ?? workspaceZone,
          }
        : null,
      query: w.query ? { name: w.query.name, value: w.query.value } : null,
      url,
    });
  }
  return out.length ? out : null;
}

// Weekday and minute of the day per zone, recomputed once a minute: Intl is the costly part.
const clocks = new Map<string, { until: number; day: number; minute: number }>();
const formats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

export function localClock(zone: string, nowMs: number): { day: number; minute: number } {
  const hit = clocks.get(zone);
  if (hit && nowMs < hit.until && nowMs >= hit.until - 60_000) return hit;
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, f);
  }
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const p of f.formatToParts(new Date(nowMs))) {
    if (p.type === 'weekday') day = WEEKDAY[p.value] ?? 0;
    else if (p.type === 'hour') hour = Number(p.value);
    else if (p.type === 'minute') minute = Number(p.value);
  }
  // Zone offsets are whole minutes, so the local minute changes when the UTC minute does.
  const entry = { until: Math.floor(nowMs / 60_000) * 60_000 + 60_000, day, minute: hour * 60 + minute };
  if (clocks.size > 1_000) clocks.clear();
  clocks.set(zone, entry);
  return entry;
}

function inWindow(t: NonNullable<CompiledRule['time']>, nowMs: number): boolean {
  const { day, minute } = localClock(t.zone, nowMs);
  if (t.from <= t.to) return minute >= t.from && minute < t.to && (!t.days || t.days.has(day));
  // Across midnight: the part after midnight belongs to the window that began the day before.
  if (minute >= t.from) return !t.days || t.days.has(day);
  if (minute < t.to) return !t.days || t.days.has((day + 6) % 7);
  return false;
}

function languageMatches(tags: readonly string[], visitor: string | null): boolean {
  if (!visitor) return false;
  return tags.some((t) => visitor === t || (visitor.startsWith(t) && visitor[t.length] === '-'));
}

/** The url of the first rule whose every condition holds, or null (then A/B weights or `url`). */
export function matchRule(rules: readonly CompiledRule[], v: Visitor, nowMs: number): string | null {
  for (const r of rules) {
    if (r.device && !r.device.has(v.device() ?? '')) continue;
    if (r.os && !r.os.has(osKey(v.os()) ?? '')) continue;
    if (r.language && !languageMatches(r.language, v.language())) continue;
    if (r.country && !r.country.has(v.country() ?? '')) continue;
    if (r.region && !r.region.has(v.region()?.toLowerCase() ?? '')) continue;
    if (r.query) {
      const got = v.query(r.query.name);
      if (got === undefined || (r.query.value !== undefined && got !== r.query.value)) continue;
    }
    if (r.time && !inWindow(r.time, nowMs)) continue;
    return r.url;
  }
  return null;
}

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/**
 * Appends the code's UTM parameters to a destination; a parameter the destination already names
 * wins (the author set it on purpose). Memoised per destination on the cached target.
 */
export function withUtm(url: string, utm: Utm, memo: Map<string, string>): string {
  const hit = memo.get(url);
  if (hit !== undefined) return hit;
  let out = url;
  try {
    const u = new URL(url);
    for (const k of UTM_KEYS) {
      const v = utm[k];
      if (v !== undefined && !u.searchParams.has(`utm_${k}`)) u.searchParams.set(`utm_${k}`, v);
    }
    out = toLocation(u.href) ?? url;
  } catch {
    // a stored destination always parses; keep it unchanged if not
  }
  if (memo.size < 100) memo.set(url, out);
  return out;
}
