import { it, before, after } from 'node:test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { assertErrorAt } from '../../support/callers.js';
import { TestClock } from '../../support/clock.js';
import { Receiver, verify } from '../../support/webhook-receiver.js';
import { recordAudit } from '../../../src/features/audit/audit.service.js';
import { sealClearSecrets } from '../../../src/features/webhooks/webhook-secrets.js';
import { unseal } from '../../../src/lib/sealed.js';

// An hour ahead of the wall clock, by which seedTenant's bootstrap writes its events: those come
// before any endpoint a test creates, as they would in production.
const clock = new TestClock(Date.now() + 3_600_000);
const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', JOBS_POLL_INTERVAL_MS: '0' };

forEachDialect('webhooks', (dialect) => {
  let rx: Receiver;
  const { h } = useHarness(dialect, { env: ENV, clock, tenant: false });
  before(async () => {
    rx = await new Receiver().start();
  });
  after(async () => {
    await rx.stop();
  });

  const drain = () => h.app.jobs.runDue();
  async function endpoint(t: Tenant, body: Record<string, unknown> = {}, answers: number[] = []) {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/webhooks',
      tenant: t,
      body: { url: rx.endpoint(answers), event_types: ['*'], ...body },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json.data as { id: string; url: string; secret: string };
  }

  it('creates, lists, reads, changes and deletes endpoints; the secret shows once and is never audited', async () => {
    const t = await seedTenant(h);
    const created = await endpoint(t, { description: 'CRM', event_types: ['code.created', 'code.scanned'] });
    assert.match(created.id, /^whk_/);
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/=]{32}$/);
    const listed = await call(h, { url: '/v1/webhooks', tenant: t });
    assert.equal(listed.statusCode, 200);
    assert.deepEqual(
      listed.json.data.map((w: any) => [w.id, w.description, w.event_types, w.enabled]),
      [[created.id, 'CRM', ['code.created', 'code.scanned'], true]],
    );
    assert.ok(!JSON.stringify(listed.json).includes('whsec_'));
    const patched = await call(h, {
      method: 'PATCH',
      url: `/v1/webhooks/${created.id}`,
      tenant: t,
      body: { enabled: false, description: null },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.deepEqual([patched.json.data.enabled, patched.json.data.description], [false, null]);
    const rotated = await call(h, { method: 'POST', url: `/v1/webhooks/${created.id}/rotate-secret`, tenant: t });
    assert.equal(rotated.statusCode, 200);
    assert.notEqual(rotated.json.data.secret, created.secret);
    const deleted = await call(h, { method: 'DELETE', url: `/v1/webhooks/${created.id}`, tenant: t });
    assert.equal(deleted.statusCode, 200);
    expectProblem(await call(h, { url: `/v1/webhooks/${created.id}`, tenant: t }), 404, 'not-found');
    const audit = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('resource_id', '=', created.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      audit.map((a) => a.action),
      ['webhooks.created', 'webhooks.updated', 'webhooks.secret_rotated', 'webhooks.deleted'],
    );
    assert.ok(audit.every((a) => !a.changes.includes('whsec_')));
  });

  it('bad input gets a 422 with a pointer and creates nothing', async () => {
    const t = await seedTenant(h);
    const taken = await endpoint(t);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ url: 'not a url', event_types: ['*'] }, '/url', 'invalid_url'],
      [{ url: 'ftp://example.com/x', event_types: ['*'] }, '/url', 'invalid_url'],
      [
        { url: 'https://example.com/x', event_types: ['code.created', 'code.exploded'] },
        '/event_types/1',
        'unknown_event_type',
      ],
      [{ url: taken.url, event_types: ['*'] }, '/url', 'endpoint_exists'],
    ];
    for (const [body, pointer, code] of cases) {
      const res = await call(h, { method: 'POST', url: '/v1/webhooks', tenant: t, body });
      assertErrorAt(expectProblem(res, 422, 'validation-error'), pointer, code);
    }
    const empty = await call(h, {
      method: 'POST',
      url: '/v1/webhooks',
      tenant: t,
      body: { url: 'https://example.com/y', event_types: [] },
    });
    assert.ok([400, 422].includes(empty.statusCode));
    const n = await h.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('workspace_id', '=', t.workspaceId)
      .execute();
    assert.equal(n.length, 1);
  });

  it("another workspace's endpoint is a 404 for every operation and changes nothing", async () => {
    const t = await seedTenant(h);
    const other = await seedTenant(h);
    const ep = await endpoint(t);
    const test = await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t });
    assert.equal(test.statusCode, 202);
    const d = test.json.data.id;
    for (const [method, url, body] of [
      ['GET', `/v1/webhooks/${ep.id}`],
      ['PATCH', `/v1/webhooks/${ep.id}`, { enabled: false }],
      ['DELETE', `/v1/webhooks/${ep.id}`],
      ['POST', `/v1/webhooks/${ep.id}/rotate-secret`],
      ['POST', `/v1/webhooks/${ep.id}/test`],
      ['GET', `/v1/webhooks/${ep.id}/deliveries`],
      ['POST', `/v1/webhooks/${ep.id}/deliveries/${d}/redeliver`],
    ] as const)
      expectProblem(await call(h, { method, url, body, tenant: other }), 404, 'not-found');
    assert.equal((await call(h, { url: '/v1/webhooks', tenant: other })).json.data.length, 0);
    const row = await h.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', ep.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.enabled, 1);
    await drain();
  });

  it('a code change reaches the receiver signed (Standard Webhooks); a rolled-back change sends nothing', async () => {
    const t = await seedTenant(h);
    const ep = await endpoint(t, { event_types: ['code.created', 'code.updated', 'code.deleted'] });
    await assert.rejects(
      h.db.transaction().execute(async (trx) => {
        await recordAudit(
          trx,
          {
            actorType: 'system',
            actorId: null,
            requestId: null,
            organizationId: t.organizationId,
            workspaceId: t.workspaceId,
          },
          {
            action: 'codes.created',
            resourceType: 'codes',
            resourceId: 'qr_rolledback',
            after: { id: 'qr_rolledback' },
            at: clock.now(),
          },
        );
        throw new Error('the change fails after its audit entry');
      }),
    );
    const code = (
      await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        body: { type: 'url', url: 'https://example.com/a', dynamic: true },
      })
    ).json.data;
    assert.equal(
      (await call(h, { method: 'PATCH', url: `/v1/codes/${code.id}`, tenant: t, body: { status: 'paused' } }))
        .statusCode,
      200,
    );
    await call(h, { method: 'DELETE', url: `/v1/codes/${code.id}`, tenant: t });
    await drain();
    const mine = rx.at(ep.url);
    // Deliveries run side by side, so order is not promised (docs/webhooks.md); timestamps are.
    assert.deepEqual(mine.map((r) => r.json.type).sort(), ['code.created', 'code.deleted', 'code.updated']);
    for (const r of mine) {
      verify(ep.secret, r, clock.now());
      assert.match(String(r.headers['webhook-id']), /^evt_/);
      assert.equal(r.json.timestamp.length, 24);
    }
    assert.equal(new Set(mine.map((r) => r.headers['webhook-id'])).size, 3);
  });

  it('a receiver that fails twice gets the event on the third try, after 5 s and 5 min', async () => {
    const t = await seedTenant(h);
    const ep = await endpoint(t, {}, [500, 503]);
    const test = await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t });
    await drain();
    assert.equal(rx.at(ep.url).length, 1);
    clock.advance(5_500);
    await drain();
    assert.equal(rx.at(ep.url).length, 2);
    clock.advance(4 * 60_000);
    await drain();
    assert.equal(rx.at(ep.url).length, 2, 'not before about 5 minutes');
    clock.advance(90_000);
    await drain();
    const tries = rx.at(ep.url);
    assert.equal(tries.length, 3);
    assert.equal(new Set(tries.map((r) => r.headers['webhook-id'])).size, 1, 'one webhook-id for every try');
    verify(ep.secret, tries[2], clock.now());
    const log = await call(h, { url: `/v1/webhooks/${ep.id}/deliveries`, tenant: t });
    const delivery = log.json.data.find((d: any) => d.id === test.json.data.id);
    assert.equal(delivery.status, 'succeeded');
    assert.deepEqual(
      delivery.attempts.map((a: any) => a.response_status),
      [500, 503, 200],
    );
    assert.equal(delivery.attempts[0].response_body, 'answer 500');
    assert.equal(delivery.attempts[0].request_headers['webhook-id'], delivery.event_id);
  });

  it('a redirect is an answer, not followed; a response body is kept to 64 KB', async () => {
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      req.resume();
      req.on('end', () => {
        if (req.url === '/moved') res.writeHead(302, { location: '/target' }).end();
        else res.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(200_000));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const t = await seedTenant(h);
      const moved = await endpoint(t, { url: `${base}/moved` });
      const big = await endpoint(t, { url: `${base}/big` });
      for (const ep of [moved, big]) await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t });
      await drain();
      assert.deepEqual(hits.sort(), ['/big', '/moved'], 'the redirect target was never asked');
      const first = async (id: string) =>
        (await call(h, { url: `/v1/webhooks/${id}/deliveries`, tenant: t })).json.data[0];
      const m = await first(moved.id);
      assert.equal(m.status, 'pending', 'a 3xx is no success: retried later');
      assert.equal(m.attempts[0].response_status, 302);
      const b = await first(big.id);
      assert.equal(b.status, 'succeeded');
      assert.ok(b.attempts[0].response_body.length <= 64 * 1024, `kept ${b.attempts[0].response_body.length}`);
      assert.match(b.attempts[0].response_body, /^x+$/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('410 Gone disables the endpoint at once, with a system audit entry', async () => {
    const t = await seedTenant(h);
    const ep = await endpoint(t, {}, [410]);
    await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t });
    await drain();
    const got = (await call(h, { url: `/v1/webhooks/${ep.id}`, tenant: t })).json.data;
    assert.equal(got.enabled, false);
    assert.match(got.disabled_reason, /410/);
    const audit = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('resource_id', '=', ep.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.deepEqual([audit.action, audit.actor_type], ['webhooks.updated', 'system']);
    clock.advance(10 * 60_000);
    await drain();
    assert.equal(rx.at(ep.url).length, 1, 'no retry after 410');
  });

  it('five days of failures without a success disable the endpoint, with a system audit entry', async () => {
    const t = await seedTenant(h);
    const ep = await endpoint(t, {}, [500, 500, 500, 500]);
    await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t });
    await h.app.jobs.runDue();
    const first = await h.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', ep.id)
      .executeTakeFirstOrThrow();
    assert.equal(first.failing_since, clock.now().toISOString());
    assert.equal(first.enabled, 1, 'one failure disables nothing');
    clock.advance(5 * 86_400_000);
    await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t });
    await h.app.jobs.runDue();
    const got = (await call(h, { url: `/v1/webhooks/${ep.id}`, tenant: t })).json.data;
    assert.deepEqual([got.enabled, got.disabled_reason], [false, 'deliveries failed for five days']);
    const audit = await h.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('resource_id', '=', ep.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.deepEqual([audit.action, audit.actor_type], ['webhooks.updated', 'system']);
  });

  it('after rotation both secrets sign for 24 hours, then only the new one', async () => {
    const t = await seedTenant(h);
    const ep = await endpoint(t);
    const rotated = (await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/rotate-secret`, tenant: t })).json
      .data;
    await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t });
    await drain();
    const r = rx.at(ep.url).at(-1)!;
    assert.equal(String(r.headers['webhook-signature']).split(' ').length, 2);
    verify(ep.secret, r, clock.now());
    verify(rotated.secret, r, clock.now());
    clock.advance(24 * 3_600_000 + 1_000);
    await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t });
    await drain();
    const later = rx.at(ep.url).at(-1)!;
    assert.equal(String(later.headers['webhook-signature']).split(' ').length, 1);
    verify(rotated.secret, later, clock.now());
    assert.throws(() => verify(ep.secret, later, clock.now()));
  });

  it('signing secrets are sealed at rest; a row from before still signs, and the start-up pass seals it', async () => {
    const t = await seedTenant(h);
    const ep = await endpoint(t);
    const stored = () =>
      h.db
        .selectFrom('webhook_endpoints')
        .select(['secret', 'previous_secret'])
        .where('id', '=', ep.id)
        .executeTakeFirstOrThrow();
    // What a copy of the database shows: no secret, only a value sealed with SECRETS_KEY.
    const row = await stored();
    assert.match(row.secret, /^v1\./);
    assert.ok(!row.secret.includes(ep.secret.slice(6)));
    assert.equal(unseal(h.config.secretsKey, row.secret), ep.secret);
    const rotated = (await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/rotate-secret`, tenant: t })).json
      .data;
    const after = await stored();
    assert.equal(unseal(h.config.secretsKey, after.secret), rotated.secret);
    assert.equal(unseal(h.config.secretsKey, after.previous_secret!), ep.secret);

    // A row as an older instance left it (docs/decisions.md D58): both secrets in clear. Deliveries still verify.
    await h.db
      .updateTable('webhook_endpoints')
      .set({ secret: rotated.secret, previous_secret: ep.secret })
      .where('id', '=', ep.id)
      .execute();
    await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t });
    await drain();
    const r = rx.at(ep.url).at(-1)!;
    verify(ep.secret, r, clock.now());
    verify(rotated.secret, r, clock.now());
    // The pass every instance runs at start-up seals it, once; signatures are unchanged.
    assert.ok((await sealClearSecrets(h.db, h.config.secretsKey)) >= 1);
    const sealed = await stored();
    assert.match(sealed.secret, /^v1\./);
    assert.match(sealed.previous_secret!, /^v1\./);
    assert.equal(unseal(h.config.secretsKey, sealed.secret), rotated.secret);
    assert.equal(unseal(h.config.secretsKey, sealed.previous_secret!), ep.secret);
    await sealClearSecrets(h.db, h.config.secretsKey);
    assert.deepEqual(await stored(), sealed, 'a second pass changes nothing');
    await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t });
    await drain();
    const again = rx.at(ep.url).at(-1)!;
    assert.notEqual(again, r);
    verify(ep.secret, again, clock.now());
    verify(rotated.secret, again, clock.now());
  });

  it('the deliveries log filters by status and event type, pages, and redelivers with the same webhook-id', async () => {
    const t = await seedTenant(h);
    const ep = await endpoint(t, {}, [500]);
    for (let i = 0; i < 3; i++) await call(h, { method: 'POST', url: `/v1/webhooks/${ep.id}/test`, tenant: t });
    await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://example.com/b', dynamic: true },
    });
    await drain();
    const all = await call(h, { url: `/v1/webhooks/${ep.id}/deliveries?limit=2`, tenant: t });
    assert.equal(all.statusCode, 200);
    assert.equal(all.json.data.length, 2);
    assert.equal(all.json.meta.pagination.has_more, true);
    const next = await call(h, {
      url: `/v1/webhooks/${ep.id}/deliveries?limit=2&cursor=${all.json.meta.pagination.next_cursor}`,
      tenant: t,
    });
    assert.equal(next.json.data.length, 2);
    const pending = await call(h, { url: `/v1/webhooks/${ep.id}/deliveries?status=pending`, tenant: t });
    assert.equal(pending.json.data.length, 1, 'the one that failed waits for its retry');
    const codes = await call(h, { url: `/v1/webhooks/${ep.id}/deliveries?event_type=code.created`, tenant: t });
    assert.deepEqual(
      codes.json.data.map((d: any) => d.event_type),
      ['code.created'],
    );
    const bad = await call(h, { url: `/v1/webhooks/${ep.id}/deliveries?status=lost`, tenant: t });
    assert.equal(bad.statusCode, 400 <= bad.statusCode && bad.statusCode < 500 ? bad.statusCode : -1);
    const first = codes.json.data[0];
    const again = await call(h, {
      method: 'POST',
      url: `/v1/webhooks/${ep.id}/deliveries/${first.id}/redeliver`,
      tenant: t,
    });
    assert.equal(again.statusCode, 202, again.body);
    assert.notEqual(again.json.data.id, first.id);
    await drain();
    const last = rx.at(ep.url).at(-1)!;
    assert.equal(last.headers['webhook-id'], first.event_id);
    assert.equal(last.body, first.payload);
    expectProblem(
      await call(h, {
        method: 'POST',
        url: `/v1/webhooks/${ep.id}/deliveries/whd_01JD3Y2K8Q9XW4T5N6M7P8R9S0/redeliver`,
        tenant: t,
      }),
      404,
      'not-found',
    );
  });
});
