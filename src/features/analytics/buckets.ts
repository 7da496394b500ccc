import type { Grain } from './rollups.table.js';

export const QUARTER = 15 * 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** The bucket key of `ms` at a grain (UTC). */
export function bucketKey(grain: Grain, ms: number): string {
  const iso = new Date(ms).toISOString();
  if (grain === 'q') return quarterOf(iso);
  return iso.slice(0, grain === 'h' ? 13 : grain === 'd' ? 10 : 7);
}

/** '2026-03-29T01:15' from an ISO time; the migration's SQL computes the same. */
export function quarterOf(iso: string): string {
  const m = Number(iso.slice(14, 16));
  return `${iso.slice(0, 14)}${String(m - (m % 15)).padStart(2, '0')}`;
}

/** The coarser bucket a quarter key falls into. */
export const parentKey = (quarter: string, grain: Exclude<Grain, 'q'>) => quarter.slice(0, grain === 'h' ? 13 : grain === 'd' ? 10 : 7);

const nextMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/**
 * Splits [from, to) (multiples of 15 minutes) into the fewest aligned UTC buckets: whole months,
 * then whole days, hours and quarters at the edges. A year is about 12 months, a few dozen days
 * and hours; a Berlin day is 24 hours.
 */
export function cover(from: number, to: number, visit: (grain: Grain, start: number, key: string) => void): void {
  let t = from;
  while (t < to) {
    const d = new Date(t);
    if (t % DAY === 0 && d.getUTCDate() === 1 && nextMonth(t) <= to) {
      visit('m', t, bucketKey('m', t));
      t = nextMonth(t);
    } else if (t % DAY === 0 && t + DAY <= to) {
      visit('d', t, bucketKey('d', t));
      t += DAY;
    } else if (t % HOUR === 0 && t + HOUR <= to) {
      visit('h', t, bucketKey('h', t));
      t += HOUR;
    } else {
      visit('q', t, bucketKey('q', t));
      t += QUARTER;
    }
  }
}

/** A contiguous run of buckets of one grain: `bucket between first and last` selects exactly them. */
export interface Run { grain: Grain; first: string; last: string }

/** The runs of disjoint ranges' covers, and which range each bucket belongs to. */
export function runsOf(ranges: Array<[number, number]>): { runs: Run[]; owner: Map<string, number> } {
  const runs: Run[] = [];
  const owner = new Map<string, number>();
  const open = new Map<Grain, { run: Run; end: number }>();
  ranges.forEach(([a, b], i) => cover(a, b, (grain, start, key) => {
    owner.set(`${grain}|${key}`, i);
    const end = grain === 'm' ? nextMonth(start) : start + (grain === 'd' ? DAY : grain === 'h' ? HOUR : QUARTER);
    const cur = open.get(grain);
    if (cur && cur.end === start) {
      cur.run.last = key;
      cur.end = end;
    } else {
      const run = { grain, first: key, last: key };
      runs.push(run);
      open.set(grain, { run, end });
    }
  }));
  return { runs, owner };
}
