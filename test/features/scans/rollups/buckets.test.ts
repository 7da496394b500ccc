import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DAY,
  QUARTER,
  keysOf,
  selectionsOf,
  signedSpans,
  startOfKey,
} from '../../../../src/features/scans/rollups/buckets.js';
import { calendar, startOfDay } from '../../../../src/features/scans/reads/zones.js';

describe('rollup buckets and calendars', () => {
  it('signedSpans() sums to exactly [from, to): aligned pieces whose signed coverage is 1 inside and 0 outside', () => {
    const base = Date.parse('2025-12-30T00:00:00.000Z');
    for (let i = 0; i < 2_000; i++) {
      const a = base + Math.floor(Math.random() * 40 * 96) * QUARTER * (i % 3 === 0 ? 10 : 1);
      const b = a + Math.floor(Math.random() * 96 * (i % 2 ? 740 : 2)) * QUARTER;
      const pieces = signedSpans(a, b);
      const events = new Map<number, number>([
        [a, -1],
        [b, 1],
      ]);
      if (a === b) events.clear();
      let buckets = 0;
      for (const p of pieces) {
        const keys = keysOf(p);
        assert.ok(p.start < p.end && keys.length >= 1);
        assert.equal(
          keysOf({ grain: p.grain, start: p.start, end: p.end }).map((k) => startOfKey(p.grain, k))[0],
          p.start,
          'aligned start',
        );
        buckets += keys.length;
        events.set(p.start, (events.get(p.start) ?? 0) + p.sign);
        events.set(p.end, (events.get(p.end) ?? 0) - p.sign);
      }
      let coverage = 0;
      for (const t of [...events.keys()].sort((x, y) => x - y)) {
        coverage += events.get(t)!;
        assert.equal(
          coverage,
          0,
          `${new Date(a).toISOString()}..${new Date(b).toISOString()} covered ${coverage} times after ${new Date(t).toISOString()} too many`,
        );
      }
      // Whole months, then at most half a month of days, half a day of hours and two quarters at each end.
      assert.ok(
        buckets <= (b - a) / (28 * DAY) + 2 + 2 * (16 + 12 + 2),
        `${buckets} buckets for ${(b - a) / DAY} days`,
      );
    }
  });

  it('signedSpans() reads a local day as its UTC day and the hours between, and a year from the 23rd as months and days', () => {
    const show = (a: string, b: string) =>
      signedSpans(Date.parse(a), Date.parse(b)).map(
        (p) => `${p.sign > 0 ? '+' : '-'}${p.grain} ${keysOf(p).join(',')}`,
      );
    assert.deepEqual(show('2026-01-14T23:00:00Z', '2026-01-15T23:00:00Z'), [
      '+d 2026-01-15',
      '+h 2026-01-14T23',
      '-h 2026-01-15T23',
    ]);
    assert.deepEqual(show('2026-03-29T18:30:00Z', '2026-03-30T18:30:00Z'), [
      '+d 2026-03-30',
      '+h 2026-03-29T18,2026-03-29T19,2026-03-29T20,2026-03-29T21,2026-03-29T22,2026-03-29T23',
      '-q 2026-03-29T18:00,2026-03-29T18:15',
      '-h 2026-03-30T18,2026-03-30T19,2026-03-30T20,2026-03-30T21,2026-03-30T22,2026-03-30T23',
      '+q 2026-03-30T18:00,2026-03-30T18:15',
    ]);
    const year = signedSpans(Date.parse('2025-11-23T00:00:00Z'), Date.parse('2026-11-23T00:00:00Z'));
    assert.deepEqual(
      year.map((p) => [p.sign, p.grain, keysOf(p).length]),
      [
        [1, 'm', 12],
        [1, 'd', 8],
        [-1, 'd', 8],
      ],
    );
  });

  it('selectionsOf() reads contiguous keys as a range and scattered keys as a list, per grain and sign', () => {
    const days = Array.from({ length: 3 }, (_, i) =>
      signedSpans(Date.parse('2026-01-14T23:00:00Z') + i * DAY, Date.parse('2026-01-15T23:00:00Z') + i * DAY),
    ).flat();
    const sel = selectionsOf(days.map((p) => ({ ...p, sign: 1 as const })));
    assert.deepEqual(sel, [
      { grain: 'd', sign: 1, first: '2026-01-15', last: '2026-01-17' },
      {
        grain: 'h',
        sign: 1,
        first: '2026-01-14T23',
        last: '2026-01-17T23',
        keys: ['2026-01-14T23', '2026-01-15T23', '2026-01-16T23', '2026-01-17T23'],
      },
    ]);
  });

  it('local days across DST changes and a gap at midnight', () => {
    const berlin = calendar(
      Date.parse('2026-03-27T23:00:00Z'),
      Date.parse('2026-10-26T23:00:00Z'),
      'Europe/Berlin',
      'day',
    );
    const byDate = Object.fromEntries(berlin.map((d) => [d.date, (d.end - d.start) / 3_600_000]));
    assert.equal(byDate['2026-03-28'], 24);
    assert.equal(byDate['2026-03-29'], 23);
    assert.equal(byDate['2026-10-25'], 25);
    assert.equal(berlin.length, 213);
    // Santiago springs forward at midnight: 2026-09-06 begins at 01:00 local (04:00 UTC).
    assert.equal(new Date(startOfDay(2026, 9, 6, 'America/Santiago')).toISOString(), '2026-09-06T04:00:00.000Z');
    assert.equal(new Date(startOfDay(2026, 3, 30, 'Asia/Kolkata')).toISOString(), '2026-03-29T18:30:00.000Z');
    const weeks = calendar(Date.parse('2026-03-25T00:00:00Z'), Date.parse('2026-04-15T00:00:00Z'), 'UTC', 'week');
    assert.deepEqual(
      weeks.map((w) => w.date),
      ['2026-03-23', '2026-03-30', '2026-04-06', '2026-04-13'],
    );
  });
});
