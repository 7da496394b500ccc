import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { QUARTER, cover, spans } from '../../../src/features/analytics/buckets.js';
import { calendar, startOfDay } from '../../../src/features/analytics/zones.js';

describe('rollup buckets and calendars', () => {
  it('spans() is cover() without visiting every bucket', () => {
    const base = Date.parse('2025-12-30T00:00:00.000Z');
    for (let i = 0; i < 500; i++) {
      const a = base + Math.floor(Math.random() * 40 * 96) * QUARTER * (i % 3 === 0 ? 10 : 1);
      const b = a + Math.floor(Math.random() * 96 * (i % 2 ? 70 : 2)) * QUARTER;
      const units: Array<[string, number, number]> = [];
      cover(a, b, (grain, start) => {
        const last = units[units.length - 1];
        const end = grain === 'q' ? start + QUARTER : grain === 'h' ? start + 4 * QUARTER : grain === 'd' ? start + 96 * QUARTER
          : Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth() + 1, 1);
        if (last && last[0] === grain && last[2] === start) last[2] = end;
        else units.push([grain, start, end]);
      });
      assert.deepEqual(spans(a, b).map((s) => [s.grain, s.start, s.end]), units, `${new Date(a).toISOString()}..${new Date(b).toISOString()}`);
    }
  });

  it('local days across DST changes and a gap at midnight', () => {
    const berlin = calendar(Date.parse('2026-03-27T23:00:00Z'), Date.parse('2026-10-26T23:00:00Z'), 'Europe/Berlin', 'day');
    const byDate = Object.fromEntries(berlin.map((d) => [d.date, (d.end - d.start) / 3_600_000]));
    assert.equal(byDate['2026-03-28'], 24);
    assert.equal(byDate['2026-03-29'], 23);
    assert.equal(byDate['2026-10-25'], 25);
    assert.equal(berlin.length, 213);
    // Santiago springs forward at midnight: 2026-09-06 begins at 01:00 local (04:00 UTC).
    assert.equal(new Date(startOfDay(2026, 9, 6, 'America/Santiago')).toISOString(), '2026-09-06T04:00:00.000Z');
    assert.equal(new Date(startOfDay(2026, 3, 30, 'Asia/Kolkata')).toISOString(), '2026-03-29T18:30:00.000Z');
    const weeks = calendar(Date.parse('2026-03-25T00:00:00Z'), Date.parse('2026-04-15T00:00:00Z'), 'UTC', 'week');
    assert.deepEqual(weeks.map((w) => w.date), ['2026-03-23', '2026-03-30', '2026-04-06', '2026-04-13']);
  });
});
