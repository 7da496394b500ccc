import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createHarness, expectProblem, randomSlug, seedMember, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { assertErrorAt } from '../../support/callers.js';
import { sha256Hex } from '../../../src/lib/tokens.js';
import { TestClock } from '../../support/clock.js';

/** The app's clock, so a session can be made to expire relative to it. */
const clock = new TestClock(Date.now());

const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('qrs_session=')) as string;
  assert.ok(raw, 'no qrs_session cookie set');
  return raw;
}

forEachDialect('auth', (dialect) => {
  const { h } = useHarness(dialect, { clock, tenant: false });

  async function login(email: string, password: string, ip = randomIp()) {
    return call(h, {
      method: 'POST',
      url: '/auth/login',
      remoteAddress: ip,
      body: { email, password },
    });
  }

  it('signup creates user, organization on the default plan (Enterprise without billing), default workspace, org_admin membership and a session', async () => {
    const email = `${randomSlug('s')}@Example.com`;
    const res = await call(h, {
      method: 'POST',
      url: '/auth/signup',
      body: { email, password: 'long enough pass', name: 'Ada', org_name: 'Ada & Co. GmbH' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const d = res.json.data;
    assert.equal(d.user.email, email.toLowerCase());
    assert.equal(d.organization.plan, 'enterprise');
    assert.match(d.organization.slug, /^ada-co-gmbh/);
    assert.equal(d.workspace.is_default, true);
    assert.equal(d.workspace.slug, 'default');
    const cookie = cookieOf(res);
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Lax/i);
    assert.match(cookie, /Path=\//);
    assert.doesNotMatch(cookie, /Secure/i);
    const token = /qrs_session=([^;]+)/.exec(cookie)![1];
    const stored = await h.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', d.user.id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.token_hash, sha256Hex(token));
    assert.notEqual(stored.token_hash, token);
    const m = await h.db
      .selectFrom('memberships')
      .selectAll()
      .where('user_id', '=', d.user.id)
      .executeTakeFirstOrThrow();
    assert.equal(m.role, 'org_admin');
    const meRes = await call(h, { url: '/auth/me', headers: { cookie: `qrs_session=${token}` } });
    assert.equal(meRes.statusCode, 200, meRes.body);
    assert.equal(meRes.json.data.current.organization_id, d.organization.id);
    assert.equal(meRes.json.data.current.workspace_id, d.workspace.id);
    assert.equal(meRes.json.data.current.role, 'org_admin');
    assert.equal(meRes.json.data.csrf_token, d.csrf_token);
    // The session works on the API, including writes with the CSRF token.
    const ws = await call(h, {
      method: 'PATCH',
      url: `/v1/workspaces/${d.workspace.id}`,
      body: { name: 'Main' },
      headers: { cookie: `qrs_session=${token}`, 'x-csrf-token': d.csrf_token },
    });
    assert.equal(ws.statusCode, 200, ws.body);
  });

  it('signup rejects short passwords, bad e-mails, taken e-mails and slugs, and creates nothing', async () => {
    const t = await seedTenant(h);
    const takenSlug = (await call(h, { url: '/v1/organizations', tenant: t })).json.data.slug;
    const email = `${randomSlug('s')}@example.com`;
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ email, password: 'short', org_name: 'X' }, 422, '/password', 'minLength'],
      [{ email: 'nope', password: 'long enough pass', org_name: 'X' }, 422, '/email', 'format'],
      [{ email: t.email, password: 'long enough pass', org_name: 'X' }, 422, '/email', 'taken'],
      [{ email: t.email.toUpperCase(), password: 'long enough pass', org_name: 'X' }, 422, '/email', 'taken'],
      [{ email, password: 'long enough pass', org_name: 'X', org_slug: takenSlug }, 422, '/org_slug', 'taken'],
      [{ email, password: 'long enough pass', org_name: 'X', org_slug: 'Bad Slug' }, 422, '/org_slug', 'pattern'],
      [{ email, password: 'long enough pass', org_name: 'y'.repeat(256) }, 422, '/org_name', 'maxLength'],
      [{ email, password: 'long enough pass' }, 400, '/org_name', 'required'],
    ];
    for (const [body, status, pointer, code] of cases) {
      const res = await call(h, { method: 'POST', url: '/auth/signup', body });
      assertErrorAt(expectProblem(res, status, status === 400 ? 'bad-request' : 'validation-error'), pointer, code);
    }
    assert.equal(await h.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), undefined);
  });

  it('login sets the cookie and returns user, organizations and csrf_token; logout ends the session', async () => {
    const t = await seedTenant(h);
    const res = await login(t.email.toUpperCase(), t.password);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.user.id, t.userId);
    assert.deepEqual(
      res.json.data.organizations.map((o: any) => [o.id, o.role]),
      [[t.organizationId, 'org_admin']],
    );
    assert.ok(!('password_hash' in res.json.data.user));
    const token = /qrs_session=([^;]+)/.exec(cookieOf(res))![1];
    const headers = { cookie: `qrs_session=${token}`, 'x-csrf-token': res.json.data.csrf_token };
    assert.equal((await call(h, { url: '/v1/organizations', headers })).statusCode, 200);
    expectProblem(
      await call(h, {
        method: 'POST',
        url: '/auth/logout',
        headers: { cookie: headers.cookie, 'x-csrf-token': 'wrong' },
      }),
      403,
      'forbidden',
    );
    const out = await call(h, { method: 'POST', url: '/auth/logout', headers });
    assert.equal(out.statusCode, 200, out.body);
    assert.match(String(out.headers['set-cookie']), /qrs_session=;/);
    expectProblem(await call(h, { url: '/v1/organizations', headers }), 401, 'authentication');
    expectProblem(await call(h, { url: '/auth/me', headers }), 401, 'authentication');
  });

  it('the cookie is Secure when the base URL is https', async () => {
    const hs = await createHarness(dialect, { BASE_URL: 'https://qr.example.com' });
    try {
      const t = await seedTenant(hs);
      const res = await call(hs, {
        method: 'POST',
        url: '/auth/login',
        remoteAddress: randomIp(),
        body: { email: t.email, password: t.password },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(cookieOf(res), /Secure/);
    } finally {
      await hs.close();
    }
  });

  it('wrong password and unknown e-mail give the same 401', async () => {
    const t = await seedTenant(h);
    const a = expectProblem(await login(t.email, 'wrong password'), 401, 'authentication');
    const b = expectProblem(
      await login(`${randomSlug('nobody')}@example.com`, 'wrong password'),
      401,
      'authentication',
    );
    assert.equal(a.detail, b.detail);
    assert.equal(
      await h.db.selectFrom('sessions').select('id').where('user_id', '=', t.userId).executeTakeFirst(),
      undefined,
    );
  });

  // Throttling has its own file: login-throttle.test.ts.

  it('login validates its body', async () => {
    expectProblem(await call(h, { method: 'POST', url: '/auth/login', body: { email: 'a@b.c' } }), 400, 'bad-request');
    expectProblem(await call(h, { method: 'POST', url: '/auth/login', body: '{nope' }), 400, 'bad-request');
  });

  it('CSRF: a session write without or with a wrong X-CSRF-Token is 403 and changes nothing; GET needs none', async () => {
    const t = await seedTenant(h, 'pro');
    const m = await seedMember(h, t, { org: 'org_admin' });
    const body = { name: 'Via CSRF', slug: randomSlug() };
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/workspaces', body, headers: { cookie: m.headers.cookie } }),
      403,
      'forbidden',
    );
    expectProblem(
      await call(h, {
        method: 'POST',
        url: '/v1/workspaces',
        body,
        headers: { cookie: m.headers.cookie, 'x-csrf-token': 'x'.repeat(32) },
      }),
      403,
      'forbidden',
    );
    expectProblem(
      await call(h, {
        method: 'PATCH',
        url: `/v1/organizations/${t.organizationId}`,
        body: { name: 'x' },
        headers: { cookie: m.headers.cookie, 'x-csrf-token': '' },
      }),
      403,
      'forbidden',
    );
    assert.equal(
      (await h.db.selectFrom('workspaces').select('id').where('organization_id', '=', t.organizationId).execute())
        .length,
      1,
    );
    assert.equal((await call(h, { url: '/v1/workspaces', headers: { cookie: m.headers.cookie } })).statusCode, 200);
    assert.equal((await call(h, { method: 'POST', url: '/v1/workspaces', body, headers: m.headers })).statusCode, 201);
  });

  it('me lists organizations and workspaces with roles and honours X-Organization-Id / X-Workspace-Id', async () => {
    const a = await seedTenant(h, 'pro');
    const b = await seedTenant(h);
    const ws2 = (
      await call(h, { method: 'POST', url: '/v1/workspaces', tenant: a, body: { name: 'Two', slug: randomSlug() } })
    ).json.data;
    const m = await seedMember(h, a, { workspace: 'editor', workspaceId: ws2.id });
    await h.db
      .insertInto('memberships')
      .values({
        organization_id: b.organizationId,
        user_id: m.userId,
        role: 'org_admin',
        created_at: new Date(Date.now() + 5_000).toISOString(),
      })
      .execute();
    const res = await call(h, { url: '/auth/me', headers: m.headers });
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json.data;
    assert.deepEqual(
      d.organizations.map((o: any) => [o.id, o.role]),
      [
        [a.organizationId, 'member'],
        [b.organizationId, 'org_admin'],
      ],
    );
    assert.deepEqual(
      d.workspaces.map((w: any) => [w.id, w.role]),
      [[ws2.id, 'editor']],
    );
    assert.deepEqual(d.current, { organization_id: a.organizationId, workspace_id: ws2.id, role: 'editor' });
    const inB = await call(h, { url: '/auth/me', headers: { ...m.headers, 'x-organization-id': b.organizationId } });
    assert.deepEqual(inB.json.data.current, {
      organization_id: b.organizationId,
      workspace_id: b.workspaceId,
      role: 'org_admin',
    });
    expectProblem(await call(h, { url: '/auth/me' }), 401, 'authentication');
    expectProblem(await call(h, { url: '/auth/me', headers: { cookie: 'qrs_session=forged' } }), 401, 'authentication');
  });

  it('password change: needs the current password and CSRF; ends other sessions; old password stops working', async () => {
    const t = await seedTenant(h);
    const ip = randomIp();
    const first = await login(t.email, t.password, ip);
    const second = await login(t.email, t.password, ip);
    const headersOf = (res: any) => ({
      cookie: `qrs_session=${/qrs_session=([^;]+)/.exec(cookieOf(res))![1]}`,
      'x-csrf-token': res.json.data.csrf_token as string,
    });
    const h1 = headersOf(first);
    const h2 = headersOf(second);
    const url = '/auth/password';
    expectProblem(
      await call(h, {
        method: 'POST',
        url,
        body: { current_password: t.password, new_password: 'a new secret' },
        headers: { cookie: h1.cookie },
      }),
      403,
      'forbidden',
    );
    assertErrorAt(
      expectProblem(
        await call(h, {
          method: 'POST',
          url,
          body: { current_password: 'wrong one', new_password: 'a new secret' },
          headers: h1,
        }),
        422,
        'validation-error',
      ),
      '/current_password',
      'mismatch',
    );
    assertErrorAt(
      expectProblem(
        await call(h, {
          method: 'POST',
          url,
          body: { current_password: t.password, new_password: 'short' },
          headers: h1,
        }),
        422,
        'validation-error',
      ),
      '/new_password',
      'minLength',
    );
    expectProblem(
      await call(h, { method: 'POST', url, body: { current_password: t.password, new_password: 'a new secret' } }),
      401,
      'authentication',
    );
    assert.equal((await login(t.email, t.password)).statusCode, 200, 'nothing changed yet');
    const ok = await call(h, {
      method: 'POST',
      url,
      body: { current_password: t.password, new_password: 'a new secret' },
      headers: h1,
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.ok(ok.json.data.other_sessions_ended >= 2);
    assert.equal((await call(h, { url: '/auth/me', headers: h1 })).statusCode, 200);
    expectProblem(await call(h, { url: '/auth/me', headers: h2 }), 401, 'authentication');
    expectProblem(await login(t.email, t.password), 401, 'authentication');
    assert.equal((await login(t.email, 'a new secret')).statusCode, 200);
  });

  it('password change: wrong current passwords are throttled like logins', async () => {
    const t = await seedTenant(h);
    const res = await login(t.email, t.password);
    const headers = {
      cookie: `qrs_session=${/qrs_session=([^;]+)/.exec(cookieOf(res))![1]}`,
      'x-csrf-token': res.json.data.csrf_token as string,
    };
    for (let i = 0; i < 5; i++) {
      expectProblem(
        await call(h, {
          method: 'POST',
          url: '/auth/password',
          body: { current_password: `guess ${i}`, new_password: 'a new secret' },
          headers,
        }),
        422,
        'validation-error',
      );
    }
    const blocked = await call(h, {
      method: 'POST',
      url: '/auth/password',
      body: { current_password: t.password, new_password: 'a new secret' },
      headers,
    });
    expectProblem(blocked, 429, 'rate-limited');
    assert.ok(Number(blocked.headers['retry-after']) > 0);
  });

  it('an expired session gets 401', async () => {
    const t = await seedTenant(h);
    const m = await seedMember(h, t, { org: 'org_admin' });
    await h.db
      .updateTable('sessions')
      .set({ expires_at: new Date(clock.t - 1000).toISOString() })
      .where('user_id', '=', m.userId)
      .execute();
    expectProblem(await call(h, { url: '/v1/organizations', headers: m.headers }), 401, 'authentication');
    expectProblem(await call(h, { url: '/auth/me', headers: m.headers }), 401, 'authentication');
  });
});
