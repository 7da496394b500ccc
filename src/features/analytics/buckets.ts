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

const GRAINS: Grain[] = ['q', 'h', 'd', 'm'];
const floorTo = (grain: Grain, ms: number) => {
  if (grain === 'm') {
    const d = new Date(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const unit = grain === 'q' ? QUARTER : grain === 'h' ? HOUR : DAY;
  return Math.floor(ms / unit) * unit;
};
const ceilTo = (grain: Grain, ms: number) => {
  const f = floorTo(grain, ms);
  return f === ms ? ms : grain === 'm' ? nextMonth(f) : f + (grain === 'q' ? QUARTER : grain === 'h' ? HOUR : DAY);
};

/**
 * The spans of cover(from, to), without visiting each bucket: quarters up to the first whole
 * hour, hours up to the first whole day, days up to the first whole month, then months, and
 * back down at the end. O(1) a range, whatever its length.
 */
export function spans(from: number, to: number): Array<{ grain: Grain; start: number; end: number }> {
  const out: Array<{ grain: Grain; start: number; end: number }> = [];
  let t = from;
  let i = 0;
  while (i < 3) {
    const next = ceilTo(GRAINS[i + 1], t);
    if (next > floorTo(GRAINS[i + 1], to)) break;
    if (next > t) out.push({ grain: GRAINS[i], start: t, end: next });
    t = next;
    i++;
  }
  for (let j = i; j >= 0; j--) {
    const end = floorTo(GRAINS[j], to);
    if (end > t) {
      const last = out[out.length - 1];
      if (last?.grain === GRAINS[j]) last.end = end; // an unfinished climb turning back down
      else out.push({ grain: GRAINS[j], start: t, end });
      t = end;
    }
  }
  return out;
}

/** The runs covering disjoint, ascending ranges; adjacent spans of one grain merge into one run. */
export function runsOf(ranges: Array<[number, number]>): Run[] {
  const runs: Run[] = [];
  const open = new Map<Grain, { run: Run; end: number }>();
  for (const [a, b] of ranges) {
    for (const s of spans(a, b)) {
      const cur = open.get(s.grain);
      const last = bucketKey(s.grain, s.end - 1);
      if (cur && cur.end === s.start) {
        cur.run.last = last;
        cur.end = s.end;
      } else {
        const run = { grain: s.grain, first: bucketKey(s.grain, s.start), last };
        runs.push(run);
        open.set(s.grain, { run, end: s.end });
      }
    }
  }
  return runs;
}

/** The instant a bucket key starts. */
export function startOfKey(grain: Grain, key: string): number {
  return Date.parse(grain === 'q' ? `${key}:00Z` : grain === 'h' ? `${key}:00:00Z` : grain === 'd' ? `${key}T00:00:00Z` : `${key}-01T00:00:00Z`);
}
