import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedTenant, type Harness } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { person } from './operator-people.js';
import { probeRoutes } from '../../http/probe-routes.js';
import { newId } from '../../../src/lib/ids.js';

const OPERATORS = ['session', 'no2fa', 'health', 'errors'].map((t) => `${randomSlug(`ops-${t}`)}@example.com`);

/** A job as the queue leaves one, written straight into the table. */
function job(h: Harness, kind: string, status: 'pending' | 'dead' | 'done', lastError: string | null, at: Date) {
  const iso = at.toISOString();
  return h.db
    .insertInto('jobs')
    .values({
      id: newId('job'),
      kind,
      payload: '{}',
      dedupe_key: null,
      status,
      attempts: status === 'pending' && !lastError ? 0 : 3,
      run_at: iso,
      created_at: iso,
      updated_at: iso,
      last_error: lastError,
      locked_by: null,
      locked_until: null,
    })
    .execute();
}

forEachDialect("the operator's session and instance health", (dialect) => {
  const { h } = useHarness(dialect, {
    tenant: false,
    env: { OPERATOR_EMAILS: OPERATORS.join(',') },
    routes: (app) => probeRoutes(app, { executed: 0, delayMs: 0 }),
  });

  it('GET /v1/operator/session names an operator with 2FA; without 2FA a 403, anyone else a 404', async () => {
    const op = await person(h, { email: OPERATORS[0], twoFactor: true });
    const res = await call(h, { url: '/v1/operator/session', headers: op.headers });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json.data, { email: OPERATORS[0], two_factor: true });

    const no2fa = await person(h, { email: OPERATORS[1] });
    const refused = await call(h, { url: '/v1/operator/session', headers: no2fa.headers });
    expectProblem(refused, 403, 'two-factor-enrolment-required');

    const member = await person(h, { twoFactor: true });
    for (const headers of [member.headers, member.tenant.auth, op.tenant.auth, {}]) {
      for (const url of ['/v1/operator/session', '/v1/operator/health']) {
        const res = await call(h, { url, headers });
        expectProblem(res, 404, 'not-found');
      }
    }
  });

  it('GET /v1/operator/health reports the database, Redis, scans, the queue by kind and recent failures', async () => {
    const op = await person(h, { email: OPERATORS[2], twoFactor: true });
    const now = new Date();
    const kind = `probe.${randomSlug('k')}`;
    await job(h, kind, 'pending', null, now);
    await job(h, kind, 'pending', 'connection refused', now);
    await job(h, kind, 'dead', 'gave up', now);
    await job(h, kind, 'dead', 'long ago', new Date(now.getTime() - 3 * 86_400_000));
    await job(h, kind, 'done', null, now);
    await job(h, 'mail.send', 'dead', 'smtp said no', now);

    const res = await call(h, { url: '/v1/operator/health', headers: op.headers });
    assert.equal(res.statusCode, 200, res.body);
    const health = res.json.data;
    assert.equal(health.version, h.config.version);
    assert.ok(health.uptime_seconds >= 0);
    assert.equal(health.window_hours, 24);
    assert.equal(health.database.dialect, dialect.name === 'postgres' ? 'postgres' : 'sqlite');
    assert.equal(health.database.reachable, true);
    assert.ok(health.database.latency_ms >= 0);
    const redis = h.app.deps.redisCircuit;
    assert.deepEqual(
      health.redis,
      redis ? { configured: true, reachable: redis.state === 'up' } : { configured: false, reachable: null },
    );
    assert.deepEqual(Object.keys(health.scans).sort(), [
      'backlog_degraded_at',
      'dropped',
      'journal',
      'journal_bytes',
      'lag_seconds',
      'pending',
    ]);
    // The scan figures are the sink's own, the ones GET /v1/health gives.
    const probe = await call(h, { url: '/v1/health' });
    assert.equal(health.scans.journal, probe.json.scans.journal);
    assert.equal(health.scans.dropped, probe.json.scans.dropped);

    // The probe kind: two waiting (one of them after a failure), one dead today; the old dead one and the done one left out.
    const mine = health.jobs.kinds.find((k: any) => k.kind === kind);
    assert.deepEqual(mine, { kind, pending: 2, running: 0, failed: 2, dead: 1 });
    assert.ok(health.jobs.pending >= 2 && health.jobs.failed >= 3);
    assert.ok(health.mail.failed >= 1, 'the dead mail.send job is a mail failure');
    assert.equal(typeof health.webhooks.failed, 'number');
  });

  it("lists this instance's last server errors by route and request id, never their message", async () => {
    const op = await person(h, { email: OPERATORS[3], twoFactor: true });
    const t = await seedTenant(h, 'pro');
    const failed = await call(h, { method: 'POST', url: '/v1/probe/things', tenant: t, body: { name: 'explode' } });
    const problem = expectProblem(failed, 500, 'internal');
    const res = await call(h, { url: '/v1/operator/health', headers: op.headers });
    assert.equal(res.statusCode, 200, res.body);
    const [newest] = res.json.data.recent_errors;
    assert.deepEqual(
      { ...newest, at: typeof newest.at },
      {
        at: 'string',
        request_id: problem.request_id,
        method: 'POST',
        route: '/v1/probe/things',
        status: 500,
        type: 'internal',
        error: 'Error',
      },
    );
    assert.doesNotMatch(res.body, /hunter2|secret database/);
  });
});
