import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedMember, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { instanceLog, person } from './operator-people.js';
import { addOperator, removeOperator } from '../../../src/features/operator/index.js';
import { auditOf } from '../../support/callers.js';
import { systemClock } from '../../../src/lib/clock.js';
import { createApiKey } from '../../../src/features/api-keys/api-keys.service.js';

/** Operators by the setting, one a test (an address signs in one user). */
const ENV_OPERATORS = ['list', 'keys', 'plan', 'bad'].map((t) => `${randomSlug(`ops-${t}`)}@example.com`);

forEachDialect("the operator's console", (dialect) => {
  const { h } = useHarness(dialect, {
    tenant: false,
    env: { OPERATOR_EMAILS: ` ${ENV_OPERATORS.join(' , ').toUpperCase()} ` },
  });

  it('an operator of OPERATOR_EMAILS with 2FA lists organizations with plan and usage, and finds them by name, id and member e-mail', async () => {
    const op = await person(h, { email: ENV_OPERATORS[0], twoFactor: true });
    const customer = await seedTenant(h, 'pro');
    const colleague = await seedMember(h, customer, { org: 'member' });
    const all = await call(h, { url: '/v1/operator/organizations?limit=100', headers: op.headers });
    assert.equal(all.statusCode, 200, all.body);
    const item = all.json.data.find((o: any) => o.id === customer.organizationId);
    assert.ok(item, 'the customer is listed');
    assert.equal(item.plan, 'pro');
    assert.deepEqual(Object.keys(item.usage).sort(), ['dynamic_codes', 'members', 'period', 'scans', 'storage_bytes']);
    assert.equal(item.usage.members, 2);
    assert.equal(item.usage.scans, 0);
    const slug = (
      await h.db
        .selectFrom('organizations')
        .select('slug')
        .where('id', '=', customer.organizationId)
        .executeTakeFirstOrThrow()
    ).slug;
    for (const q of [customer.organizationId, slug.toUpperCase(), colleague.email]) {
      const found = await call(h, {
        url: `/v1/operator/organizations?q=${encodeURIComponent(q)}`,
        headers: op.headers,
      });
      assert.equal(found.statusCode, 200, found.body);
      assert.deepEqual(
        found.json.data.map((o: any) => o.id),
        [customer.organizationId],
        `search ${q}`,
      );
    }
    const none = await call(h, { url: '/v1/operator/organizations?q=nobody%25at-all', headers: op.headers });
    assert.deepEqual(none.json.data, []);
  });

  it('the OpenAPI document lists the console under its own tag, by session only', async () => {
    const doc = (await call(h, { url: '/openapi.json' })).json;
    const ops = Object.entries<any>(doc.paths)
      .filter(([path]) => path.startsWith('/v1/operator/'))
      .flatMap(([, item]) => Object.values<any>(item));
    // Each resource of the console adds its routes (D73, D74 …): at least these fifteen.
    assert.ok(ops.length >= 15, `${ops.length} operator operations`);
    for (const op of ops) {
      assert.deepEqual([op.tags, op.security], [['Operator'], [{ session: [] }]], op.operationId);
      assert.ok(op.responses['404'] && op.responses['403'], op.operationId);
    }
    assert.ok(doc.tags.some((t: any) => t.name === 'Operator' && t.description));
  });

  it('an operator without 2FA gets 403 saying two-factor sign-in is required', async () => {
    const op = await person(h, { twoFactor: false });
    await addOperator({ db: h.db, config: h.config, clock: systemClock }, op.tenant.email);
    const res = await call(h, { url: '/v1/operator/organizations', headers: op.headers });
    const problem = expectProblem(res, 403, 'two-factor-enrolment-required');
    assert.match(problem.detail, /two-factor/);
  });

  it('API keys, non-operator sessions and no credentials get the 404 of an unknown route', async () => {
    const op = await person(h, { email: ENV_OPERATORS[1], twoFactor: true });
    const plain = await person(h, { twoFactor: true });
    const org = plain.tenant.organizationId;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/v1/operator/organizations'],
      ['GET', `/v1/operator/organizations/${org}`],
      ['PUT', `/v1/operator/organizations/${org}/plan`, { plan: 'enterprise' }],
      ['PUT', `/v1/operator/organizations/${org}/plan`, { plan: 'not-a-plan' }],
      ['GET', '/v1/operator/audit'],
    ];
    // Keys of the operator's own organization, made by each role: a key never reaches the console.
    const keys = [];
    for (const role of ['org_admin', 'ws_admin', 'editor', 'approver', 'viewer'] as const) {
      const maker = await seedMember(h, op.tenant, role === 'org_admin' ? { org: role } : { workspace: role });
      const input = { organizationId: op.tenant.organizationId, workspaceId: op.tenant.workspaceId, name: role };
      const { secret } = await createApiKey(
        h.db,
        h.config.apiKeyPrefix,
        { ...input, createdBy: maker.userId },
        new Date(),
      );
      keys.push({ authorization: `Bearer ${secret}` });
    }
    for (const headers of [plain.headers, plain.tenant.auth, op.tenant.auth, ...keys, {}]) {
      for (const [method, url, body] of routes) {
        const res = await call(h, { method: method as 'GET', url, headers, body });
        const problem = expectProblem(res, 404, 'not-found');
        assert.equal(problem.detail, `No route ${method} ${url}.`);
      }
    }
    const plan = await h.db.selectFrom('organizations').select('plan').where('id', '=', org).executeTakeFirstOrThrow();
    assert.equal(plan.plan, 'free');
    assert.deepEqual(await instanceLog(h, org), []);
  });

  it('changes a plan through setPlan: both logs record it, the same plan again records nothing', async () => {
    const op = await person(h, { email: ENV_OPERATORS[2], twoFactor: true });
    const customer = await seedTenant(h, 'free');
    const url = `/v1/operator/organizations/${customer.organizationId}/plan`;
    const res = await call(h, { method: 'PUT', url, headers: op.headers, body: { plan: 'business' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.plan, 'business');
    const [entry] = await instanceLog(h, customer.organizationId);
    assert.equal(entry.action, 'organization.plan_changed');
    assert.equal(entry.operator_id, op.tenant.userId);
    assert.deepEqual([JSON.parse(entry.before!), JSON.parse(entry.after!)], [{ plan: 'free' }, { plan: 'business' }]);
    const [own] = await auditOf(h, customer.workspaceId);
    assert.equal(own.action, 'organizations.updated');
    assert.equal(own.actor_type, 'system');
    const again = await call(h, { method: 'PUT', url, headers: op.headers, body: { plan: 'business' } });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal((await instanceLog(h, customer.organizationId)).length, 1);
  });

  it('bad input gets a problem document and changes nothing', async () => {
    const op = await person(h, { email: ENV_OPERATORS[3], twoFactor: true });
    const customer = await seedTenant(h, 'free');
    const url = `/v1/operator/organizations/${customer.organizationId}/plan`;
    const cases: Array<[unknown, number, string, Record<string, string>?]> = [
      [{ plan: 'gold' }, 422, 'validation-error'],
      [{}, 400, 'bad-request'],
      [{ plan: 'pro', extra: 1 }, 422, 'validation-error'],
      [{ plan: 'pro' }, 403, 'forbidden', { 'x-csrf-token': 'wrong' }],
    ];
    for (const [body, status, type, extra] of cases) {
      const res = await call(h, { method: 'PUT', url, headers: { ...op.headers, ...extra }, body });
      expectProblem(res, status, type);
    }
    const unknown = await call(h, {
      method: 'PUT',
      url: '/v1/operator/organizations/org_01JD3Y2K8Q9XW4T5N6M7P8R9S0/plan',
      headers: op.headers,
      body: { plan: 'pro' },
    });
    expectProblem(unknown, 404, 'not-found');
    expectProblem(
      await call(h, { url: '/v1/operator/organizations?cursor=nope', headers: op.headers }),
      422,
      'validation-error',
    );
    const plan = await h.db
      .selectFrom('organizations')
      .select('plan')
      .where('id', '=', customer.organizationId)
      .executeTakeFirstOrThrow();
    assert.equal(plan.plan, 'free');
    assert.deepEqual(await instanceLog(h, customer.organizationId), []);
  });

  it('the instance audit log records looks and changes, the CLI as operator null; removal ends access', async () => {
    const deps = { db: h.db, config: h.config, clock: systemClock };
    const op = await person(h, { twoFactor: true });
    const added = await addOperator(deps, op.tenant.email.toUpperCase());
    assert.deepEqual([added.changed, added.two_factor], [true, true]);
    assert.equal((await addOperator(deps, op.tenant.email)).changed, false);
    const customer = await seedTenant(h, 'free');
    const look = await call(h, { url: `/v1/operator/organizations/${customer.organizationId}`, headers: op.headers });
    assert.equal(look.statusCode, 200, look.body);
    assert.equal(look.json.data.usage.members, 1);
    const log = await call(h, { url: `/v1/operator/audit?target_id=${customer.organizationId}`, headers: op.headers });
    assert.equal(log.statusCode, 200, log.body);
    assert.deepEqual(
      log.json.data.map((e: any) => [e.action, e.operator_id, e.target_type]),
      [['organization.viewed', op.tenant.userId, 'organization']],
    );
    const cli = await call(h, { url: `/v1/operator/audit?target_id=${op.tenant.userId}`, headers: op.headers });
    assert.deepEqual(
      cli.json.data.map((e: any) => [e.action, e.operator_id]),
      [['operator.added', null]],
    );
    const removed = await removeOperator(deps, op.tenant.email);
    assert.deepEqual([removed.changed, removed.still_operator_by_setting], [true, false]);
    expectProblem(await call(h, { url: '/v1/operator/audit', headers: op.headers }), 404, 'not-found');
    await assert.rejects(addOperator(deps, 'nobody@example.com'), /no user signs in with nobody@example.com/);
  });
});
