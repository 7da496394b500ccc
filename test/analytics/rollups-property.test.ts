import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createHarness, dialects, seedTenant, type Harness, type Tenant } from '../support/harness.js';
import { TestClock, UA, createCode, scan } from '../codes/helpers.js';
import { backfillRollups } from '../../src/db/migrations/0005_scan_rollups.js';

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
const dateIn = (ms: number, tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const START = Date.parse('2026-03-26T00:00:00.000Z');
const SPAN = 8 * 86_400_000;
/** UTC instants where some zone's day begins in late March 2026 (hours and minutes after UTC midnight). */
const EDGES = [0, 22 * 60, 23 * 60, 18 * 60 + 30, 18 * 60 + 15, 4 * 60, 5 * 60, 13 * 60 + 30, 14 * 60 + 30];

for (const dialect of dialects()) {
  describe(`rollups equal raw counts [${dialect.name}]`, () => {
    const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 100_000);
    const rnd = random(seed);
    const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
    let h: Harness;
    let t: Tenant;
    const clock = new TestClock(START);
    const codes: Array<{ id: string; short_code: string }> = [];

    before(async () => {
      h = await createHarness(dialect, { COUNTRY_HEADER: 'CF-IPCountry', SCAN_FLUSH_MS: '60000' }, { clock });
      t = await seedTenant(h, 'pro');
      codes.push(await createCode(h, t, { type: 'url', url: 'https://one.example.com/', tags: ['x'] }));
      codes.push(await createCode(h, t, { type: 'url', url: 'https://two.example.com/', tags: ['x'] }));
      codes.push(await createCode(h, t, { type: 'url', url: 'https://ab.example.com/', destinations: [{ url: 'https://a.example.com/', weight: 1 }, { url: 'https://b.example.com/', weight: 1 }] }));
      const times: number[] = [];
      for (let i = 0; i < 160; i++) {
        if (rnd() < 0.4) {
          const day = START + Math.floor(rnd() * 8) * 86_400_000;
          times.push(day + pick(EDGES) * 60_000 + pick([-1, 0, 1, 0]));
        } else times.push(START + Math.floor(rnd() * SPAN));
      }
      times.sort((x, y) => x - y);
      for (const ms of times) {
        clock.t = ms;
        const headers: Record<string, string> = { 'user-agent': rnd() < 0.2 ? UA.bot : pick([UA.iphone, UA.desktop]) };
        const country = pick(['DE', 'FR', 'IN', '']);
        if (country) headers['cf-ipcountry'] = country;
        if (rnd() < 0.5) headers.referer = pick(['https://a.news.example/x', 'http://B.example.org', 'android-app://com.x/', 'nonsense']);
        if (rnd() < 0.7) headers['accept-language'] = pick(['de-DE,de;q=0.9', 'en-US', 'hi']);
        if (rnd() < 0.5) headers.cookie = `qrs_vid=${pick(['aaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbb', 'cccccccccccccccccccc'])}`;
        const res = await scan(h, pick(codes).short_code, headers, { ip: `10.1.0.${Math.floor(rnd() * 7)}` });
        assert.equal(res.statusCode, 302);
      }
      await h.app.scans.flush();
    });
    after(async () => { await h.close(); });

    it(`GET /v1/analytics equals counts over the raw rows (seed ${seed})`, async () => {
      const raw = await h.db.selectFrom('scans').selectAll().where('workspace_id', '=', t.workspaceId).orderBy('id').execute();
      assert.equal(raw.length, 160);
      for (let round = 0; round < 12; round++) {
        const tz = pick(ZONES);
        const d1 = new Date(START + Math.floor(rnd() * 8) * 86_400_000).toISOString().slice(0, 10);
        const d2 = new Date(Date.parse(d1) + Math.floor(rnd() * 4) * 86_400_000).toISOString().slice(0, 10);
        const bots = rnd() < 0.5;
        const code = rnd() < 0.3 ? pick(codes) : null;
        const res = await call(h, { url: `/v1/analytics?from=${d1}&to=${d2}&tz=${tz}&include_bots=${bots}&limit=100${code ? `&code_id=${code.id}` : ''}`, tenant: t });
        assert.equal(res.statusCode, 200, res.body);
        const got = res.json.data;
        const counted = raw.filter((r) => (bots || !r.is_bot) && (!code || r.code_id === code.id));
        const inRange = counted.filter((r) => {
          const d = dateIn(Date.parse(r.scanned_at), tz);
          return d >= d1 && d <= d2;
        });
        const label = `round ${round}: ${tz} ${d1}..${d2} bots=${bots} code=${code?.id ?? '-'}`;
        assert.equal(got.totals.scans, inRange.length, label);
        const perDay = new Map<string, number>();
        for (const r of inRange) perDay.set(dateIn(Date.parse(r.scanned_at), tz), (perDay.get(dateIn(Date.parse(r.scanned_at), tz)) ?? 0) + 1);
        assert.deepEqual(Object.fromEntries(got.by_day.filter((x: any) => x.scans).map((x: any) => [x.date, x.scans])), Object.fromEntries([...perDay].sort()), label);
        // A visitor-day (UTC day, IP hash; per code when filtered) counts where its first counted scan falls.
        const first = new Map<string, string>();
        for (const r of counted) {
          if (!r.ip_hash) continue;
          const k = `${r.scanned_at.slice(0, 10)}|${r.ip_hash}`;
          if (!first.has(k) || r.scanned_at < first.get(k)!) first.set(k, r.scanned_at);
        }
        const visitors = [...first.values()].filter((at) => {
          const d = dateIn(Date.parse(at), tz);
          return d >= d1 && d <= d2;
        }).length;
        assert.equal(got.totals.unique_visitors, visitors, `${label}: visitors`);
        const by = (f: (r: (typeof raw)[number]) => string | null) => {
          const m = new Map<string | null, number>();
          for (const r of inRange) m.set(f(r), (m.get(f(r)) ?? 0) + 1);
          return [...m].map(([key, scans]) => ({ key, scans })).sort((x, y) => y.scans - x.scans || String(x.key ?? '').localeCompare(String(y.key ?? '')));
        };
        assert.deepEqual(got.dimensions.country, by((r) => r.country), `${label}: country`);
        assert.deepEqual(got.dimensions.destination, by((r) => r.destination), `${label}: destination`);
        assert.deepEqual(got.dimensions.language, by((r) => r.language), `${label}: language`);
        assert.deepEqual(got.dimensions.device, by((r) => r.device), `${label}: device`);
        assert.deepEqual(got.dimensions.referrer, by((r) => {
          const m = /:\/\/([^/?#]*)/.exec(r.referrer ?? '');
          return m && m[1] ? m[1].toLowerCase() : null;
        }), `${label}: referrer host`);
        assert.deepEqual(got.top_codes.map((c: any) => ({ key: c.code_id, scans: c.scans })), by((r) => r.code_id), `${label}: top codes`);
      }
    });

    it('the migration\'s backfill from raw rows rebuilds exactly the rollups the flushes wrote', async () => {
      const ids = codes.map((c) => c.id);
      const snapshot = async () => ({
        code: await h.db.selectFrom('scan_rollups').selectAll().where('code_id', 'in', ids).orderBy('code_id').orderBy('grain').orderBy('dimension').orderBy('bucket').orderBy('value').execute(),
        workspace: await h.db.selectFrom('workspace_rollups').selectAll().where('workspace_id', '=', t.workspaceId).orderBy('grain').orderBy('dimension').orderBy('bucket').orderBy('value').execute(),
      });
      const live = await snapshot();
      assert.ok(live.code.length > 100);
      await h.db.deleteFrom('scan_rollups').where('code_id', 'in', ids).execute();
      await h.db.deleteFrom('workspace_rollups').where('workspace_id', '=', t.workspaceId).execute();
      await h.db.deleteFrom('scan_visitors').where('scope_id', 'in', [...ids, t.workspaceId]).execute();
      await backfillRollups(h.db, clock.now(), [t.workspaceId]);
      assert.deepEqual(await snapshot(), live);
    });
  });
}
