import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call } from '../../../support/harness.js';
import { forEachDialect, useHarness } from '../../../support/suite.js';
import { UA, createCode, scan } from '../../../support/codes.js';
import { TestClock } from '../../../support/clock.js';
import { rollUpAsTheFlush } from '../../../support/rollup-backfill.js';
import { DENSE_HOUR, DENSE_MONTH, VISITOR_HASH_HEX } from '../../../../src/features/scans/rollups/rollups.table.js';

/** mulberry32: a small seeded generator, so a failure can be replayed with its seed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONES = ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'America/New_York', 'Australia/Adelaide', 'Asia/Kathmandu'];
const dateIn = (ms: number, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const START = Date.parse('2026-03-26T00:00:00.000Z');
const SPAN = 8 * 86_400_000;
/** A few scans over months around it, so long ranges read month buckets with days taken away. */
const WIDE_START = Date.parse('2026-01-20T00:00:00.000Z');
const WIDE_SPAN = 110 * 86_400_000;
const WIDE_SCANS = 40;
/** The label of the calendar bucket holding a local date: the date, its ISO week's Monday, or its month's first day. */
const labelOf = (date: string, interval: 'day' | 'week' | 'month') => {
  if (interval === 'day') return date;
  if (interval === 'month') return `${date.slice(0, 7)}-01`;
  const d = Date.parse(`${date}T00:00:00Z`);
  return new Date(d - ((new Date(d).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};
/** UTC instants where some zone's day begins in late March 2026 (hours and minutes after UTC midnight). */
const EDGES = [0, 22 * 60, 23 * 60, 18 * 60 + 30, 18 * 60 + 15, 4 * 60, 5 * 60, 13 * 60 + 30, 14 * 60 + 30];

forEachDialect('rollups equal raw counts', (dialect) => {
  const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 100_000);
  const rnd = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const clock = new TestClock(START);
  const codes: Array<{ id: string; short_code: string }> = [];

  const { h, t } = useHarness(dialect, {
    env: { COUNTRY_HEADER: 'CF-IPCountry', SCAN_FLUSH_MS: '60000' },
    clock,
    tenant: 'pro',
  });
  before(async () => {
    codes.push(await createCode(h, t, { type: 'url', url: 'https://one.example.com/', tags: ['x'] }));
    codes.push(await createCode(h, t, { type: 'url', url: 'https://two.example.com/', tags: ['x'] }));
    codes.push(
      await createCode(h, t, {
        type: 'url',
        url: 'https://ab.example.com/',
        destinations: [
          { url: 'https://a.example.com/', weight: 1 },
          { url: 'https://b.example.com/', weight: 1 },
        ],
      }),
    );
    const times: number[] = [];
    for (let i = 0; i < 160; i++) {
      if (rnd() < 0.4) {
        const day = START + Math.floor(rnd() * 8) * 86_400_000;
        times.push(day + pick(EDGES) * 60_000 + pick([-1, 0, 1, 0]));
      } else times.push(START + Math.floor(rnd() * SPAN));
    }
    for (let i = 0; i < WIDE_SCANS; i++) times.push(WIDE_START + Math.floor(rnd() * WIDE_SPAN));
    times.sort((x, y) => x - y);
    // Dense hours, on local-day edges (Kolkata 18:30 UTC, Berlin 22:00 UTC after the DST change):
    // one code crosses DENSE_HOUR inside one batch, one across batches, one never. Each batch
    // fills its slice of the hour and is flushed at the slice's end, all in time order with the
    // sparse scans, as a live server sees them (the visitor sets keep two days).
    // Code 0's March also turns dense (its bursts alone are DENSE_MONTH scans), in a later batch
    // than its first scans; the other codes' months stay sparse and read their days.
    const bursts: Array<{ code: number; hour: string; batches: number[] }> = [
      { code: 0, hour: '2026-03-27T10', batches: [DENSE_MONTH - 120, 30] },
      { code: 0, hour: '2026-03-28T18', batches: [DENSE_HOUR + 30] },
      { code: 1, hour: '2026-03-29T22', batches: [DENSE_HOUR - 15, 30, 20] },
      { code: 2, hour: '2026-03-30T18', batches: [DENSE_HOUR - 20, 10] },
    ];
    const events: Array<{ at: number; code?: { short_code: string }; flush?: true }> = times.map((at) => ({ at }));
    for (const b of bursts) {
      const slice = 3_600_000 / b.batches.length;
      b.batches.forEach((n, k) => {
        const start = Date.parse(`${b.hour}:00:00Z`) + k * slice;
        for (let i = 0; i < n; i++) events.push({ at: start + Math.floor(rnd() * (slice - 1)), code: codes[b.code] });
        events.push({ at: start + slice - 0.5, flush: true });
      });
    }
    events.sort((x, y) => x.at - y.at);
    for (const e of events) {
      if (e.flush) await h.app.scans.flush();
      else await randomScan(e.at, e.code ?? pick(codes));
    }
    await h.app.scans.flush();
  });

  async function randomScan(ms: number, code: { short_code: string }) {
    clock.t = ms;
    const headers: Record<string, string> = { 'user-agent': rnd() < 0.2 ? UA.bot : pick([UA.iphone, UA.desktop]) };
    const country = pick(['DE', 'FR', 'IN', '']);
    if (country) headers['cf-ipcountry'] = country;
    if (rnd() < 0.5)
      headers.referer = pick(['https://a.news.example/x', 'http://B.example.org', 'android-app://com.x/', 'nonsense']);
    if (rnd() < 0.7) headers['accept-language'] = pick(['de-DE,de;q=0.9', 'en-US', 'hi']);
    if (rnd() < 0.5)
      headers.cookie = `qrs_vid=${pick(['aaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbb', 'cccccccccccccccccccc'])}`;
    const res = await scan(h, code.short_code, headers, { ip: `10.1.0.${Math.floor(rnd() * 7)}` });
    assert.equal(res.statusCode, 302);
  }

  it(`GET /v1/analytics and the code stats equal counts over the raw rows, sparse and dense hours and months (seed ${seed})`, async () => {
    const raw = await h.db
      .selectFrom('scans')
      .selectAll()
      .where('workspace_id', '=', t.workspaceId)
      .orderBy('id')
      .execute();
    assert.equal(raw.length, 160 + WIDE_SCANS + DENSE_MONTH - 120 + 30 + 3 * DENSE_HOUR + 30 + 35 - 10);
    const perHour = new Map<string, number>();
    for (const r of raw)
      perHour.set(
        `${r.code_id}|${r.scanned_at.slice(0, 13)}`,
        (perHour.get(`${r.code_id}|${r.scanned_at.slice(0, 13)}`) ?? 0) + 1,
      );
    assert.ok(
      [...perHour.values()].some((n) => n >= DENSE_HOUR) && [...perHour.values()].some((n) => n < DENSE_HOUR),
      'dense and sparse hours',
    );
    const kept = await h.db
      .selectFrom('scan_visitors')
      .select('ip_hash')
      .where('scope_id', 'in', [...codes.map((c) => c.id), t.workspaceId])
      .execute();
    assert.ok(kept.length > 0 && kept.every((v) => v.ip_hash.length === VISITOR_HASH_HEX), 'visitor rows keep 64 bits');
    const perMonth = new Map<string, number>();
    for (const r of raw) {
      const k = `${r.code_id}|${r.scanned_at.slice(0, 7)}`;
      perMonth.set(k, (perMonth.get(k) ?? 0) + 1);
    }
    assert.ok(
      [...perMonth.values()].some((n) => n >= DENSE_MONTH) && [...perMonth.values()].some((n) => n < DENSE_MONTH),
      'dense and sparse months',
    );
    const referrerHost = (r: (typeof raw)[number]) => {
      const m = /:\/\/([^/?#]*)/.exec(r.referrer ?? '');
      return m && m[1] ? m[1].toLowerCase() : null;
    };
    const QUARTER = 15 * 60_000;
    for (let round = 0; round < 32; round++) {
      const tz = pick(ZONES);
      const bots = rnd() < 0.5;
      const scope = rnd();
      const code = scope < 0.4 ? pick(codes) : null;
      const tag = scope >= 0.4 && scope < 0.55;
      let range: string;
      let within: (ms: number) => boolean;
      let interval: 'day' | 'week' | 'month' = 'day';
      const kind = rnd();
      if (kind < 0.25) {
        // Two weeks to three months: month buckets, days added and taken away at each end.
        const d1 = new Date(WIDE_START + Math.floor(rnd() * 80) * 86_400_000).toISOString().slice(0, 10);
        const d2 = new Date(Date.parse(d1) + (14 + Math.floor(rnd() * 80)) * 86_400_000).toISOString().slice(0, 10);
        range = `from=${d1}&to=${d2}`;
        within = (ms) => dateIn(ms, tz) >= d1 && dateIn(ms, tz) <= d2;
        interval = pick(['day', 'week', 'month'] as const);
      } else if (kind < 0.6) {
        const d1 = new Date(START + Math.floor(rnd() * 8) * 86_400_000).toISOString().slice(0, 10);
        const d2 = new Date(Date.parse(d1) + Math.floor(rnd() * 4) * 86_400_000).toISOString().slice(0, 10);
        range = `from=${d1}&to=${d2}`;
        within = (ms) => dateIn(ms, tz) >= d1 && dateIn(ms, tz) <= d2;
      } else {
        // Quarter-hour instants: edges inside dense and sparse hours alike.
        const a = START + Math.floor(rnd() * (SPAN / QUARTER)) * QUARTER;
        const b = Math.min(START + SPAN, a + Math.floor(rnd() * 4 * 96) * QUARTER + QUARTER);
        range = `from=${new Date(a).toISOString()}&to=${new Date(b).toISOString()}`;
        within = (ms) => ms >= a && ms < b;
      }
      const label = `round ${round}: ${tz} ${range} ${interval} bots=${bots} code=${code?.id ?? '-'} tag=${tag}`;
      const res = await call(h, {
        url: `/v1/analytics?${range}&tz=${tz}&interval=${interval}&include_bots=${bots}&limit=100${code ? `&code_id=${code.id}` : ''}${tag ? '&tag=x' : ''}`,
        tenant: t,
      });
      assert.equal(res.statusCode, 200, `${label}: ${res.body}`);
      const got = res.json.data;
      const tagged = new Set([codes[0].id, codes[1].id]);
      const counted = raw.filter(
        (r) => (bots || !r.is_bot) && (!code || r.code_id === code.id) && (!tag || tagged.has(r.code_id)),
      );
      const inRange = counted.filter((r) => within(Date.parse(r.scanned_at)));
      assert.equal(got.totals.scans, inRange.length, label);
      const perDay = new Map<string, number>();
      for (const r of inRange) {
        const bucket = labelOf(dateIn(Date.parse(r.scanned_at), tz), interval);
        perDay.set(bucket, (perDay.get(bucket) ?? 0) + 1);
      }
      assert.deepEqual(
        Object.fromEntries(got.by_day.filter((x: any) => x.scans).map((x: any) => [x.date, x.scans])),
        Object.fromEntries([...perDay].sort()),
        label,
      );
      // A visitor-day (UTC day, IP hash; per code when filtered) counts where its first counted scan falls.
      const first = new Map<string, string>();
      for (const r of counted) {
        if (!r.ip_hash) continue;
        const k = `${code || tag ? r.code_id : ''}|${r.scanned_at.slice(0, 10)}|${r.ip_hash}`;
        if (!first.has(k) || r.scanned_at < first.get(k)!) first.set(k, r.scanned_at);
      }
      const visitors = [...first.values()].filter((at) => within(Date.parse(at))).length;
      assert.equal(got.totals.unique_visitors, visitors, `${label}: visitors`);
      const by = (f: (r: (typeof raw)[number]) => string | null, limit = 100) => {
        const m = new Map<string | null, number>();
        for (const r of inRange) m.set(f(r), (m.get(f(r)) ?? 0) + 1);
        return [...m]
          .map(([key, scans]) => ({ key, scans }))
          .sort((x, y) => y.scans - x.scans || String(x.key ?? '').localeCompare(String(y.key ?? '')))
          .slice(0, limit);
      };
      const expected = {
        country: by((r) => r.country),
        region: by((r) => r.region),
        city: by((r) => r.city),
        device: by((r) => r.device),
        os: by((r) => r.os),
        browser: by((r) => r.browser),
        referrer: by(referrerHost),
        language: by((r) => r.language),
        destination: by((r) => r.destination),
      };
      assert.deepEqual(got.dimensions, expected, `${label}: dimensions`);
      assert.deepEqual(
        got.top_codes.map((c: any) => ({ key: c.code_id, scans: c.scans })),
        by((r) => r.code_id),
        `${label}: top codes`,
      );
      if (code) {
        const stats = await call(h, {
          url: `/v1/codes/${code.id}/stats?${range}&tz=${tz}&include_bots=${bots}`,
          tenant: t,
        });
        assert.equal(stats.statusCode, 200, stats.body);
        const x = stats.json.data;
        assert.equal(x.total_scans, inRange.length, `${label}: stats total`);
        assert.deepEqual(
          { country: x.by_country, device: x.by_device, os: x.by_os, browser: x.by_browser, referrer: x.by_referrer },
          {
            country: expected.country,
            device: expected.device,
            os: expected.os,
            browser: expected.browser,
            referrer: expected.referrer,
          },
          `${label}: stats breakdowns`,
        );
      }
    }
  });

  it("the migration's backfill from raw rows rebuilds exactly the rollups the flushes wrote", async () => {
    const ids = codes.map((c) => c.id);
    const snapshot = async () => ({
      code: await h.db
        .selectFrom('scan_rollups')
        .selectAll()
        .where('code_id', 'in', ids)
        .orderBy('code_id')
        .orderBy('grain')
        .orderBy('dimension')
        .orderBy('bucket')
        .orderBy('value')
        .execute(),
      workspace: await h.db
        .selectFrom('workspace_rollups')
        .selectAll()
        .where('workspace_id', '=', t.workspaceId)
        .orderBy('grain')
        .orderBy('dimension')
        .orderBy('bucket')
        .orderBy('value')
        .execute(),
    });
    const live = await snapshot();
    assert.ok(live.code.length > 100);
    await h.db.deleteFrom('scan_rollups').where('code_id', 'in', ids).execute();
    await h.db.deleteFrom('workspace_rollups').where('workspace_id', '=', t.workspaceId).execute();
    await h.db
      .deleteFrom('scan_visitors')
      .where('scope_id', 'in', [...ids, t.workspaceId])
      .execute();
    await rollUpAsTheFlush(h.db, clock.now(), [t.workspaceId]);
    assert.deepEqual(await snapshot(), live);
  });
});
