import { isoDay } from '../../../lib/time.js';
import type { Grain } from './rollups.table.js';

export const QUARTER = 15 * 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/**
 * The bucket key of `ms` at a grain (UTC). The date is formatted once a day: a year of local days
 * asks for thousands of keys a call, and a Date and its ISO string each cost more than the rest.
 */
export function bucketKey(grain: Grain, ms: number): string {
  const day = Math.floor(ms / DAY);
  const date = dateOfDay(day);
  if (grain === 'd') return date;
  if (grain === 'm') return date.slice(0, 7);
  const minutes = Math.floor((ms - day * DAY) / 60_000);
  const hour = `${date}T${pad2(Math.floor(minutes / 60))}`;
  return grain === 'h' ? hour : `${hour}:${pad2((minutes % 60) - (minutes % 15))}`;
}

const dates = new Map<number, string>();
function dateOfDay(day: number): string {
  let date = dates.get(day);
  if (date === undefined) {
    if (dates.size >= 20_000) dates.clear();
    date = isoDay(day * DAY);
    dates.set(day, date);
  }
  return date;
}

/** '2026-03-29T01:15' from an ISO time; the migration's SQL computes the same. */
export function quarterOf(iso: string): string {
  const m = Number(iso.slice(14, 16));
  return `${iso.slice(0, 14)}${String(m - (m % 15)).padStart(2, '0')}`;
}

/**
 * The UTC day and quarter of ISO times that mostly come in time order (a batch's rows): derived
 * once a minute, not once a call. The object returned is the same each call, updated in place.
 */
export function bucketsByMinute(): (iso: string) => { readonly day: string; readonly quarter: string } {
  let minute = '';
  const current = { day: '', quarter: '' };
  return (iso) => {
    if (!minute || !iso.startsWith(minute)) {
      minute = iso.slice(0, 16);
      current.day = minute.slice(0, 10);
      current.quarter = quarterOf(minute);
    }
    return current;
  };
}

/** The coarser bucket a quarter key falls into. */
export const parentKey = (quarter: string, grain: Exclude<Grain, 'q'>) =>
  quarter.slice(0, grain === 'h' ? 13 : grain === 'd' ? 10 : 7);

/** The start of the UTC month after the one `ms` falls in. */
export const nextMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

const UNIT = { q: QUARTER, h: HOUR, d: DAY } as const;
const floorTo = (grain: Grain, ms: number) => {
  if (grain === 'm') {
    const d = new Date(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  return Math.floor(ms / UNIT[grain]) * UNIT[grain];
};
const next = (grain: Grain, ms: number) => (grain === 'm' ? nextMonth(ms) : ms + UNIT[grain]);
const nearest = (grain: Grain, ms: number) => {
  const f = floorTo(grain, ms);
  if (f === ms) return ms;
  const c = next(grain, f);
  return ms - f <= c - ms ? f : c;
};

/** Aligned UTC buckets of one grain, [start, end), whose counters are added (sign 1) or taken away (-1). */
export interface Piece {
  grain: Grain;
  start: number;
  end: number;
  sign: 1 | -1;
}

const COARSEST_FIRST: Grain[] = ['m', 'd', 'h', 'q'];

/**
 * [from, to) (multiples of 15 minutes) as a signed sum of aligned UTC buckets with few buckets.
 * Coarsest grain first, each end may move to its nearest boundary of the grain: the buckets between
 * the two boundaries are added, and what each move took in or left out is put right at the finer
 * grains (signed spans add up: [x, y) = [x, A) + [A, B) + [B, y), a span whose end comes first
 * counting negatively). A grain is used only where that reads fewer buckets than the finer grains
 * alone. A Berlin day is its UTC day plus the previous day's last hour minus its own: three
 * buckets instead of 24; a year from the 23rd is 12 months and 8 days at each end instead of 11
 * months and 30 days. Counters add up (visitor-days too), so any such sum is exact.
 */
export function signedSpans(from: number, to: number): Piece[] {
  return decompose(from, to, 1, 0);
}

function decompose(x: number, y: number, sign: 1 | -1, level: number): Piece[] {
  if (x === y) return [];
  if (x > y) return decompose(y, x, sign === 1 ? -1 : 1, level);
  const grain = COARSEST_FIRST[level];
  if (grain === 'q') return [{ grain, start: x, end: y, sign }];
  // Below months every grain has one length, so a shape repeats a whole number of days away: a
  // calendar of local days or weeks decomposes each shape once.
  if (grain === 'm') return cheaper(x, y, sign, level);
  const base = Math.floor(x / DAY) * DAY;
  const key = `${level}|${sign}|${x - base}|${y - x}`;
  let shape = shapes.get(key);
  if (!shape) {
    if (shapes.size >= 10_000) shapes.clear();
    shape = cheaper(x - base, y - base, sign, level);
    shapes.set(key, shape);
  }
  return base === 0 ? shape : shape.map((p) => ({ ...p, start: p.start + base, end: p.end + base }));
}

const shapes = new Map<string, Piece[]>();

/** [x, y) at this grain and finer, or at the finer grains alone, whichever reads fewer buckets. */
function cheaper(x: number, y: number, sign: 1 | -1, level: number): Piece[] {
  const grain = COARSEST_FIRST[level];
  const finer = decompose(x, y, sign, level + 1);
  // Each end moves at most half a bucket: a span shorter than that never gains from the grain.
  if (y - x < (grain === 'm' ? 14 * DAY : UNIT[grain] / 2)) return finer;
  const a = nearest(grain, x);
  const b = nearest(grain, y);
  if (a >= b) return finer;
  const moved = [
    { grain, start: a, end: b, sign },
    ...decompose(x, a, sign, level + 1),
    ...decompose(b, y, sign, level + 1),
  ];
  return bucketCount(moved) < bucketCount(finer) ? moved : finer;
}

const bucketCount = (pieces: Piece[]) => pieces.reduce((n, p) => n + bucketsIn(p.grain, p.start, p.end), 0);

/** How many buckets of a grain lie in [start, end) (both aligned). */
function bucketsIn(grain: Grain, start: number, end: number): number {
  if (grain !== 'm') return (end - start) / UNIT[grain];
  const a = new Date(start);
  const b = new Date(end);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The bucket keys of a piece, in order (one date formatted a day: a calendar has thousands of keys). */
export function keysOf(p: Pick<Piece, 'grain' | 'start' | 'end'>): string[] {
  const keys: string[] = [];
  if (p.grain === 'm' || p.grain === 'd') {
    for (let t = p.start; t < p.end; t = next(p.grain, t)) keys.push(bucketKey(p.grain, t));
    return keys;
  }
  let day = -1;
  let date = '';
  for (let t = p.start; t < p.end; t += UNIT[p.grain]) {
    const d = Math.floor(t / DAY);
    if (d !== day) {
      day = d;
      date = bucketKey('d', t);
    }
    const minutes = (t - d * DAY) / 60_000;
    const hour = `${date}T${pad2(Math.floor(minutes / 60))}`;
    keys.push(p.grain === 'h' ? hour : `${hour}:${pad2(minutes % 60)}`);
  }
  return keys;
}

/**
 * Buckets of one grain and sign to read: `bucket between first and last` when `keys` is absent
 * (the keys are contiguous), else `bucket in keys`.
 */
export interface Selection {
  grain: Grain;
  sign: 1 | -1;
  first: string;
  last: string;
  keys?: string[];
}

/** Per grain and sign, the pieces' buckets as one key range where they are contiguous, else as a key list. */
export function selectionsOf(pieces: Piece[]): Selection[] {
  const groups = new Map<string, { grain: Grain; sign: 1 | -1; keys: Set<string> }>();
  for (const p of pieces) {
    const id = `${p.grain}${p.sign}`;
    const g = groups.get(id) ?? { grain: p.grain, sign: p.sign, keys: new Set<string>() };
    for (const k of keysOf(p)) g.keys.add(k);
    groups.set(id, g);
  }
  return [...groups.values()].map(({ grain, sign, keys }) => selectionOf(grain, sign, [...keys]));
}

/** Some distinct keys of one grain and sign as one selection. */
export function selectionOf(grain: Grain, sign: 1 | -1, distinct: string[]): Selection {
  const keys = distinct.sort();
  const first = keys[0];
  const last = keys[keys.length - 1];
  const contiguous = bucketsIn(grain, startOfKey(grain, first), next(grain, startOfKey(grain, last))) === keys.length;
  return contiguous ? { grain, sign, first, last } : { grain, sign, first, last, keys };
}

/** The instant a bucket key starts. */
export function startOfKey(grain: Grain, key: string): number {
  return Date.parse(
    grain === 'q'
      ? `${key}:00Z`
      : grain === 'h'
        ? `${key}:00:00Z`
        : grain === 'd'
          ? `${key}T00:00:00Z`
          : `${key}-01T00:00:00Z`,
  );
}
