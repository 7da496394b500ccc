import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { call, expectProblem, seedTenant } from '../support/harness.js';
import { forEachDialect, useHarness } from '../support/suite.js';
import { probeRoutes } from './probe-routes.js';

forEachDialect('idempotency keys', (dialect) => {
  const counters = { executed: 0, delayMs: 0 };
  const { h, t } = useHarness(dialect, { routes: (app) => probeRoutes(app, counters) });

  const post = (key: string, body: unknown, tenant = t) =>
    call(h, { method: 'POST', url: '/v1/probe/things', tenant, body, headers: { 'idempotency-key': key } });

  it('replays the stored response with Idempotent-Replayed and does not execute twice', async () => {
    const key = randomUUID();
    const first = await post(key, { name: 'a', size: 2 });
    assert.equal(first.statusCode, 201);
    const executed = counters.executed;
    const again = await post(key, { size: 2, name: 'a' });
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json, first.json);
    assert.equal(again.headers['x-request-id'], first.json.meta.request_id);
    assert.equal(counters.executed, executed);
  });

  it('answers 409 for the same key with another body', async () => {
    const key = randomUUID();
    await post(key, { name: 'a' });
    expectProblem(await post(key, { name: 'b' }), 409, 'conflict');
  });

  it('scopes keys to the caller', async () => {
    const key = randomUUID();
    const other = await seedTenant(h);
    assert.equal((await post(key, { name: 'a' })).statusCode, 201);
    const theirs = await post(key, { name: 'b' }, other);
    assert.equal(theirs.statusCode, 201);
    assert.equal(theirs.headers['idempotent-replayed'], undefined);
  });

  it('lets exactly one of two concurrent requests execute; the other gets 409', async () => {
    const key = randomUUID();
    // Long enough that the second request arrives while the first is still in flight even on a
    // loaded machine (at 150 ms a descheduled second request found it done and got its replay).
    counters.delayMs = 1_000;
    const before = counters.executed;
    try {
      const [a, b] = await Promise.all([post(key, { name: 'race' }), post(key, { name: 'race' })]);
      assert.deepEqual([a.statusCode, b.statusCode].sort(), [201, 409]);
      assert.equal(counters.executed, before + 1);
    } finally {
      counters.delayMs = 0;
    }
  });

  it('rejects a key that is not a UUID with 400 and executes nothing', async () => {
    const before = counters.executed;
    const p = expectProblem(await post('not-a-uuid', { name: 'a' }), 400, 'bad-request');
    assert.equal(p.errors[0].pointer, '/headers/idempotency-key');
    assert.equal(counters.executed, before);
  });

  it('does not store 5xx responses, so the client may retry', async () => {
    const key = randomUUID();
    expectProblem(await post(key, { name: 'explode' }), 500, 'internal');
    const before = counters.executed;
    expectProblem(await post(key, { name: 'explode' }), 500, 'internal');
    assert.equal(counters.executed, before + 1, 'executed again, not replayed');
  });

  it('forgets keys after 24 hours', async () => {
    const key = randomUUID();
    await post(key, { name: 'a' });
    await h.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('key', '=', key)
      .execute();
    const res = await post(key, { name: 'b' });
    assert.equal(res.statusCode, 201);
    assert.equal(res.headers['idempotent-replayed'], undefined);
  });
});
