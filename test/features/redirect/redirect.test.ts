import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createHarness, expectProblem, seedTenant, type Harness, type Tenant } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { closeAndCountScans, sqliteFile, writtenByTimer, type SqliteFile } from '../../support/sqlite-file.js';
import { UA, createCode, scan } from '../../support/codes.js';
import { TestClock } from '../../support/clock.js';
import { sqliteOf } from '../../../src/db/database.js';

// The third backend is a SQLite file on the production scan path, as `npm start` runs it: the
// sink's timer (default interval) writes the scans, close() writes the rest.
forEachDialect(
  'redirect and scans',
  (dialect) => {
    const file = (dialect as Partial<SqliteFile>).file ?? null;
    let h: Harness;
    let t: Tenant;
    const clock = new TestClock();
    before(async () => {
      const flush: Record<string, string> = file ? {} : { SCAN_FLUSH_MS: '60000' };
      h = await createHarness(dialect, { COUNTRY_HEADER: 'CF-IPCountry', ...flush }, { clock });
      t = await seedTenant(h, 'pro');
    });
    after(async () => {
      if (!file) return h.close();
      // Right after a timer write, one more scan is still buffered when the app closes.
      const c = await createCode(h, t, { type: 'url', url: 'https://shutdown.example.com/' });
      await scan(h, c.short_code);
      await writtenByTimer(h.app.scans);
      await scan(h, c.short_code);
      const { expected, found, buffered } = await closeAndCountScans(h, file);
      assert.equal(buffered, 1, 'one scan buffered at close');
      assert.equal(found, expected, 'every scan, the one buffered at close included, is in the file');
    });

    const scansOf = async (codeId: string) => {
      await (file ? writtenByTimer(h.app.scans) : h.app.scans.flush());
      return h.db.selectFrom('scans').selectAll().where('code_id', '=', codeId).orderBy('id').execute();
    };

    it('302 to the destination with no-store, and records a scan with parsed fields', async () => {
      const c = await createCode(h, t, { type: 'url', url: 'https://dest.example.com/landing?x=1' });
      const res = await scan(h, c.short_code, {
        'cf-ipcountry': 'de',
        referer: 'https://news.example.org/a',
        'accept-language': 'de-CH,de;q=0.9,en;q=0.5',
      });
      assert.equal(res.statusCode, 302);
      assert.equal(res.headers.location, 'https://dest.example.com/landing?x=1');
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['set-cookie'], undefined);
      await scan(h, c.short_code, { 'user-agent': UA.desktop, 'cf-ipcountry': 'XX' }, { ip: '198.51.100.9' });
      await scan(h, c.short_code, { 'user-agent': UA.bot });
      const rows = await scansOf(c.id);
      assert.equal(rows.length, 3);
      const [phone, desktop, bot] = rows;
      assert.match(phone.id, /^scn_[0-9A-Z]{26}$/);
      assert.equal(phone.scanned_at, clock.now().toISOString());
      assert.equal(phone.country, 'DE');
      assert.equal(phone.device, 'mobile');
      assert.equal(phone.os, 'iOS');
      assert.equal(phone.browser, 'Mobile Safari');
      assert.equal(phone.referrer, 'https://news.example.org/a');
      assert.equal(phone.language, 'de-ch');
      assert.equal(phone.is_bot, 0);
      assert.equal(phone.workspace_id, t.workspaceId);
      assert.match(phone.ip_hash!, /^[0-9a-f]{32}$/);
      assert.ok(!JSON.stringify(rows).includes('203.0.113.7'), 'raw IP stored');
      assert.equal(desktop.device, 'desktop');
      assert.equal(desktop.os, 'Windows');
      assert.equal(desktop.browser, 'Chrome');
      assert.equal(desktop.country, null);
      assert.notEqual(desktop.ip_hash, phone.ip_hash);
      assert.equal(bot.is_bot, 1);
      assert.equal(bot.ip_hash, phone.ip_hash);
      const code = await call(h, { url: `/v1/codes/${c.id}`, tenant: t });
      assert.equal(code.json.data.scan_count, 2, 'bots do not count');
    });

    // docs/decisions.md D46: checkpoints copy the WAL into the file, off the event loop.
    if (file)
      it("on a SQLite file, the app's connection leaves WAL checkpoints to the scan writer thread", () => {
        assert.equal(sqliteOf(h.db)!.pragma('wal_autocheckpoint', { simple: true }), 0);
      });

    it('stores a referrer with tabs and backslashes exactly (bulk-load escaping)', async () => {
      const c = await createCode(h, t, { type: 'url', url: 'https://escape.example.com' });
      const referer = 'https://ref.example/a\\b\tc\\\\N?q="x"';
      await scan(h, c.short_code, { referer });
      await scan(h, c.short_code, { referer: '\\N' });
      const rows = await scansOf(c.id);
      assert.deepEqual(
        rows.map((r) => r.referrer),
        [referer, '\\N'],
      );
      assert.deepEqual(
        rows.map((r) => r.country),
        [null, null],
        'a missing value stays null',
      );
    });

    it('the IP hash salt changes with the UTC day', async () => {
      const c = await createCode(h, t, { type: 'url', url: 'https://salt.example.com' });
      await scan(h, c.short_code);
      clock.advance(86_400_000);
      await scan(h, c.short_code);
      const [a, b] = await scansOf(c.id);
      assert.notEqual(a.ip_hash, b.ip_hash);
    });

    it('HEAD answers like GET without recording a scan', async () => {
      const c = await createCode(h, t, { type: 'url', url: 'https://head.example.com/' });
      const res = await scan(h, c.short_code, {}, { method: 'HEAD' });
      assert.equal(res.statusCode, 302);
      assert.equal(res.headers.location, 'https://head.example.com/');
      assert.equal((await scansOf(c.id)).length, 0);
    });

    it('unknown codes answer a 404 page; pending ones too', async () => {
      for (const code of ['Zz9Zz9Zz9', 'x', 'has space%20']) {
        const res = await scan(h, code);
        assert.equal(res.statusCode, 404);
        assert.match(String(res.headers['content-type']), /^text\/html/);
        assert.equal(res.headers['cache-control'], 'no-store');
      }
    });

    it('an update takes effect on the next scan (cache invalidation)', async () => {
      const c = await createCode(h, t, { type: 'url', url: 'https://v1.example.com/' });
      assert.equal((await scan(h, c.short_code)).headers.location, 'https://v1.example.com/');
      await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { url: 'https://v2.example.com/' } });
      assert.equal((await scan(h, c.short_code)).headers.location, 'https://v2.example.com/');
      await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { status: 'paused' } });
      const paused = await scan(h, c.short_code);
      assert.equal(paused.statusCode, 410);
      assert.match(paused.body, /no longer active/);
      await call(h, {
        method: 'PATCH',
        url: `/v1/codes/${c.id}`,
        tenant: t,
        body: { fallback_url: 'https://fallback.example.com/' },
      });
      const fb = await scan(h, c.short_code);
      assert.equal(fb.statusCode, 302);
      assert.equal(fb.headers.location, 'https://fallback.example.com/');
      await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { status: 'active' } });
      assert.equal((await scan(h, c.short_code)).headers.location, 'https://v2.example.com/');
      await call(h, { method: 'DELETE', url: `/v1/codes/${c.id}`, tenant: t });
      assert.equal((await scan(h, c.short_code)).headers.location, 'https://fallback.example.com/');
      const rows = await scansOf(c.id);
      assert.equal(rows.length, 3, 'only scans that reached a destination are recorded');
    });

    it('codes of an archived workspace or a deleted organization are no longer served', async () => {
      const u = await seedTenant(h);
      const c = await createCode(h, u, { type: 'url', url: 'https://org.example.com/' });
      assert.equal((await scan(h, c.short_code)).statusCode, 302);
      await h.db
        .updateTable('organizations')
        .set({ deleted_at: clock.now().toISOString() })
        .where('id', '=', u.organizationId)
        .execute();
      h.app.deps.invalidation.publish([c.short_code]); // the organizations feature changes no code; the cache TTL (60 s) would do it
      assert.equal((await scan(h, c.short_code)).statusCode, 410);
      const v = await seedTenant(h);
      const d = await createCode(h, v, {
        type: 'url',
        url: 'https://ws.example.com/',
        fallback_url: 'https://fb.example.com/',
      });
      await h.db.updateTable('workspaces').set({ status: 'archived' }).where('id', '=', v.workspaceId).execute();
      clock.advance(61_000);
      assert.equal((await scan(h, d.short_code)).headers.location, 'https://fb.example.com/');
    });

    it('expires by date: 410, or the fallback', async () => {
      const c = await createCode(h, t, {
        type: 'url',
        url: 'https://soon.example.com/',
        expires_at: new Date(clock.t + 60_000).toISOString(),
      });
      assert.equal((await scan(h, c.short_code)).statusCode, 302);
      clock.advance(60_000);
      assert.equal((await scan(h, c.short_code)).statusCode, 410);
      const got = await call(h, { url: `/v1/codes/${c.id}`, tenant: t });
      assert.equal(got.json.data.status, 'expired');
      const list = await call(h, { url: '/v1/codes?status=expired&limit=100', tenant: t });
      assert.ok(list.json.data.some((x: { id: string }) => x.id === c.id));
      await call(h, {
        method: 'PATCH',
        url: `/v1/codes/${c.id}`,
        tenant: t,
        body: { fallback_url: 'https://later.example.com/' },
      });
      assert.equal((await scan(h, c.short_code)).headers.location, 'https://later.example.com/');
    });

    it('expires by count, using buffered and stored scans; bots do not use it up', async () => {
      const c = await createCode(h, t, { type: 'url', url: 'https://limited.example.com/', max_scans: 3 });
      assert.equal((await scan(h, c.short_code)).statusCode, 302);
      await h.app.scans.flush();
      assert.equal((await scan(h, c.short_code, { 'user-agent': UA.bot })).statusCode, 302);
      // Reload the cache entry: the stored count (1) plus the unflushed one (1) must both count.
      await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { title: 'reload' } });
      assert.equal((await scan(h, c.short_code)).statusCode, 302);
      await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { title: 'reload again' } });
      assert.equal((await scan(h, c.short_code)).statusCode, 302);
      assert.equal((await scan(h, c.short_code)).statusCode, 410);
      await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { title: 'and again' } });
      assert.equal((await scan(h, c.short_code)).statusCode, 410);
      await h.app.scans.flush();
      const got = await call(h, { url: `/v1/codes/${c.id}`, tenant: t });
      assert.equal(got.json.data.scan_count, 3);
      assert.equal(got.json.data.status, 'expired');
      await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { max_scans: 4 } });
      assert.equal((await scan(h, c.short_code)).statusCode, 302);
      assert.equal((await scan(h, c.short_code)).statusCode, 410);
    });

    it('A/B: weighted distribution within tolerance, sticky per visitor cookie', async () => {
      const c = await createCode(h, t, {
        type: 'url',
        url: 'https://a.example.com/',
        destinations: [
          { url: 'https://a.example.com/', weight: 3 },
          { url: 'https://b.example.com/', weight: 1 },
        ],
      });
      const n = 2000;
      let a = 0;
      for (let i = 0; i < n; i++) {
        const res = await scan(h, c.short_code);
        assert.match(
          String(res.headers['set-cookie']),
          /^qrs_vid=[0-9A-Za-z]{22}; Path=\/r\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
        );
        if (res.headers.location === 'https://a.example.com/') a++;
        else assert.equal(res.headers.location, 'https://b.example.com/');
      }
      const share = a / n;
      assert.ok(Math.abs(share - 0.75) < 0.04, `share of A was ${share}`);
      const first = await scan(h, c.short_code);
      const cookie = String(first.headers['set-cookie']).split(';')[0];
      for (let i = 0; i < 20; i++) {
        const again = await scan(h, c.short_code, { cookie });
        assert.equal(again.headers.location, first.headers.location);
        assert.equal(again.headers['set-cookie'], undefined);
      }
      const rows = await scansOf(c.id);
      assert.equal(rows.length, n + 21);
      assert.equal(
        rows.filter((r) => r.destination === 'https://a.example.com/').length,
        a + (first.headers.location === 'https://a.example.com/' ? 21 : 0),
      );
    });

    it('raw scans paginate; stats aggregate and exclude bots unless asked', async () => {
      const c = await createCode(h, t, { type: 'url', url: 'https://stats.example.com/' });
      const day1 = clock.now().toISOString().slice(0, 10);
      await scan(h, c.short_code, { 'cf-ipcountry': 'DE', referer: 'https://r.example/' }, { ip: '10.0.0.1' });
      await scan(h, c.short_code, { 'cf-ipcountry': 'DE' }, { ip: '10.0.0.1' });
      await scan(h, c.short_code, { 'cf-ipcountry': 'FR', 'user-agent': UA.desktop }, { ip: '10.0.0.2' });
      await scan(h, c.short_code, { 'user-agent': UA.bot }, { ip: '10.0.0.3' });
      clock.advance(86_400_000);
      const day2 = clock.now().toISOString().slice(0, 10);
      await scan(h, c.short_code, { 'cf-ipcountry': 'DE' }, { ip: '10.0.0.1' });
      await h.app.scans.flush();

      let res = await call(h, { url: `/v1/codes/${c.id}/scans?limit=2`, tenant: t });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json.meta.pagination.total_count, 5);
      assert.equal(res.json.data.length, 2);
      assert.equal(res.json.data[0].country, 'DE');
      assert.equal(res.json.data[0].scanned_at > res.json.data[1].scanned_at, true);
      assert.ok(!('ip_hash' in res.json.data[0]));
      const page1 = res.json.data;
      res = await call(h, {
        url: `/v1/codes/${c.id}/scans?cursor=${res.json.meta.pagination.next_cursor}&limit=100`,
        tenant: t,
      });
      assert.equal(res.json.data.length, 3);
      assert.equal([...page1, ...res.json.data].filter((s: { is_bot: boolean }) => s.is_bot).length, 1);
      res = await call(h, { url: `/v1/codes/${c.id}/scans?include_bots=false`, tenant: t });
      assert.equal(res.json.meta.pagination.total_count, 4);

      res = await call(h, { url: `/v1/codes/${c.id}/stats?from=${day1}&to=${day2}`, tenant: t });
      assert.equal(res.statusCode, 200, res.body);
      const s = res.json.data;
      assert.equal(s.total_scans, 4);
      assert.equal(s.unique_visitors, 3, 'one visitor per day and IP');
      assert.deepEqual(s.by_day, [
        { date: day1, scans: 3, unique_visitors: 2 },
        { date: day2, scans: 1, unique_visitors: 1 },
      ]);
      assert.deepEqual(s.by_country, [
        { key: 'DE', scans: 3 },
        { key: 'FR', scans: 1 },
      ]);
      assert.deepEqual(s.by_device, [
        { key: 'mobile', scans: 3 },
        { key: 'desktop', scans: 1 },
      ]);
      assert.deepEqual(s.by_os, [
        { key: 'iOS', scans: 3 },
        { key: 'Windows', scans: 1 },
      ]);
      assert.deepEqual(s.by_browser, [
        { key: 'Mobile Safari', scans: 3 },
        { key: 'Chrome', scans: 1 },
      ]);
      assert.deepEqual(
        s.by_referrer,
        [
          { key: null, scans: 3 },
          { key: 'r.example', scans: 1 },
        ],
        'by referrer host',
      );
      res = await call(h, { url: `/v1/codes/${c.id}/stats?from=${day1}&to=${day2}&include_bots=true`, tenant: t });
      assert.equal(res.json.data.total_scans, 5);
      res = await call(h, { url: `/v1/codes/${c.id}/stats?from=${day2}`, tenant: t });
      assert.equal(res.json.data.total_scans, 1);
      expectProblem(
        await call(h, { url: `/v1/codes/${c.id}/stats?from=${day2}&to=${day1}T00:00:00Z`, tenant: t }),
        422,
        'validation-error',
      );
      expectProblem(
        await call(h, { url: `/v1/codes/${c.id}/stats?from=yesterday`, tenant: t }),
        422,
        'validation-error',
      );
    });
  },
  { also: [sqliteFile('redirect')] },
);
