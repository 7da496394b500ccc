import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { call, expectProblem, seedTenant, type Tenant } from '../../../support/harness.js';
import { forEachDialect, useHarness } from '../../../support/suite.js';
import { UA, createCode, scan } from '../../../support/codes.js';
import { TestClock } from '../../../support/clock.js';
import { DENSE_HOUR } from '../../../../src/features/scans/index.js';

const DAY = 86_400_000;

forEachDialect('workspace analytics', (dialect) => {
  let other: Tenant;
  const clock = new TestClock(Date.parse('2026-03-28T12:00:00.000Z'));
  let a: { id: string; short_code: string };
  let b: { id: string; short_code: string };
  const at = async (
    iso: string,
    code: { short_code: string },
    headers: Record<string, string> = {},
    ip = '203.0.113.7',
  ) => {
    clock.t = Date.parse(iso);
    const res = await scan(h, code.short_code, headers, { ip });
    assert.equal(res.statusCode, 302);
  };

  const { h, t } = useHarness(dialect, {
    env: { COUNTRY_HEADER: 'CF-IPCountry', SCAN_FLUSH_MS: '60000' },
    clock,
    tenant: 'pro',
  });
  before(async () => {
    other = await seedTenant(h, 'pro');
    a = await createCode(h, t, { type: 'url', url: 'https://a.example.com/', tags: ['spring'] });
    b = await createCode(h, t, {
      type: 'url',
      url: 'https://b.example.com/',
      tags: ['autumn'],
      title: 'Autumn flyer',
    });
    // Europe/Berlin: 2026-03-29 has 23 hours (CET → CEST), 2026-10-25 has 25 (CEST → CET).
    await at('2026-03-28T22:59:59.999Z', a, { 'cf-ipcountry': 'DE' }); // 23:59 CET, March 28 in Berlin
    await at('2026-03-28T23:00:00.000Z', a, { 'cf-ipcountry': 'DE' }, '10.0.0.1'); // 00:00 CET, March 29
    await at(
      '2026-03-29T21:59:59.999Z',
      a,
      { 'cf-ipcountry': 'FR', referer: 'https://News.example.org/x?y' },
      '10.0.0.1',
    ); // 23:59 CEST
    await at('2026-03-29T22:00:00.000Z', b, {}, '10.0.0.2'); // 00:00 CEST, March 30
    await at('2026-03-29T22:00:00.001Z', b, { 'user-agent': UA.bot }, '10.0.0.3');
    await at('2026-10-24T21:59:59.999Z', a); // 23:59 CEST, October 24
    await at('2026-10-24T22:00:00.000Z', a); // 00:00 CEST, October 25
    await at('2026-10-25T22:59:59.999Z', b); // 23:59 CET, October 25 (the 25-hour day)
    await at('2026-10-25T23:00:00.000Z', b); // 00:00 CET, October 26
    await h.app.scans.flush();
  });

  const get = (query: string, tenant = t) => call(h, { url: `/v1/analytics?${query}`, tenant });
  const days = (res: { json: any }) =>
    Object.fromEntries(res.json.data.by_day.filter((d: any) => d.scans).map((d: any) => [d.date, d.scans]));

  it('counts each Berlin day exactly across both DST changes', async () => {
    let res = await get('from=2026-03-28&to=2026-03-30&tz=Europe/Berlin');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(days(res), { '2026-03-28': 1, '2026-03-29': 2, '2026-03-30': 1 });
    assert.equal(res.json.data.from, '2026-03-27T23:00:00.000Z');
    assert.equal(res.json.data.to, '2026-03-30T22:00:00.000Z');
    assert.equal(res.json.data.by_day.length, 3);
    res = await get('from=2026-10-24&to=2026-10-26&tz=Europe/Berlin');
    assert.deepEqual(days(res), { '2026-10-24': 1, '2026-10-25': 2, '2026-10-26': 1 });
    res = await get('from=2026-03-29&to=2026-03-29');
    assert.deepEqual(days(res), { '2026-03-29': 2 }, 'the same scans by UTC day');
    res = await get('from=2026-03-29&to=2026-03-29&tz=Asia/Kolkata');
    assert.deepEqual(days(res), { '2026-03-29': 2 }, 'a +05:30 day: from 18:30 UTC');
  });

  it('totals, weeks and months, top codes, dimensions, bots, filters', async () => {
    let res = await get('from=2026-03-01&to=2026-10-31&tz=Europe/Berlin&interval=month');
    const d = res.json.data;
    assert.equal(d.totals.scans, 8);
    assert.equal(d.by_day.length, 8);
    assert.equal(d.by_day[0].date, '2026-03-01');
    assert.equal(d.by_day[0].scans, 4);
    assert.equal(d.by_day[7].scans, 4);
    assert.deepEqual(d.top_codes, [
      { code_id: a.id, title: null, scans: 5 },
      { code_id: b.id, title: 'Autumn flyer', scans: 3 },
    ]);
    assert.deepEqual(d.dimensions.country, [
      { key: null, scans: 5 },
      { key: 'DE', scans: 2 },
      { key: 'FR', scans: 1 },
    ]);
    assert.deepEqual(
      d.dimensions.referrer.find((x: any) => x.key),
      { key: 'news.example.org', scans: 1 },
    );
    assert.deepEqual(d.dimensions.destination, [
      { key: 'https://a.example.com/', scans: 5 },
      { key: 'https://b.example.com/', scans: 3 },
    ]);
    res = await get('from=2026-03-01&to=2026-10-31&include_bots=true&dimensions=device&limit=1');
    assert.equal(res.json.data.totals.scans, 9);
    assert.deepEqual(Object.keys(res.json.data.dimensions), ['device']);
    assert.equal(res.json.data.dimensions.device.length, 1);
    res = await get('from=2026-03-23&to=2026-04-05&interval=week');
    assert.deepEqual(
      res.json.data.by_day.map((x: any) => [x.date, x.scans]),
      [
        ['2026-03-23', 4],
        ['2026-03-30', 0],
      ],
      'ISO weeks from Monday',
    );
    res = await get(`from=2026-03-01&to=2026-10-31&code_id=${b.id}`);
    assert.equal(res.json.data.totals.scans, 3);
    assert.deepEqual(res.json.data.top_codes, [{ code_id: b.id, title: 'Autumn flyer', scans: 3 }]);
    res = await get('from=2026-03-01&to=2026-10-31&tag=spring');
    assert.equal(res.json.data.totals.scans, 5);
    assert.deepEqual(res.json.data.top_codes, [{ code_id: a.id, title: null, scans: 5 }]);
    res = await get(`from=2026-03-01&to=2026-10-31&tag=autumn&code_id=${a.id}`);
    assert.equal(res.json.data.totals.scans, 0);
    res = await get('from=2026-03-28&to=2026-03-29');
    assert.equal(res.json.data.totals.unique_visitors, 4, 'visitor-days: one per IP and UTC day');
  });

  it("the code stats read the same rollups, in the caller's zone", async () => {
    const res = await call(h, {
      url: `/v1/codes/${a.id}/stats?from=2026-03-28&to=2026-03-29&tz=Europe/Berlin`,
      tenant: t,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json.data.by_day.map((x: any) => [x.date, x.scans]),
      [
        ['2026-03-28', 1],
        ['2026-03-29', 2],
      ],
    );
    assert.deepEqual(res.json.data.by_country, [
      { key: 'DE', scans: 2 },
      { key: 'FR', scans: 1 },
    ]);
    expectProblem(
      await call(h, { url: `/v1/codes/${a.id}/stats?tz=Mars/Olympus`, tenant: t }),
      422,
      'validation-error',
    );
  });

  it('another workspace sees nothing of these scans, and its key gets 404 for our code', async () => {
    let res = await get('from=2026-03-01&to=2026-10-31', other);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json.data.totals.scans, 0);
    assert.deepEqual(res.json.data.top_codes, []);
    res = await get(`code_id=${a.id}`, other);
    expectProblem(res, 404, 'not-found');
    expectProblem(await call(h, { url: `/v1/codes/${a.id}/stats`, tenant: other }), 404, 'not-found');
  });

  it('bad input is a 422 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-04-02&to=2026-04-01', '/query/from'],
      ['from=2026-02-30x', '/query/from'],
      ['to=yesterday', '/query/to'],
      ['tz=Europe/Atlantis', '/query/tz'],
      ['interval=hour', '/query/interval'],
      ['dimensions=country,shoe', '/query/dimensions'],
      ['tag=nope', '/query/tag'],
      ['from=2024-01-01&to=2026-03-01', '/query/to'],
      ['limit=0', '/query/limit'],
    ];
    for (const [query, pointer] of cases) {
      const problem = expectProblem(await get(query), 422, 'validation-error');
      assert.ok(
        problem.errors.some((e: any) => e.pointer === pointer),
        `${query}: ${JSON.stringify(problem.errors)}`,
      );
    }
    expectProblem(await get('bogus=1'), 422, 'validation-error');
    assert.equal((await get('from=2024-03-01&to=2026-02-28')).statusCode, 200, 'two years is allowed');
    void DAY;
  });

  it('every analytics read refuses a range over 731 days the same way, at once (the centuries probe)', async () => {
    const probes: Array<[string, string]> = [
      [`/v1/codes/${a.id}/stats?from=1000-01-01T00:00:00Z`, '/query/from'],
      [`/v1/codes/${a.id}/stats?from=0000-01-01T00:00:00Z&tz=Europe/Berlin`, '/query/from'],
      [`/v1/codes/${a.id}/stats?from=0001-01-01&to=9999-12-31&tz=Asia/Kathmandu`, '/query/to'],
      [`/v1/codes/${a.id}/stats?from=2024-01-01&to=2026-03-01`, '/query/to'],
      ['/v1/analytics?from=1000-01-01T00:00:00Z', '/query/from'],
      ['/v1/analytics?from=0000-01-01T00:00:00Z&tz=Europe/Berlin&interval=week', '/query/from'],
      [`/v1/analytics?from=0001-01-01&to=9999-12-31&code_id=${a.id}`, '/query/to'],
    ];
    for (const [url, pointer] of probes) {
      const started = performance.now();
      const res = await call(h, { url, tenant: t });
      const ms = performance.now() - started;
      const problem = expectProblem(res, 422, 'validation-error');
      assert.ok(
        problem.errors.some((e: any) => e.pointer === pointer && e.code === 'range'),
        `${url}: ${JSON.stringify(problem.errors)}`,
      );
      // Not a speed target (those live in bench/): a refusal that reached the scan tables took
      // seconds (8.5 s for from=1000), so a loose bound tells the two apart even on a loaded machine.
      assert.ok(ms < 2000, `${url} took ${ms.toFixed(1)} ms`);
    }
    // The longest range allowed, in a zone with DST, answers both reads (SQLite's parameter limit too).
    for (const url of [
      `/v1/codes/${a.id}/stats?from=2024-03-29&to=2026-03-29&tz=Europe/Berlin&include_bots=true`,
      '/v1/analytics?from=2024-03-29&to=2026-03-29&tz=Europe/Berlin',
    ]) {
      const res = await call(h, { url, tenant: t });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    }
    const stats = await call(h, { url: `/v1/codes/${a.id}/stats?from=2024-03-29&to=2026-03-29`, tenant: t });
    assert.equal(stats.json.data.total_scans, 3, 'the two-year stats count the code’s human scans');
  });

  it('a tag on 1,500 codes is read as a subquery: the same answer, within the parameter limits', async () => {
    const template = await h.db.selectFrom('codes').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    const run = randomBytes(4).toString('hex');
    const copies = Array.from({ length: 1_500 }, (_, i) => ({
      ...template,
      id: `qr_BULK${run}${String(i).padStart(6, '0')}`,
      short_code: `b${run}${i}`,
    }));
    for (let i = 0; i < copies.length; i += 100)
      await h.db
        .insertInto('codes')
        .values(copies.slice(i, i + 100))
        .execute();
    const tags = [a, ...copies].map((c) => ({ code_id: c.id, workspace_id: t.workspaceId, tag: 'bulk' }));
    for (let i = 0; i < tags.length; i += 500)
      await h.db
        .insertInto('code_tags')
        .values(tags.slice(i, i + 500))
        .execute();
    // Quarter and hour edges at both ends: a's three scans from 22:59:59 on March 28 to 21:59:59 on
    // March 29, and DENSE_HOUR more from 22:50 on March 28, which make that hour detailed (read from its cells).
    for (let i = 0; i < DENSE_HOUR; i++)
      await at(new Date(Date.parse('2026-03-28T22:50:00.000Z') + i * 1_000).toISOString(), a);
    await h.app.scans.flush();
    const range = 'from=2026-03-28T22:45:00.000Z&to=2026-03-29T22:15:00.000Z';
    const bulk = await get(`${range}&tag=bulk`);
    assert.equal(bulk.statusCode, 200, bulk.body);
    assert.equal(bulk.json.data.totals.scans, DENSE_HOUR + 3);
    assert.deepEqual(bulk.json.data.top_codes, [{ code_id: a.id, title: null, scans: DENSE_HOUR + 3 }]);
    assert.deepEqual(bulk.json.data.dimensions.country, [
      { key: null, scans: DENSE_HOUR },
      { key: 'DE', scans: 2 },
      { key: 'FR', scans: 1 },
    ]);
    const stats = await call(h, { url: `/v1/codes/${a.id}/stats?${range}`, tenant: t });
    assert.deepEqual(stats.json.data.by_country, bulk.json.data.dimensions.country);
    const spring = await get(`${range}&tag=spring`);
    assert.deepEqual({ ...bulk.json.data, tag: 'spring' }, spring.json.data);
    expectProblem(await get(`${range}&tag=bulk`, other), 422, 'validation-error');
  });
});
