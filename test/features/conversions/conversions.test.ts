// Issue #56 item 5: conversions attributed to scans through the click id the redirect appends
// (docs/decisions.md D81), counted in code, workspace and campaign analytics, announced by webhook,
// and scans forwarded to GA4's Measurement Protocol (a loopback receiver here) from the job queue.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedMember, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode, scan, UA } from '../../support/codes.js';
import { Receiver } from '../../support/webhook-receiver.js';
import { loadConfig } from '../../../src/config/load-config.js';

const CID = /[?&]qrs_cid=([0-9A-Z]{52})(?:&|#|$)/;

function clickIdOf(location: string | undefined): string {
  const m = CID.exec(location ?? '');
  assert.ok(m, `no click id in ${location}`);
  return m[1];
}

forEachDialect('conversions', (dialect) => {
  let rx: Receiver;
  after(async () => {
    await rx?.stop();
  });
  before(async () => {
    rx = await new Receiver().start();
  });
  const { h, t } = useHarness(dialect, () => ({
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', JOBS_POLL_INTERVAL_MS: '0', GA4_ENDPOINT: new URL(rx.url).origin },
    tenant: 'business',
  }));

  const report = (body: Record<string, unknown>, tenant: Tenant = t, headers: Record<string, string> = {}) =>
    call(h, { method: 'POST', url: '/v1/conversions', tenant, body, headers });
  const count = async (tenant: Tenant = t) =>
    (await call(h, { url: '/v1/conversions', tenant })).json.meta.pagination.total_count as number;

  it('appends a click id only when the code opts in, before the fragment, and never for HEAD', async () => {
    const plain = await createCode(h, t, { type: 'url', url: 'https://shop.example.com/a' });
    assert.equal(plain.append_click_id, false);
    let res = await scan(h, plain.short_code);
    assert.equal(res.headers.location, 'https://shop.example.com/a');

    const code = await createCode(h, t, {
      type: 'url',
      url: 'https://shop.example.com/p?x=1#top',
      append_click_id: true,
    });
    assert.equal(code.append_click_id, true);
    res = await scan(h, code.short_code);
    assert.equal(res.statusCode, 302);
    assert.match(String(res.headers.location), /^https:\/\/shop\.example\.com\/p\?x=1&qrs_cid=[0-9A-Z]{52}#top$/);
    const cid = clickIdOf(res.headers.location as string);
    assert.equal(`qr_${cid.slice(0, 26)}`, code.id, 'the click id starts with the code id');
    const again = clickIdOf((await scan(h, code.short_code)).headers.location as string);
    assert.notEqual(again, cid, 'each scan has its own');
    res = await scan(h, code.short_code, {}, { method: 'HEAD' });
    assert.equal(res.headers.location, 'https://shop.example.com/p?x=1#top');
    // The scan row written is the click id's scan, with the destination as configured.
    await h.app.scans.flush();
    const row = await h.db
      .selectFrom('scans')
      .selectAll()
      .where('id', '=', `scn_${cid.slice(26)}`)
      .executeTakeFirst();
    assert.equal(row?.code_id, code.id);
    assert.equal(row?.destination, 'https://shop.example.com/p?x=1#top');

    // Off again by PATCH; a static or hosted-page code cannot have it (422, nothing saved).
    const off = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${code.id}`,
      tenant: t,
      body: { append_click_id: false },
    });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json.data.append_click_id, false);
    assert.doesNotMatch(String((await scan(h, code.short_code)).headers.location), /qrs_cid/);
    const bad = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://shop.example.com/s', dynamic: false, append_click_id: true },
    });
    expectProblem(bad, 422, 'validation-error');
    assert.equal(bad.json.errors[0].pointer, '/append_click_id');
  });

  it('records a conversion before its scan is written, once per event_id, in code, workspace and campaign analytics', async () => {
    const tenant = await seedTenant(h, 'business');
    const folder = (
      await call(h, { method: 'POST', url: '/v1/folders', tenant, body: { name: 'Spring', kind: 'campaign' } })
    ).json.data;
    const code = await createCode(h, tenant, {
      type: 'url',
      url: 'https://shop.example.com/',
      append_click_id: true,
      folder_id: folder.id,
    });
    const other = await createCode(h, tenant, { type: 'url', url: 'https://other.example.com/' });
    const cids = [];
    for (let i = 0; i < 4; i++) cids.push(clickIdOf((await scan(h, code.short_code)).headers.location as string));
    await scan(h, other.short_code);

    // Not flushed yet: the click id alone attributes it.
    let res = await report({ click_id: cids[0], event: 'lead' }, tenant);
    assert.equal(res.statusCode, 201, res.body);
    const lead = res.json.data;
    assert.equal(lead.code_id, code.id);
    assert.equal(lead.scan_id, `scn_${cids[0].slice(26)}`);
    assert.equal(lead.amount, null);
    res = await report(
      { click_id: cids[1], event: 'sale', amount: 4999, currency: 'EUR', event_id: 'order-1' },
      tenant,
    );
    assert.equal(res.statusCode, 201, res.body);
    const sale = res.json.data;
    // Retried: the same conversion, not counted twice.
    res = await report(
      { click_id: cids[1], event: 'sale', amount: 4999, currency: 'EUR', event_id: 'order-1' },
      tenant,
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.id, sale.id);
    // Idempotency-Key works as on every POST.
    const key = '6f1c1e0a-5d7b-4c62-9a0e-2b3c4d5e6f70';
    res = await report({ click_id: cids[2], event: 'sale', amount: 1000, currency: 'USD' }, tenant, {
      'idempotency-key': key,
    });
    assert.equal(res.statusCode, 201, res.body);
    const twice = await report({ click_id: cids[2], event: 'sale', amount: 1000, currency: 'USD' }, tenant, {
      'idempotency-key': key,
    });
    assert.equal(twice.json.data.id, res.json.data.id);
    res = await report({ click_id: cids[3], event: 'newsletter_signup' }, tenant);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(await count(tenant), 4);

    await h.app.scans.flush();
    const expected = {
      count: 4,
      rate: 1,
      revenue: [
        { currency: 'EUR', amount: 4999 },
        { currency: 'USD', amount: 1000 },
      ],
    };
    res = await call(h, { url: `/v1/codes/${code.id}/stats`, tenant });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json.data.conversions, expected);
    res = await call(h, { url: `/v1/analytics?folder_id=${folder.id}`, tenant });
    assert.deepEqual(res.json.data.conversions, expected);
    res = await call(h, { url: '/v1/analytics', tenant });
    assert.deepEqual(res.json.data.conversions, { ...expected, rate: 4 / 5 });
    res = await call(h, { url: `/v1/analytics?code_id=${other.id}`, tenant });
    assert.deepEqual(res.json.data.conversions, { count: 0, rate: 0, revenue: [] });
    res = await call(h, { url: `/v1/conversions?code_id=${code.id}&event=sale`, tenant });
    assert.equal(res.json.data.length, 2);
  });

  it('refuses bad input with a problem document and records nothing', async () => {
    const tenant = await seedTenant(h, 'business');
    const code = await createCode(h, tenant, { type: 'url', url: 'https://shop.example.com/', append_click_id: true });
    const cid = clickIdOf((await scan(h, code.short_code)).headers.location as string);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ click_id: 'nope', event: 'lead' }, 422, '/click_id'],
      [{ click_id: `${cid.slice(0, 26)}ZZZZZZZZZZZZZZZZZZZZZZZZZZ`, event: 'lead' }, 422, '/click_id'],
      [{ click_id: `01JD3Y2K8Q9XW4T5N6M7P8R9S0${cid.slice(26)}`, event: 'lead' }, 422, '/click_id'],
      [{ click_id: cid, event: 'sale' }, 400, '/amount'],
      [{ click_id: cid, event: 'lead', amount: 5 }, 400, '/currency'],
      [{ click_id: cid, event: 'sale', amount: 5, currency: 'eur' }, 400, '/currency'],
      [{ click_id: cid, event: 'Sale!' }, 400, '/event'],
      [{ click_id: cid, event: 'lead', occurred_at: '2020-01-01T00:00:00Z' }, 422, '/occurred_at'],
      [{ click_id: cid, event: 'lead', occurred_at: '2999-01-01T00:00:00Z' }, 422, '/occurred_at'],
      [{ click_id: cid, event: 'sale', amount: -1, currency: 'EUR' }, 400, '/amount'],
      [{ click_id: cid, event: 'lead', extra: 1 }, 400, ''],
    ];
    for (const [body, status, pointer] of cases) {
      const res = await report(body, tenant);
      // 400 when the service refuses a combination, 400 or 422 (by keyword) when the schema does.
      if (status === 400) assert.ok([400, 422].includes(res.statusCode), `${JSON.stringify(body)}: ${res.body}`);
      else assert.equal(res.statusCode, status, `${JSON.stringify(body)}: ${res.body}`);
      assert.match(String(res.headers['content-type']), /problem\+json/);
      if (pointer)
        assert.ok(
          res.json.errors.some((e: { pointer: string }) => e.pointer === pointer),
          res.body,
        );
    }
    assert.equal(await count(tenant), 0);
  });

  it("another workspace's key cannot report to or read this workspace's conversions or GA4 settings", async () => {
    const mine = await seedTenant(h, 'business');
    const stranger = await seedTenant(h, 'business');
    const code = await createCode(h, mine, { type: 'url', url: 'https://shop.example.com/', append_click_id: true });
    const cid = clickIdOf((await scan(h, code.short_code)).headers.location as string);
    let res = await report({ click_id: cid, event: 'lead' }, stranger);
    expectProblem(res, 422, 'validation-error');
    assert.equal(res.json.errors[0].pointer, '/click_id');
    assert.equal(await count(stranger), 0);
    assert.equal(await count(mine), 0);
    res = await report({ click_id: cid, event: 'lead', event_id: 'shared-id' }, mine);
    assert.equal(res.statusCode, 201);
    // The same event_id in another workspace is another event, and the list shows only one's own.
    res = await call(h, { url: '/v1/conversions', tenant: stranger });
    assert.deepEqual(res.json.data, []);
    res = await call(h, { url: `/v1/conversions?code_id=${code.id}`, tenant: stranger });
    assert.deepEqual(res.json.data, []);
    res = await call(h, { url: `/v1/analytics?code_id=${code.id}`, tenant: stranger });
    assert.equal(res.statusCode, 404);
    res = await call(h, {
      method: 'PUT',
      url: '/v1/ga4',
      tenant: mine,
      body: { measurement_id: 'G-MINE1234', api_secret: 'secret-of-mine' },
    });
    assert.equal(res.statusCode, 200, res.body);
    res = await call(h, { url: '/v1/ga4', tenant: stranger });
    assert.equal(res.json.data.enabled, false);
    assert.equal(res.json.data.measurement_id, null);
    res = await call(h, { method: 'DELETE', url: '/v1/ga4', tenant: stranger });
    assert.equal(res.statusCode, 200);
    assert.equal((await call(h, { url: '/v1/ga4', tenant: mine })).json.data.measurement_id, 'G-MINE1234');
    // A viewer reads, but neither reports nor configures.
    const viewer = await seedMember(h, mine, { workspace: 'viewer' });
    res = await call(h, {
      method: 'POST',
      url: '/v1/conversions',
      headers: viewer.headers,
      body: { click_id: cid, event: 'lead' },
    });
    expectProblem(res, 403, 'forbidden');
    res = await call(h, { method: 'DELETE', url: '/v1/ga4', headers: viewer.headers });
    expectProblem(res, 403, 'forbidden');
    res = await call(h, { url: '/v1/conversions', headers: viewer.headers });
    assert.equal(res.json.data.length, 1);
  });

  it('announces conversion.created to webhooks, once per event', async () => {
    const tenant = await seedTenant(h, 'business');
    const url = rx.endpoint();
    let res = await call(h, {
      method: 'POST',
      url: '/v1/webhooks',
      tenant,
      body: { url, event_types: ['conversion.created'] },
    });
    assert.equal(res.statusCode, 201, res.body);
    const code = await createCode(h, tenant, { type: 'url', url: 'https://shop.example.com/', append_click_id: true });
    const cid = clickIdOf((await scan(h, code.short_code)).headers.location as string);
    res = await report({ click_id: cid, event: 'sale', amount: 250, currency: 'CHF', event_id: 'o-9' }, tenant);
    const conversion = res.json.data;
    await report({ click_id: cid, event: 'sale', amount: 250, currency: 'CHF', event_id: 'o-9' }, tenant);
    await h.app.jobs.runDue();
    const got = rx.at(url);
    assert.equal(got.length, 1);
    assert.equal(got[0].json.type, 'conversion.created');
    assert.deepEqual(got[0].json.data, conversion);
  });

  it('forwards scans to GA4 from the job queue, bots left out, the secret sealed, and stops when removed', async () => {
    const tenant = await seedTenant(h, 'business');
    const code = await createCode(h, tenant, { type: 'url', url: 'https://shop.example.com/' });
    // Bad settings: a problem document and nothing stored.
    for (const body of [
      { measurement_id: 'UA-1234', api_secret: 'long-enough' },
      { measurement_id: 'G-ABCD1234', api_secret: 'short' },
      { measurement_id: 'G-ABCD1234' },
    ]) {
      const res = await call(h, { method: 'PUT', url: '/v1/ga4', tenant, body });
      assert.ok([400, 422].includes(res.statusCode), res.body);
      assert.match(String(res.headers['content-type']), /problem\+json/);
    }
    assert.equal((await call(h, { url: '/v1/ga4', tenant })).json.data.enabled, false);

    let res = await call(h, {
      method: 'PUT',
      url: '/v1/ga4',
      tenant,
      body: { measurement_id: 'G-TEST12345', api_secret: 'mp-secret-123' },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      { ...res.json.data, updated_at: null },
      {
        workspace_id: tenant.workspaceId,
        enabled: true,
        measurement_id: 'G-TEST12345',
        api_secret_set: true,
        updated_at: null,
      },
    );
    assert.ok(!res.body.includes('mp-secret-123'), 'the secret is never returned');
    const stored = await h.db
      .selectFrom('ga4_settings')
      .selectAll()
      .where('workspace_id', '=', tenant.workspaceId)
      .executeTakeFirstOrThrow();
    assert.ok(!stored.api_secret.includes('mp-secret-123'), 'sealed at rest');

    // Another test's workspace forwards too: only what went to this measurement id counts here.
    const mine = () => rx.got.filter((r) => r.path.includes('measurement_id=G-TEST12345'));
    const before = mine().length;
    assert.equal(before, 0);
    for (let i = 0; i < 3; i++) await scan(h, code.short_code);
    await scan(h, code.short_code, { 'user-agent': UA.bot });
    assert.equal(mine().length, 0, 'the redirect sends nothing');
    await h.app.scans.flush();
    assert.equal(mine().length, 0, 'nor does the flush');
    await h.app.jobs.runDue();
    const sent = mine();
    assert.equal(sent.length, 1);
    const q = new URL(sent[0].path, 'http://x').searchParams;
    assert.equal(new URL(sent[0].path, 'http://x').pathname, '/mp/collect');
    assert.equal(q.get('measurement_id'), 'G-TEST12345');
    assert.equal(q.get('api_secret'), 'mp-secret-123');
    assert.equal((sent[0].json as unknown as { client_id: string }).client_id, `qrs.${code.id}`);
    const events = (sent[0].json as unknown as { events: Array<{ name: string; params: { code_id: string } }> }).events;
    assert.equal(events.length, 3);
    assert.ok(events.every((e) => e.name === 'qr_scan' && e.params.code_id === code.id));

    // Audited on the workspace, without the secret.
    const audit = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'workspaces.ga4_updated')
      .where('workspace_id', '=', tenant.workspaceId)
      .execute();
    assert.equal(audit.length, 1);
    assert.ok(!audit[0].changes.includes('mp-secret-123'));

    res = await call(h, { method: 'DELETE', url: '/v1/ga4', tenant });
    assert.equal(res.json.data.enabled, false);
    await scan(h, code.short_code);
    await h.app.scans.flush();
    await h.app.jobs.runDue();
    assert.equal(mine().length, 1, 'nothing is forwarded once removed');
  });
});

describe('GA4_ENDPOINT', () => {
  it("is Google's origin by default, a loopback origin for a stand-in, and nothing else", () => {
    const env = (v?: string) =>
      ({ NODE_ENV: 'test', ...(v === undefined ? {} : { GA4_ENDPOINT: v }) }) as NodeJS.ProcessEnv;
    assert.equal(loadConfig(env()).ga4Endpoint, 'https://www.google-analytics.com');
    assert.equal(loadConfig(env('http://127.0.0.1:4321')).ga4Endpoint, 'http://127.0.0.1:4321');
    assert.equal(
      loadConfig(env('https://region1.google-analytics.com/')).ga4Endpoint,
      'https://region1.google-analytics.com',
    );
    for (const bad of [
      'http://www.google-analytics.com',
      'https://evil.example.com',
      'http://10.0.0.1:80',
      'http://127.0.0.1/mp',
      'nope',
    ])
      assert.throws(() => loadConfig(env(bad)), /GA4_ENDPOINT/, bad);
  });
});
