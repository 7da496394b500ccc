import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedTenant, type Harness, type Tenant } from '../../support/harness.js';
import { forEachDialect, sessionOf, useHarness } from '../../support/suite.js';
import { bootstrap } from '../../../src/cli/commands.js';
import { createCode, scan } from '../../support/codes.js';

/** Operators by the setting, one a test. */
const OPS = ['susp', 'keep', 'users', 'inv', 'erase', 'bad', 'others'].map(
  (t) => `${randomSlug(`opa-${t}`)}@example.com`,
);

async function operator(h: Harness, email: string) {
  const made = await bootstrap(h.db, h.config, {
    email,
    password: 'correct horse battery',
    orgName: 'Operator Org',
    orgSlug: randomSlug('org'),
    plan: 'free',
  });
  await h.db
    .updateTable('users')
    .set({ totp_enabled_at: new Date().toISOString() })
    .where('id', '=', made.user_id)
    .execute();
  const tenant: Tenant = {
    userId: made.user_id,
    email,
    password: 'correct horse battery',
    organizationId: made.organization_id,
    workspaceId: made.workspace_id,
    apiKey: made.api_key,
    auth: { authorization: `Bearer ${made.api_key}` },
  };
  return { tenant, headers: (await sessionOf(h, tenant)).headers };
}

const instanceLog = (h: Harness, targetId: string) =>
  h.db.selectFrom('operator_audit').selectAll().where('target_id', '=', targetId).orderBy('id', 'asc').execute();

const login = (h: Harness, t: Tenant) =>
  call(h, {
    method: 'POST',
    url: '/auth/login',
    body: { email: t.email, password: t.password },
    remoteAddress: '198.51.100.9',
  });

const slugOf = async (h: Harness, id: string) =>
  (await h.db.selectFrom('organizations').select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug;

forEachDialect("the operator's console: accounts", (dialect) => {
  const { h } = useHarness(dialect, {
    tenant: false,
    env: { OPERATOR_EMAILS: OPS.join(','), INVITATIONS_PER_DAY: '3' },
  });

  it('suspends with a neutral page: sign-in, sessions and keys get 403 suspended, codes a 410 page; unsuspend restores all', async () => {
    const op = await operator(h, OPS[0]!);
    const customer = await seedTenant(h, 'pro');
    const member = await sessionOf(h, customer);
    const code = await createCode(h, customer, { type: 'url', url: 'https://brand.example.com/', dynamic: true });
    assert.equal((await scan(h, code.short_code)).statusCode, 302, 'cached before the suspension');
    const base = `/v1/operator/organizations/${customer.organizationId}`;
    const res = await call(h, {
      method: 'POST',
      url: `${base}/suspend`,
      headers: op.headers,
      body: { reason: 'phishing', redirects: 'neutral_page' },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.json.data.suspended_at);
    assert.deepEqual(res.json.data.suspension, { reason: 'phishing', redirects: 'neutral_page' });

    expectProblem(await login(h, customer), 403, 'suspended');
    expectProblem(await call(h, { url: '/v1/codes', headers: member.headers }), 403, 'suspended');
    const keyed = expectProblem(await call(h, { url: '/v1/codes', tenant: customer }), 403, 'suspended');
    assert.match(keyed.detail, /suspended/);
    const page = await scan(h, code.short_code);
    assert.equal(page.statusCode, 410);
    assert.match(page.body, /This code is not available/);
    assert.doesNotMatch(page.body, /brand\.example\.com/);

    const [entry] = await instanceLog(h, customer.organizationId);
    assert.deepEqual(
      [entry!.action, entry!.operator_id, JSON.parse(entry!.details!)],
      ['organization.suspended', op.tenant.userId, { reason: 'phishing' }],
    );
    const own = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'actor_type'])
      .where('organization_id', '=', customer.organizationId)
      .where('action', '=', 'organizations.suspended')
      .execute();
    assert.deepEqual(own, [{ action: 'organizations.suspended', actor_type: 'system' }]);

    const lifted = await call(h, { method: 'POST', url: `${base}/unsuspend`, headers: op.headers });
    assert.equal(lifted.statusCode, 200, lifted.body);
    assert.deepEqual([lifted.json.data.suspended_at, lifted.json.data.suspension], [null, null]);
    assert.equal((await login(h, customer)).statusCode, 200);
    assert.equal((await call(h, { url: '/v1/codes', headers: member.headers })).statusCode, 200);
    assert.equal((await call(h, { url: '/v1/codes', tenant: customer })).statusCode, 200);
    const back = await scan(h, code.short_code);
    assert.equal(back.statusCode, 302);
    assert.equal(back.headers.location, 'https://brand.example.com/');
    assert.deepEqual(
      (await instanceLog(h, customer.organizationId)).map((e) => e.action),
      ['organization.suspended', 'organization.unsuspended'],
    );
    // Lifting what is not suspended records nothing.
    await call(h, { method: 'POST', url: `${base}/unsuspend`, headers: op.headers });
    assert.equal((await instanceLog(h, customer.organizationId)).length, 2);
  });

  it('suspends keeping redirects: the codes still redirect while keys and sign-in are refused', async () => {
    const op = await operator(h, OPS[1]!);
    const customer = await seedTenant(h, 'free');
    const code = await createCode(h, customer, { type: 'url', url: 'https://kept.example.com/', dynamic: true });
    const res = await call(h, {
      method: 'POST',
      url: `/v1/operator/organizations/${customer.organizationId}/suspend`,
      headers: op.headers,
      body: { reason: 'unpaid', redirects: 'keep' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const kept = await scan(h, code.short_code);
    assert.equal(kept.statusCode, 302);
    assert.equal(kept.headers.location, 'https://kept.example.com/');
    expectProblem(await call(h, { url: '/v1/codes', tenant: customer }), 403, 'suspended');
    expectProblem(await login(h, customer), 403, 'suspended');
  });

  it('lists and finds users; disabling ends sessions and refuses sign-in, enabling restores it', async () => {
    const op = await operator(h, OPS[2]!);
    const customer = await seedTenant(h, 'free');
    const session = await sessionOf(h, customer);
    const found = await call(h, {
      url: `/v1/operator/users?q=${encodeURIComponent(customer.email.toUpperCase())}`,
      headers: op.headers,
    });
    assert.equal(found.statusCode, 200, found.body);
    assert.equal(found.json.data.length, 1);
    const user = found.json.data[0];
    assert.equal(user.id, customer.userId);
    assert.deepEqual(
      [user.two_factor, user.disabled_at, user.organizations.map((o: any) => [o.id, o.role])],
      [false, null, [[customer.organizationId, 'org_admin']]],
    );
    assert.ok(user.last_sign_in_at);
    const byId = await call(h, { url: `/v1/operator/users?q=${customer.userId}`, headers: op.headers });
    assert.deepEqual(
      byId.json.data.map((u: any) => u.id),
      [customer.userId],
    );

    const url = `/v1/operator/users/${customer.userId}`;
    const off = await call(h, {
      method: 'POST',
      url: `${url}/disable`,
      headers: op.headers,
      body: { reason: 'abuse' },
    });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json.data.disabled_reason, 'abuse');
    expectProblem(await call(h, { url: '/v1/codes', headers: session.headers }), 401, 'authentication');
    const refused = expectProblem(await login(h, customer), 403, 'suspended');
    assert.match(refused.detail, /disabled/);
    assert.equal(
      (await call(h, { url: '/v1/codes', tenant: customer })).statusCode,
      200,
      'the key stays the organization’s',
    );

    const on = await call(h, { method: 'POST', url: `${url}/enable`, headers: op.headers });
    assert.equal(on.statusCode, 200, on.body);
    assert.equal(on.json.data.disabled_at, null);
    assert.equal((await login(h, customer)).statusCode, 200);
    assert.deepEqual(
      (await instanceLog(h, customer.userId)).map((e) => e.action),
      ['user.disabled', 'user.enabled'],
    );
  });

  it('lists, resends (under the daily cap) and revokes invitations through the invitations feature', async () => {
    const op = await operator(h, OPS[3]!);
    const customer = await seedTenant(h, 'free');
    const admin = await sessionOf(h, customer);
    const invite = async () => {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/members',
        headers: admin.headers,
        body: { email: `${randomSlug('inv')}@example.com` },
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json.data;
    };
    const first = await invite();
    const second = await invite();
    const listed = await call(h, {
      url: `/v1/operator/organizations/${customer.organizationId}/invitations`,
      headers: op.headers,
    });
    assert.equal(listed.statusCode, 200, listed.body);
    assert.deepEqual(listed.json.data.map((i: any) => i.id).sort(), [first.id, second.id].sort());

    const resent = await call(h, {
      method: 'POST',
      url: `/v1/operator/invitations/${first.id}/resend`,
      headers: op.headers,
    });
    assert.equal(resent.statusCode, 200, resent.body);
    assert.equal(resent.json.data.status, 'pending');
    assert.ok(resent.json.data.expires_at >= first.expires_at);
    // Three mails of the day (INVITATIONS_PER_DAY=3) are used: a fourth is refused.
    expectProblem(
      await call(h, { method: 'POST', url: `/v1/operator/invitations/${second.id}/resend`, headers: op.headers }),
      429,
      'rate-limited',
    );
    const revoked = await call(h, {
      method: 'POST',
      url: `/v1/operator/invitations/${second.id}/revoke`,
      headers: op.headers,
    });
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.equal(revoked.json.data.status, 'revoked');
    expectProblem(
      await call(h, { method: 'POST', url: `/v1/operator/invitations/${second.id}/revoke`, headers: op.headers }),
      409,
      'conflict',
    );
    assert.deepEqual(
      (await instanceLog(h, first.id)).map((e) => e.action),
      ['invitation.resent'],
    );
    assert.deepEqual(
      (await instanceLog(h, second.id)).map((e) => e.action),
      ['invitation.revoked'],
    );
  });

  it('erases a user and an organization only with the confirmation', async () => {
    const op = await operator(h, OPS[4]!);
    const customer = await seedTenant(h, 'free');
    const code = await createCode(h, customer, { type: 'url', url: 'https://erase.example.com/', dynamic: true });
    assert.equal((await scan(h, code.short_code)).statusCode, 302);
    const slug = await slugOf(h, customer.organizationId);
    const orgUrl = `/v1/operator/organizations/${customer.organizationId}/erase`;
    const wrongOrg = await call(h, { method: 'POST', url: orgUrl, headers: op.headers, body: { confirm: 'not-it' } });
    const p = expectProblem(wrongOrg, 422, 'validation-error');
    assert.equal(p.errors[0].pointer, '/confirm');
    assert.equal((await scan(h, code.short_code)).statusCode, 302, 'nothing changed');

    const userUrl = `/v1/operator/users/${customer.userId}/erase`;
    const wrongUser = await call(h, {
      method: 'POST',
      url: userUrl,
      headers: op.headers,
      body: { confirm: 'x@example.com' },
    });
    assert.equal(expectProblem(wrongUser, 422, 'validation-error').errors[0].pointer, '/confirm');
    // The last org_admin of an organization with the confirmation but without naming it: 409, as for themselves.
    expectProblem(
      await call(h, { method: 'POST', url: userUrl, headers: op.headers, body: { confirm: customer.email } }),
      409,
      'conflict',
    );
    assert.deepEqual(await instanceLog(h, customer.userId), []);

    const erasedOrg = await call(h, { method: 'POST', url: orgUrl, headers: op.headers, body: { confirm: slug } });
    assert.equal(erasedOrg.statusCode, 200, erasedOrg.body);
    assert.equal((await scan(h, code.short_code)).statusCode, 410, 'its codes stop at once');
    expectProblem(await call(h, { url: '/v1/codes', tenant: customer }), 401, 'authentication');

    const other = await seedTenant(h, 'free');
    const erasedUser = await call(h, {
      method: 'POST',
      url: `/v1/operator/users/${other.userId}/erase`,
      headers: op.headers,
      body: { confirm: other.email.toUpperCase(), delete_organizations: [other.organizationId] },
    });
    assert.equal(erasedUser.statusCode, 200, erasedUser.body);
    assert.equal(erasedUser.json.data.erased, true);
    const row = await h.db
      .selectFrom('users')
      .select(['email', 'erased_at'])
      .where('id', '=', other.userId)
      .executeTakeFirstOrThrow();
    assert.ok(row.erased_at);
    assert.notEqual(row.email, other.email);
    assert.deepEqual(
      (await instanceLog(h, customer.organizationId)).map((e) => e.action),
      ['organization.erased'],
    );
    assert.deepEqual(
      (await instanceLog(h, other.userId)).map((e) => e.action),
      ['user.erased'],
    );
  });

  it('bad input gets a problem document and changes nothing', async () => {
    const op = await operator(h, OPS[5]!);
    const customer = await seedTenant(h, 'free');
    const url = `/v1/operator/organizations/${customer.organizationId}/suspend`;
    const cases: Array<[unknown, number, string]> = [
      [{ reason: 'x', redirects: 'maybe' }, 422, 'validation-error'],
      [{ reason: '', redirects: 'keep' }, 422, 'validation-error'],
      [{ redirects: 'keep' }, 400, 'bad-request'],
      [{ reason: 'x', redirects: 'keep', extra: 1 }, 422, 'validation-error'],
    ];
    for (const [body, status, type] of cases)
      expectProblem(await call(h, { method: 'POST', url, headers: op.headers, body }), status, type);
    expectProblem(
      await call(h, {
        method: 'POST',
        url,
        headers: { ...op.headers, 'x-csrf-token': 'wrong' },
        body: { reason: 'x', redirects: 'keep' },
      }),
      403,
      'forbidden',
    );
    expectProblem(
      await call(h, {
        method: 'POST',
        url: '/v1/operator/organizations/org_01JD3Y2K8Q9XW4T5N6M7P8R9S0/suspend',
        headers: op.headers,
        body: { reason: 'x', redirects: 'keep' },
      }),
      404,
      'not-found',
    );
    expectProblem(
      await call(h, {
        method: 'POST',
        url: '/v1/operator/users/usr_nope/disable',
        headers: op.headers,
        body: { reason: 'x' },
      }),
      404,
      'not-found',
    );
    expectProblem(
      await call(h, {
        method: 'POST',
        url: `/v1/operator/users/${customer.userId}/disable`,
        headers: op.headers,
        body: {},
      }),
      400,
      'bad-request',
    );
    const row = await h.db
      .selectFrom('organizations')
      .select('suspended_at')
      .where('id', '=', customer.organizationId)
      .executeTakeFirstOrThrow();
    assert.equal(row.suspended_at, null);
    assert.deepEqual(await instanceLog(h, customer.organizationId), []);
    assert.deepEqual(await instanceLog(h, customer.userId), []);
  });

  it('keys and sessions of non-operators get the 404 of an unknown route, and nothing changes', async () => {
    const customer = await seedTenant(h, 'free');
    const session = await sessionOf(h, customer);
    const routes: Array<[string, unknown?]> = [
      [`/v1/operator/organizations/${customer.organizationId}/suspend`, { reason: 'x', redirects: 'keep' }],
      [`/v1/operator/organizations/${customer.organizationId}/erase`, { confirm: 'x' }],
      [`/v1/operator/users/${customer.userId}/disable`, { reason: 'x' }],
      [`/v1/operator/users/${customer.userId}/erase`, { confirm: customer.email }],
    ];
    for (const headers of [session.headers, customer.auth, {}])
      for (const [url, body] of routes) {
        const problem = expectProblem(await call(h, { method: 'POST', url, headers, body }), 404, 'not-found');
        assert.equal(problem.detail, `No route POST ${url}.`);
      }
    expectProblem(await call(h, { url: '/v1/operator/users', headers: session.headers }), 404, 'not-found');
    assert.equal((await login(h, customer)).statusCode, 200);
  });
});
