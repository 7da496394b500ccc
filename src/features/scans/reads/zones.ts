import { DAY } from '../rollups/buckets.js';
import { isoDay } from '../../../lib/time.js';

const formats = new Map<string, Intl.DateTimeFormat>();

/** Whether Intl knows the IANA zone name. */
export function isZone(tz: string): boolean {
  try {
    format(tz);
    return true;
  } catch {
    return false;
  }
}

function format(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(tz, f);
  }
  return f;
}

/** Local wall-clock fields of an instant in a zone. */
export function localParts(
  ms: number,
  tz: string,
): { y: number; m: number; d: number; hh: number; mm: number; ss: number } {
  const p: Record<string, number> = {};
  for (const part of format(tz).formatToParts(new Date(ms)))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year, m: p.month, d: p.day, hh: p.hour, mm: p.minute, ss: p.second };
}

/** Offset of the zone at an instant, ms (local − UTC). */
export function offsetAt(ms: number, tz: string): number {
  const p = localParts(ms, tz);
  return Date.UTC(p.y, p.m - 1, p.d, p.hh, p.mm, p.ss) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a local calendar day begins (`m` 1-based). Midnight itself, or where a DST gap
 * swallows midnight, the first instant after the gap.
 */
export function startOfDay(y: number, m: number, d: number, tz: string): number {
  const wall = Date.UTC(y, m - 1, d);
  const t1 = wall - offsetAt(wall, tz);
  const o2 = offsetAt(t1, tz);
  const t2 = wall - o2;
  if (t2 === t1 || offsetAt(t2, tz) === o2) return t2;
  return Math.max(t1, t2);
}

export type Interval = 'day' | 'week' | 'month';

/**
 * Calendar buckets of a zone covering [from, to): each starts at a local midnight (weeks on
 * Monday, ISO) and is clipped to the range. Labelled by the local date it starts on.
 */
export function calendar(
  from: number,
  to: number,
  tz: string,
  interval: Interval,
): Array<{ date: string; start: number; end: number }> {
  const out: Array<{ date: string; start: number; end: number }> = [];
  const p = localParts(from, tz);
  // Calendar arithmetic on a UTC date stands in for the local date.
  let day = Date.UTC(p.y, p.m - 1, p.d);
  if (interval === 'week') day -= ((new Date(day).getUTCDay() + 6) % 7) * DAY;
  if (interval === 'month') day = Date.UTC(p.y, p.m - 1, 1);
  const startOf = (utcDate: number) => {
    const d = new Date(utcDate);
    return startOfDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), tz);
  };
  let start = startOf(day);
  let offset = day - start;
  while (start < to) {
    const d = new Date(day);
    const next =
      interval === 'day'
        ? day + DAY
        : interval === 'week'
          ? day + 7 * DAY
          : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    // Most days keep the previous offset: one Intl call confirms it; a DST change takes the long way.
    let end = next - offset;
    if (offsetAt(end, tz) !== offset) end = startOf(next);
    offset = next - end;
    out.push({ date: isoDay(day), start: Math.max(start, from), end: Math.min(end, to) });
    day = next;
    start = end;
  }
  return out;
}
