import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createHarness, randomSlug, seedMember, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { assertErrorAt } from '../../support/callers.js';
import { createCode, scan } from '../../support/codes.js';
import { TestClock } from '../../support/clock.js';
import { createPassport, publish, publisher, uniqueFixture } from '../../support/passports.js';
import { Receiver, verify } from '../../support/webhook-receiver.js';
import { publishEvent, SUBSCRIBABLE } from '../../../src/platform/events/index.js';
import type { HostResolver } from '../../../src/platform/dns/resolvers.js';

// Ahead of the wall clock, by which seedTenant's bootstrap writes its events (see webhooks.test.ts).
const clock = new TestClock(Date.now() + 3_600_000);

forEachDialect('webhook events', (dialect) => {
  let rx: Receiver;
  // Registered before useHarness's, so the receiver stops before the app closes, as it always did.
  after(async () => {
    await rx?.stop();
  });
  // Pro allows 2 dynamic codes here, so the codes of the first test reach usage.threshold_reached.
  const { h } = useHarness(dialect, {
    env: {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      JOBS_POLL_INTERVAL_MS: '0',
      PLANS_JSON: JSON.stringify({ pro: { maxDynamicCodes: 2 } }),
    },
    clock,
    tenant: false,
  });
  before(async () => {
    rx = await new Receiver().start();
  });

  async function endpoint(t: Tenant | { headers: Record<string, string> }, eventTypes: string[]) {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/webhooks',
      ...('auth' in t ? { tenant: t } : { headers: t.headers }),
      body: { url: rx.endpoint(), event_types: eventTypes },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json.data as { id: string; url: string; secret: string };
  }

  it('every event type is delivered, signed, with type, timestamp and data', async () => {
    const t = await publisher(h, 'pro');
    const admin = await seedMember(h, t, { org: 'org_admin' });
    await h.db.updateTable('workspaces').set({ approval_required: 1 }).where('id', '=', t.workspaceId).execute();
    const approver = await seedMember(h, t, { workspace: 'approver' });
    const ep = await endpoint(t, ['*', 'code.scanned']);
    const as = (
      m: { headers: Record<string, string> },
      method: 'POST' | 'PATCH' | 'DELETE',
      url: string,
      body?: unknown,
    ) => call(h, { method, url, headers: m.headers, body });
    const ok = async (res: Promise<{ statusCode: number; body: string; json: any }>) => {
      const r = await res;
      assert.ok(r.statusCode < 300, `${r.statusCode} ${r.body.slice(0, 300)}`);
      return r.json?.data;
    };

    // codes: created (pending), approved, another rejected, updated, scanned, deleted
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/e', dynamic: true });
    const other = await createCode(h, t, { type: 'url', url: 'https://example.com/f', dynamic: true });
    await ok(as(approver, 'POST', `/v1/codes/${code.id}/approve`));
    await ok(as(approver, 'POST', `/v1/codes/${other.id}/reject`, { reason: 'no' }));
    await ok(call(h, { method: 'PATCH', url: `/v1/codes/${code.id}`, tenant: t, body: { status: 'paused' } }));
    await ok(
      call(h, {
        method: 'PATCH',
        url: `/v1/codes/${code.id}`,
        tenant: t,
        body: { status: 'active', append_click_id: true },
      }),
    );
    const locations: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await scan(h, code.short_code);
      assert.equal(res.statusCode, 302);
      locations.push(String(res.headers.location));
    }
    await h.app.scans.flush();
    // conversion.created: a sale reported with the click id of a scan (docs/decisions.md D81)
    const clickId = /qrs_cid=(\w+)/.exec(locations[0])![1];
    await ok(as(admin, 'POST', '/v1/conversions', { click_id: clickId, event: 'sale', amount: 100, currency: 'EUR' }));
    await ok(call(h, { method: 'DELETE', url: `/v1/codes/${code.id}`, tenant: t }));
    // workspaces: created, updated, archived (every endpoint of the organization hears them)
    const ws = await ok(as(admin, 'POST', '/v1/workspaces', { name: 'Second', slug: randomSlug('ws') }));
    await ok(as(admin, 'PATCH', `/v1/workspaces/${ws.id}`, { name: 'Renamed' }));
    await ok(as(admin, 'DELETE', `/v1/workspaces/${ws.id}`));
    // api keys
    const key = await ok(as(admin, 'POST', '/v1/api-keys', { name: 'hooked' }));
    await ok(as(admin, 'DELETE', `/v1/api-keys/${key.id}`));
    // passports
    const passport = await createPassport(h, t, uniqueFixture('ev', 'WH'));
    await publish(h, t, passport.id);
    await ok(call(h, { method: 'POST', url: `/v1/dpp/${passport.id}/archive`, tenant: t }));
    // the test event
    await ok(call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t }));

    await h.app.jobs.runDue();
    const got = rx.at(ep.url);
    for (const r of got) {
      verify(ep.secret, r, clock.now());
      assert.deepEqual(Object.keys(r.json).sort(), ['data', 'timestamp', 'type']);
    }
    const types = new Set(got.map((r) => r.json.type));
    assert.deepEqual(
      [...SUBSCRIBABLE, 'webhook.test'].filter((type) => !types.has(type)),
      [],
      `received ${[...types].join(', ')}`,
    );
    const scanned = got.filter((r) => r.json.type === 'code.scanned');
    assert.equal(scanned.length, 1, 'one event per flush and code');
    assert.equal(scanned[0].json.data.code_id, code.id);
    assert.equal(scanned[0].json.data.count, 3);
    assert.match(scanned[0].json.data.first_scan_id, /^scn_/);
    const keyEvent = got.find((r) => r.json.type === 'api_key.created')!;
    assert.ok(!keyEvent.body.includes(key.api_key), 'no secret in an event');
  });

  it('"*" leaves out code.scanned; a workspace without an opted-in endpoint publishes no scan event', async () => {
    const t = await publisher(h, 'pro');
    const ep = await endpoint(t, ['*']);
    const code = await createCode(h, t, { type: 'url', url: 'https://example.com/g', dynamic: true });
    await scan(h, code.short_code);
    await h.app.scans.flush();
    await h.app.jobs.runDue();
    assert.deepEqual(
      rx.at(ep.url).map((r) => r.json.type),
      ['code.created'],
    );
    const scanJobs = await h.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'events.publish')
      .where('payload', 'like', `%"code.scanned"%${code.id}%`)
      .execute();
    assert.equal(scanJobs.length, 0);
  });

  it('the OpenAPI document lists every event type under webhooks', async () => {
    const doc = (await call(h, { url: '/openapi.json' })).json;
    assert.deepEqual(Object.keys(doc.webhooks).sort(), [...SUBSCRIBABLE, 'webhook.test'].sort());
    assert.equal(
      doc.webhooks['code.scanned'].post.requestBody.content['application/json'].schema.properties.type.const,
      'code.scanned',
    );
  });
});

forEachDialect('webhook SSRF', (dialect) => {
  let rx: Receiver;
  const zone = new Map<string, string[]>([
    ['loopback.example', ['127.0.0.1']],
    ['v6loop.example', ['::1']],
    ['metadata.example', ['169.254.169.254']],
    ['mixed.example', ['192.0.2.10', '10.0.0.7']],
    ['public.example', ['192.0.2.10']],
    ['compat.example', ['::7f00:1']],
    ['siit.example', ['::ffff:0:a9fe:a9fe']],
    ['sixtofour.example', ['2002:a9fe:a9fe::1']],
    ['sitelocal.example', ['fec0::1']],
  ]);
  const asked: string[] = [];
  const resolver: HostResolver = {
    async lookup(host) {
      asked.push(host);
      const found = zone.get(host);
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  };
  after(async () => {
    await rx?.stop();
  });
  const { h } = useHarness(dialect, {
    env: { JOBS_POLL_INTERVAL_MS: '0' },
    clock,
    hostResolver: resolver,
    tenant: false,
  });
  before(async () => {
    rx = await new Receiver().start();
  });

  it('refuses loopback, private, link-local and metadata addresses when saved', async () => {
    const t = await publisher(h);
    for (const url of [
      'http://127.0.0.1/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fd00:ec2::254]/hook',
      'http://192.168.1.1/hook',
      'http://loopback.example/hook',
      'http://v6loop.example/hook',
      'http://metadata.example/hook',
      'http://mixed.example/hook',
      'http://nowhere.example/hook',
    ]) {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/webhooks',
        tenant: t,
        body: { url, event_types: ['*'] },
      });
      assert.equal(res.statusCode, 422, `${url}: ${res.body}`);
      assertErrorAt(res.json, '/url', url.includes('nowhere') ? 'unresolvable' : 'private_address');
    }
    const n = await h.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('workspace_id', '=', t.workspaceId)
      .execute();
    assert.equal(n.length, 0);
  });

  it('checks again at connect time: a name that now resolves to loopback (DNS rebinding) is never dialled', async () => {
    const t = await publisher(h);
    const port = new URL(rx.url).port;
    zone.set('rebind.example', ['192.0.2.10']);
    const res = await call(h, {
      method: 'POST',
      url: '/v1/webhooks',
      tenant: t,
      body: { url: `http://rebind.example:${port}/hook/rebind`, event_types: ['*'] },
    });
    assert.equal(res.statusCode, 201, res.body);
    zone.set('rebind.example', ['127.0.0.1']);
    await call(h, { method: 'POST', url: `/v1/webhooks/${res.json.data.id}/test`, tenant: t });
    await h.app.jobs.runDue();
    assert.equal(rx.got.length, 0, 'the receiver on loopback was never reached');
    const log = await call(h, { url: `/v1/webhooks/${res.json.data.id}/deliveries`, tenant: t });
    const attempt = log.json.data[0].attempts[0];
    assert.equal(attempt.response_status, null);
    assert.match(attempt.error, /^refused: must not point to a loopback/);
  });

  // The security review's WH-1: IPv6 forms that embed loopback or metadata, or are site-local, were judged public.
  it('refuses IPv4-compatible, SIIT, 6to4 and site-local IPv6 forms when saved and when dialled', async () => {
    const t = await publisher(h);
    for (const url of [
      'http://[::127.0.0.1]/hook',
      'http://[::169.254.169.254]/hook',
      'http://[::ffff:0:127.0.0.1]/hook',
      'http://[::ffff:0:a9fe:a9fe]/hook',
      'http://[2002:7f00:1::]/hook',
      'http://[2002:a9fe:a9fe::1]/hook',
      'http://[2002:a00:1::1]/hook',
      'http://[fec0::1]/hook',
      'http://[feff::1]/hook',
      'http://compat.example/hook',
      'http://siit.example/hook',
      'http://sixtofour.example/hook',
      'http://sitelocal.example/hook',
    ]) {
      const res = await call(h, { method: 'POST', url: '/v1/webhooks', tenant: t, body: { url, event_types: ['*'] } });
      assert.equal(res.statusCode, 422, `${url}: ${res.body}`);
      assertErrorAt(res.json, '/url', 'private_address');
      assert.equal(res.json.type.endsWith('/validation-error'), true);
    }
    const none = await h.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('workspace_id', '=', t.workspaceId)
      .execute();
    assert.equal(none.length, 0, 'nothing saved');

    // Saved while the name was public, then pointed at each form: the sender never dials it.
    const port = new URL(rx.url).port;
    for (const [i, address] of ['::7f00:1', '::ffff:0:7f00:1', '2002:7f00:1::', 'fec0::1'].entries()) {
      const name = `rebind-v6-${i}.example`;
      zone.set(name, ['192.0.2.10']);
      const res = await call(h, {
        method: 'POST',
        url: '/v1/webhooks',
        tenant: t,
        body: { url: `http://${name}:${port}/hook/v6-${i}`, event_types: ['*'] },
      });
      assert.equal(res.statusCode, 201, res.body);
      zone.set(name, [address]);
      await call(h, { method: 'POST', url: `/v1/webhooks/${res.json.data.id}/test`, tenant: t });
      await h.app.jobs.runDue();
      const log = await call(h, { url: `/v1/webhooks/${res.json.data.id}/deliveries`, tenant: t });
      const attempt = log.json.data[0].attempts[0];
      assert.equal(attempt.response_status, null, address);
      assert.match(attempt.error, /^refused: must not point to a loopback/, address);
    }
    assert.equal(rx.got.filter((r) => r.path.includes('/hook/v6-')).length, 0, 'no receiver was reached');
  });

  it('https only in production', async () => {
    const prod = await createHarness(
      dialect,
      { NODE_ENV: 'production', JOBS_POLL_INTERVAL_MS: '0' },
      { hostResolver: resolver },
    );
    try {
      const t = await publisher(prod);
      const res = await call(prod, {
        method: 'POST',
        url: '/v1/webhooks',
        tenant: t,
        body: { url: 'http://public.example/hook', event_types: ['*'] },
      });
      assert.equal(res.statusCode, 422, res.body);
      assertErrorAt(res.json, '/url', 'https_required');
      const good = await call(prod, {
        method: 'POST',
        url: '/v1/webhooks',
        tenant: t,
        body: { url: 'https://public.example/hook', event_types: ['*'], enabled: false },
      });
      assert.equal(good.statusCode, 201, good.body);
    } finally {
      await prod.close();
    }
  });
});

forEachDialect(
  'webhooks on two instances',
  (dialect) => {
    it('two instances on one database deliver 1,000 events exactly once each', async () => {
      const env = { WEBHOOK_ALLOW_PRIVATE: 'true', JOBS_POLL_INTERVAL_MS: '50', JOBS_CONCURRENCY: '20' };
      const jobsScope = randomSlug('jobs');
      const a = await createHarness(dialect, env, { jobsScope });
      const b = await createHarness(dialect, env, { jobsScope });
      const rx = await new Receiver().start();
      try {
        const t = await publisher(a);
        const res = await call(a, {
          method: 'POST',
          url: '/v1/webhooks',
          tenant: t,
          body: { url: rx.endpoint(), event_types: ['code.created'] },
        });
        const ep = res.json.data;
        const at = new Date(Date.now() + 1_000);
        for (let batch = 0; batch < 10; batch++) {
          await a.db.transaction().execute(async (trx) => {
            for (let i = 0; i < 100; i++)
              await publishEvent(
                trx,
                {
                  type: 'code.created',
                  organizationId: t.organizationId,
                  workspaceId: t.workspaceId,
                  data: { n: batch * 100 + i },
                },
                at,
              );
          });
        }
        const deadline = Date.now() + 120_000;
        while (rx.at(ep.url).length < 1_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
        await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive by now
        const got = rx.at(ep.url);
        const ids = new Set(got.map((r) => r.headers['webhook-id']));
        assert.equal(ids.size, 1_000);
        assert.equal(got.length, 1_000, 'no event twice');
        for (const r of got.slice(0, 50)) verify(ep.secret, r);
      } finally {
        await rx.stop();
        await a.close();
        await b.close();
      }
    });
  },
  { only: 'postgres' },
);
