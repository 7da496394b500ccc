import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { UA, createCode, scan } from '../../support/codes.js';
import { TestClock } from '../../support/clock.js';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

forEachDialect('routing rules and UTM', (dialect) => {
  // Saturday 2026-11-21 10:00 UTC = 19:00 in Tokyo.
  const clock = new TestClock();
  const { h, t } = useHarness(dialect, {
    env: { COUNTRY_HEADER: 'CF-IPCountry', SCAN_FLUSH_MS: '60000' },
    clock,
    tenant: 'pro',
  });
  before(async () => {
    const res = await call(h, {
      method: 'PATCH',
      url: `/v1/workspaces/${t.workspaceId}`,
      tenant: t,
      body: { timezone: 'Asia/Tokyo' },
    });
    assert.equal(res.statusCode, 200, res.body);
  });

  const go = async (shortCode: string, headers: Record<string, string> = {}, query = '') =>
    (await scan(h, `${shortCode}${query}`, headers)).headers.location;

  it('device, OS, language, country and query parameter; the first match wins, then url', async () => {
    const c = await createCode(h, t, {
      type: 'url',
      url: 'https://www.example.com/',
      rules: [
        { when: { query: { name: 'src', value: 'poster' } }, url: 'https://poster.example.com/' },
        { when: { os: ['ios'] }, url: 'https://apps.apple.example/app' },
        { when: { os: ['android'] }, url: 'https://play.example/app' },
        { when: { device: ['desktop'], language: ['de'] }, url: 'https://www.example.com/de' },
        { when: { country: ['AT', 'CH'] }, url: 'https://www.example.com/alpen' },
      ],
    });
    assert.equal(c.rules.length, 5);
    assert.equal(await go(c.short_code, { 'user-agent': UA.iphone }), 'https://apps.apple.example/app');
    assert.equal(await go(c.short_code, { 'user-agent': ANDROID }), 'https://play.example/app');
    assert.equal(
      await go(c.short_code, { 'user-agent': UA.desktop, 'accept-language': 'de-CH,de;q=0.9' }),
      'https://www.example.com/de',
    );
    assert.equal(
      await go(c.short_code, { 'user-agent': UA.desktop, 'accept-language': 'en-US', 'cf-ipcountry': 'at' }),
      'https://www.example.com/alpen',
    );
    assert.equal(await go(c.short_code, { 'user-agent': UA.desktop }), 'https://www.example.com/');
    // The query rule comes first, so it wins over the iPhone rule.
    assert.equal(await go(c.short_code, { 'user-agent': UA.iphone }, '?src=poster'), 'https://poster.example.com/');
    assert.equal(await go(c.short_code, { 'user-agent': UA.desktop }, '?src=flyer'), 'https://www.example.com/');
    // Scans record the destination the rule chose.
    await h.app.scans.flush();
    const rows = await h.db.selectFrom('scans').select('destination').where('code_id', '=', c.id).execute();
    assert.ok(rows.some((r) => r.destination === 'https://play.example/app'));
  });

  it("a time window in the workspace's zone, or the rule's own, across midnight too", async () => {
    const c = await createCode(h, t, {
      type: 'url',
      url: 'https://closed.example.com/',
      rules: [
        { when: { time: { from: '18:00', to: '20:00', days: ['sat'] } }, url: 'https://evening.example.com/' },
        {
          when: { time: { from: '22:00', to: '06:00', days: ['fri'], time_zone: 'America/New_York' } },
          url: 'https://night.example.com/',
        },
      ],
    });
    assert.equal(await go(c.short_code), 'https://evening.example.com/'); // Sat 19:00 Tokyo
    clock.advance(2 * 3600_000); // Sat 21:00 Tokyo, Sat 07:00 New York
    assert.equal(await go(c.short_code), 'https://closed.example.com/');
    clock.t = Date.parse('2026-11-21T08:30:00Z'); // Sat 03:30 New York, 17:30 Tokyo: the night that began on Friday
    assert.equal(await go(c.short_code), 'https://night.example.com/');
    clock.t = Date.parse('2026-11-22T08:30:00Z'); // Sun 03:30 New York: Saturday's night is not listed
    assert.equal(await go(c.short_code), 'https://closed.example.com/');
    clock.t = Date.parse('2026-11-21T10:00:00Z');
  });

  it('UTM parameters are appended to every destination; one the destination names wins', async () => {
    const c = await createCode(h, t, {
      type: 'url',
      url: 'https://shop.example.com/?utm_source=print&x=1',
      utm: { source: 'qr', medium: 'poster', campaign: 'summer sale' },
      rules: [{ when: { os: ['ios'] }, url: 'https://apps.apple.example/app' }],
    });
    assert.equal(
      await go(c.short_code, { 'user-agent': UA.desktop }),
      'https://shop.example.com/?utm_source=print&x=1&utm_medium=poster&utm_campaign=summer+sale',
    );
    assert.equal(
      await go(c.short_code, { 'user-agent': UA.iphone }),
      'https://apps.apple.example/app?utm_source=qr&utm_medium=poster&utm_campaign=summer+sale',
    );
    const res = await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { utm: null } });
    assert.equal(res.json.data.utm, null);
    assert.equal(await go(c.short_code, { 'user-agent': UA.iphone }), 'https://apps.apple.example/app');
  });

  it('rules live in the redirect cache: no database read per scan', async () => {
    const c = await createCode(h, t, {
      type: 'url',
      url: 'https://cached.example.com/',
      rules: [{ when: { os: ['ios'] }, url: 'https://cached.example.com/ios' }],
    });
    assert.equal(await go(c.short_code), 'https://cached.example.com/ios');
    // Behind the service's back (no invalidation): the cached rules keep answering.
    await h.db.updateTable('codes').set({ rules: null }).where('id', '=', c.id).execute();
    assert.equal(await go(c.short_code), 'https://cached.example.com/ios');
    // Through the API, every instance drops the entry at once.
    await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { rules: [] } });
    assert.equal(await go(c.short_code), 'https://cached.example.com/');
  });

  it('an unknown condition, an unknown zone, a bad url or a static code: 422 with a pointer, nothing stored', async () => {
    const count = async () =>
      (await h.db.selectFrom('codes').select('id').where('workspace_id', '=', t.workspaceId).execute()).length;
    const before = await count();
    const cases: Array<[unknown, string, string]> = [
      [[{ when: { weather: ['rain'] }, url: 'https://a.example.com/' }], '/rules/0/when/weather', 'unknown_field'],
      [
        [
          { when: { os: ['ios'] }, url: 'https://a.example.com/' },
          {
            when: { time: { from: '09:00', to: '17:00', time_zone: 'Mars/Olympus' } },
            url: 'https://a.example.com/',
          },
        ],
        '/rules/1/when/time/time_zone',
        'time_zone',
      ],
      [[{ when: { os: ['beos'] }, url: 'https://a.example.com/' }], '/rules/0/when/os/0', 'enum'],
      [
        [{ when: { time: { from: '25:00', to: '17:00' } }, url: 'https://a.example.com/' }],
        '/rules/0/when/time/from',
        'pattern',
      ],
      [[{ when: {}, url: 'https://a.example.com/' }], '/rules/0/when', 'minProperties'],
      [[{ when: { os: ['ios'] }, url: 'javascript:alert(1)' }], '/rules/0/url', 'url_scheme'],
      [[{ when: { os: ['ios'] }, url: 'http://qrs.test/r/loop' }], '/rules/0/url', 'url_loop'],
    ];
    for (const [rules, pointer, code] of cases) {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        body: { type: 'url', url: 'https://ok.example.com/', rules },
      });
      const p = expectProblem(res, 422, 'validation-error');
      const hit = p.errors.find((e: { pointer: string }) => e.pointer === pointer);
      assert.ok(hit, `${pointer} in ${JSON.stringify(p.errors)}`);
      assert.equal(hit.code, code, pointer);
    }
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', dynamic: false, url: 'https://ok.example.com/', utm: { source: 'qr' } },
    });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].code, 'dynamic_only');
    assert.equal(await count(), before);
    // And an update with a bad rule changes nothing.
    const c = await createCode(h, t, { type: 'url', url: 'https://keep.example.com/' });
    const bad = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${c.id}`,
      tenant: t,
      body: {
        rules: [
          {
            when: { time: { from: '09:00', to: '10:00', time_zone: 'Nowhere/Town' } },
            url: 'https://x.example.com/',
          },
        ],
      },
    });
    expectProblem(bad, 422, 'validation-error');
    const got = await call(h, { url: `/v1/codes/${c.id}`, tenant: t });
    assert.equal(got.json.data.rules, null);
  });

  it('zone names are stored canonically', async () => {
    const c = await createCode(h, t, {
      type: 'url',
      url: 'https://zone.example.com/',
      rules: [
        { when: { time: { from: '09:00', to: '17:00', time_zone: 'europe/berlin' } }, url: 'https://z.example.com/' },
      ],
    });
    assert.equal(c.rules[0].when.time.time_zone, 'Europe/Berlin');
  });
});
