// Issue #56 item 4 (docs/decisions.md D80): single sign-on with OpenID Connect against a real provider
// (oidc-provider) on loopback, through the API on both databases. The org_admin's connection with
// its write-only sealed secret; a first sign-in creates the member with the mapped role; linking an
// existing account only with a verified address; required SSO refuses passwords and resets; forged,
// expired, wrongly addressed and replayed tokens are refused and write nothing; tenancy.
import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  call,
  expectProblem,
  randomSlug,
  seedMember,
  seedTenant,
  type Harness,
  type Tenant,
} from '../../support/harness.js';
import { forEachDialect, sessionOf, useHarness } from '../../support/suite.js';
import { startIdp, type LoopbackIdp } from '../../support/oidc.js';

const REDIRECT = 'http://qrs.test/auth/sso/callback';

const cookieOf = (res: { headers: Record<string, unknown> }, name: string) =>
  [res.headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

async function slugOf(h: Harness, t: Tenant) {
  const org = await h.db
    .selectFrom('organizations')
    .select('slug')
    .where('id', '=', t.organizationId)
    .executeTakeFirstOrThrow();
  return org.slug;
}

/** The whole round: start at qrs, sign in at the provider as `login`, come back; the callback's answer. */
async function ssoSignIn(h: Harness, idp: LoopbackIdp, slug: string, login: string) {
  const start = await call(h, { url: `/auth/sso/start?organization=${slug}` });
  assert.equal(start.statusCode, 302, start.body);
  const location = String(start.headers.location);
  const authUrl = new URL(location);
  assert.equal(authUrl.searchParams.get('code_challenge_method'), 'S256');
  assert.ok(authUrl.searchParams.get('nonce') && authUrl.searchParams.get('state'));
  const stateCookie = cookieOf(start, 'qrs_sso_state')!;
  assert.ok(stateCookie);
  const back = await idp.signInAs(location, login);
  const res = await call(h, { url: back.pathname + back.search, headers: { cookie: stateCookie } });
  return Object.assign(res, { callbackPath: back.pathname + back.search, stateCookie });
}

/** The session a successful callback set: its cookie and CSRF token, and who it is. */
async function signedIn(h: Harness, res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  assert.equal(res.statusCode, 302, res.body);
  const cookie = cookieOf(res, 'qrs_session');
  assert.ok(cookie, 'no session cookie');
  const me = await call(h, { url: '/auth/me', headers: { cookie } });
  assert.equal(me.statusCode, 200, me.body);
  return { headers: { cookie, 'x-csrf-token': me.json.data.csrf_token as string }, me: me.json.data };
}

forEachDialect('single sign-on with OpenID Connect', (dialect) => {
  const { h, t, session } = useHarness(dialect, { env: { SSO_ALLOW_INSECURE_ISSUERS: 'true' } });
  let idp: LoopbackIdp;
  before(async () => {
    idp = await startIdp(REDIRECT);
  });
  after(() => idp.close());

  const configure = (headers: Record<string, string>, orgId: string, body: Record<string, unknown> = {}) =>
    call(h, {
      method: 'PUT',
      url: `/v1/organizations/${orgId}/sso`,
      headers,
      body: {
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        role_claim: 'groups',
        role_mappings: [
          { value: 'qrs-admins', role: 'org_admin' },
          { value: 'qrs-editors', role: 'editor' },
        ],
        ...body,
      },
    });

  it('an org_admin sets it up; the secret is sealed and never returned; bad input changes nothing', async () => {
    let res = await call(h, { url: `/v1/organizations/${t.organizationId}/sso`, headers: session.headers });
    expectProblem(res, 404, 'not-found');
    // Bad input: each a problem, nothing stored.
    res = await configure(session.headers, t.organizationId, { client_secret: undefined });
    expectProblem(res, 400, 'bad-request');
    assert.equal(res.json.errors[0].pointer, '/client_secret');
    res = await configure(session.headers, t.organizationId, { issuer: 'http://127.0.0.1:9/nothing' });
    expectProblem(res, 422, 'validation-error');
    assert.equal(res.json.errors[0].pointer, '/issuer');
    assert.equal(res.json.errors[0].code, 'issuer_unreachable');
    res = await configure(session.headers, t.organizationId, { issuer: 'ftp://idp.example' });
    expectProblem(res, 422, 'validation-error');
    assert.equal(res.json.errors[0].code, 'issuer_refused');
    res = await configure(session.headers, t.organizationId, {
      role_mappings: [{ value: 'x', role: 'editor', workspace_id: 'wsp_nope' }],
    });
    expectProblem(res, 422, 'validation-error');
    assert.equal(res.json.errors[0].code, 'unknown_workspace');
    res = await configure(session.headers, t.organizationId, { required: true });
    expectProblem(res, 422, 'validation-error');
    assert.equal(res.json.errors[0].code, 'sso_not_proven');
    res = await configure(session.headers, t.organizationId, { default_role: 'owner' });
    assert.equal(res.statusCode, 422, res.body);
    res = await call(h, { url: `/v1/organizations/${t.organizationId}/sso`, headers: session.headers });
    expectProblem(res, 404, 'not-found');

    res = await configure(session.headers, t.organizationId);
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json.data;
    assert.equal(data.issuer, idp.issuer);
    assert.equal(data.client_secret_set, true);
    assert.equal(data.redirect_uri, REDIRECT);
    assert.equal(data.default_role, 'viewer');
    assert.equal(data.required, false);
    assert.ok(!JSON.stringify(res.json).includes(idp.clientSecret));
    const row = await h.db
      .selectFrom('sso_connections')
      .selectAll()
      .where('organization_id', '=', t.organizationId)
      .executeTakeFirstOrThrow();
    assert.ok(row.client_secret_sealed.startsWith('v1.') && !row.client_secret_sealed.includes(idp.clientSecret));
    // Without client_secret a change keeps the stored one.
    res = await configure(session.headers, t.organizationId, { client_secret: undefined, default_role: 'viewer' });
    assert.equal(res.statusCode, 200, res.body);
    const audit = await h.db
      .selectFrom('audit_logs')
      .select(['action', 'changes'])
      .where('organization_id', '=', t.organizationId)
      .where('action', '=', 'organizations.sso_updated')
      .execute();
    assert.equal(audit.length, 2);
    assert.ok(audit.every((a) => !a.changes.includes(idp.clientSecret)));
  });

  it('a first sign-in creates the member with the role its claim maps to; the next finds it again', async () => {
    const slug = await slugOf(h, t);
    idp.accounts.set('ada', {
      sub: 'ada-1',
      email: `${randomSlug('ada')}@idp.example`,
      email_verified: true,
      name: 'Ada',
      groups: ['qrs-admins'],
    });
    idp.accounts.set('bob', {
      sub: 'bob-1',
      email: `${randomSlug('bob')}@idp.example`,
      email_verified: true,
      groups: ['staff', 'qrs-editors'],
    });
    idp.accounts.set('cy', { sub: 'cy-1', email: `${randomSlug('cy')}@idp.example`, email_verified: false });

    const ada = await signedIn(h, await ssoSignIn(h, idp, slug, 'ada'));
    assert.equal(ada.me.user.email, idp.accounts.get('ada')!.email);
    assert.equal(ada.me.organizations.find((o: any) => o.id === t.organizationId).role, 'org_admin');
    assert.equal(ada.me.user.email_verified, true);

    const bob = await signedIn(h, await ssoSignIn(h, idp, slug, 'bob'));
    assert.equal(bob.me.organizations[0].role, 'member');
    assert.equal(bob.me.current.role, 'editor');
    // No mapping matches: the default role, viewer, in the default workspace.
    const cy = await signedIn(h, await ssoSignIn(h, idp, slug, 'cy'));
    assert.equal(cy.me.current.role, 'viewer');
    assert.equal(cy.me.current.workspace_id, t.workspaceId);

    // Again: the same user, no second account or membership.
    const again = await signedIn(h, await ssoSignIn(h, idp, slug, 'bob'));
    assert.equal(again.me.user.id, bob.me.user.id);
    const members = await call(h, { url: '/v1/members', headers: session.headers });
    assert.equal(members.json.data.filter((m: any) => m.user_id === bob.me.user.id).length, 1);
    // Qrs's own 2FA is not asked: the provider authenticated (the session acts at once).
    const codes = await call(h, { url: '/v1/codes', headers: bob.headers });
    assert.equal(codes.statusCode, 200, codes.body);
  });

  it('links an existing account only when the provider says the address is verified', async () => {
    const slug = await slugOf(h, t);
    const other = await seedTenant(h);
    idp.accounts.set('unproved', { sub: 'u-1', email: other.email, email_verified: false });
    let res = await ssoSignIn(h, idp, slug, 'unproved');
    expectProblem(res, 401, 'sso-failed');
    assert.equal(res.json.reason, 'email_unverified');
    assert.equal(cookieOf(res, 'qrs_session'), undefined);
    idp.accounts.set('proved', { sub: 'p-1', email: other.email, email_verified: true });
    const linked = await signedIn(h, await ssoSignIn(h, idp, slug, 'proved'));
    assert.equal(linked.me.user.id, other.userId);
    assert.deepEqual(
      linked.me.organizations.map((o: any) => o.id).sort(),
      [other.organizationId, t.organizationId].sort(),
    );
  });

  it('refuses a forged, expired, wrongly issued or addressed ID token, a wrong nonce, a foreign state and a replay, writing nothing', async () => {
    const slug = await slugOf(h, t);
    const email = `${randomSlug('eve')}@idp.example`;
    idp.accounts.set('eve', { sub: 'eve-1', email, email_verified: true, groups: ['qrs-admins'] });
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, LoopbackIdp['tamper']]> = [
      ['signed with another key', (c) => ({ claims: c, key: 'stranger' })],
      ['altered after signing', (c) => ({ claims: { ...c, email: 'boss@idp.example' }, key: 'stranger' })],
      ['expired', (c) => ({ claims: { ...c, iat: now - 7200, exp: now - 3600 } })],
      ['another issuer', (c) => ({ claims: { ...c, iss: 'http://127.0.0.1:1' } })],
      ['another audience', (c) => ({ claims: { ...c, aud: 'someone-else' } })],
      ['another nonce', (c) => ({ claims: { ...c, nonce: 'not-the-one' } })],
    ];
    try {
      for (const [name, tamper] of cases) {
        idp.tamper = tamper;
        const res = await ssoSignIn(h, idp, slug, 'eve');
        expectProblem(res, 401, 'sso-failed');
        assert.equal(res.json.reason, 'token', name);
        assert.equal(cookieOf(res, 'qrs_session'), undefined, name);
      }
    } finally {
      idp.tamper = null;
    }
    const users = await h.db.selectFrom('users').select('id').where('email', '=', email).execute();
    assert.equal(users.length, 0, 'no user from a refused token');

    // The state must come back to the browser that started; a used state works no more.
    const start = await call(h, { url: `/auth/sso/start?organization=${slug}` });
    const back = await idp.signInAs(String(start.headers.location), 'eve');
    let res = await call(h, { url: back.pathname + back.search, headers: { cookie: 'qrs_sso_state=someone-elses' } });
    expectProblem(res, 401, 'sso-failed');
    assert.equal(res.json.reason, 'state');
    const ok = await ssoSignIn(h, idp, slug, 'eve');
    await signedIn(h, ok);
    res = await call(h, { url: ok.callbackPath, headers: { cookie: ok.stateCookie } });
    expectProblem(res, 401, 'sso-failed');
    assert.equal(res.json.reason, 'expired');
    // A browser gets the sign-in page with the problem instead of JSON.
    res = await call(h, { url: ok.callbackPath, headers: { cookie: ok.stateCookie, accept: 'text/html' } });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, '/login?sso_error=sso-failed&reason=expired');
  });

  it('required SSO: members cannot sign in or reset with a password; removing it lets them again', async () => {
    const slug = await slugOf(h, t);
    // The admin proves the connection by signing in through it (the tenant's own address, verified).
    idp.accounts.set('owner', { sub: 'owner-1', email: t.email, email_verified: true });
    const owner = await signedIn(h, await ssoSignIn(h, idp, slug, 'owner'));
    assert.equal(owner.me.user.id, t.userId);
    let res = await configure(owner.headers, t.organizationId, { client_secret: undefined, required: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.required, true);

    const member = await seedMember(h, t, { org: 'member', workspace: 'editor' });
    res = await call(h, {
      method: 'POST',
      url: '/auth/login',
      body: { email: member.email, password: member.password },
    });
    expectProblem(res, 403, 'sso-required');
    assert.equal(res.json.organization, slug);
    assert.equal(cookieOf(res, 'qrs_session'), undefined);
    // A wrong password still says only that it is wrong.
    res = await call(h, {
      method: 'POST',
      url: '/auth/login',
      body: { email: member.email, password: 'wrong password here' },
    });
    expectProblem(res, 401, 'authentication');
    // A reset link cannot set a password either.
    const { issueUserToken } = await import('../../../src/features/accounts/user-tokens.js');
    const token = await issueUserToken(
      h.db,
      { userId: member.userId, purpose: 'password_reset', email: member.email, ttlMs: 3_600_000 },
      new Date(),
    );
    res = await call(h, {
      method: 'POST',
      url: '/auth/password-reset/confirm',
      body: { token, password: 'a brand new passphrase' },
    });
    expectProblem(res, 403, 'sso-required');

    res = await call(h, { method: 'DELETE', url: `/v1/organizations/${t.organizationId}/sso`, headers: owner.headers });
    assert.equal(res.statusCode, 200, res.body);
    res = await call(h, {
      method: 'POST',
      url: '/auth/login',
      body: { email: member.email, password: member.password },
    });
    assert.equal(res.statusCode, 200, res.body);
    res = await call(h, { url: `/auth/sso/start?organization=${slug}` });
    expectProblem(res, 404, 'not-found');
  });

  it('tenancy and roles: another organization sees a 404; members and API keys are refused', async () => {
    const res0 = await configure(session.headers, t.organizationId);
    assert.equal(res0.statusCode, 200, res0.body);
    const other = await seedTenant(h);
    const otherAdmin = await sessionOf(h, other);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(h, {
        method,
        url: `/v1/organizations/${t.organizationId}/sso`,
        headers: otherAdmin.headers,
        ...(method === 'PUT' ? { body: { issuer: idp.issuer, client_id: 'x', client_secret: 'y' } } : {}),
      });
      expectProblem(res, 404, 'not-found');
    }
    const editor = await seedMember(h, t, { org: 'member', workspace: 'ws_admin' });
    let res = await call(h, { url: `/v1/organizations/${t.organizationId}/sso`, headers: editor.headers });
    expectProblem(res, 403, 'forbidden');
    res = await call(h, { url: `/v1/organizations/${t.organizationId}/sso`, tenant: t });
    expectProblem(res, 403, 'forbidden');
    // Still there, unchanged.
    res = await call(h, { url: `/v1/organizations/${t.organizationId}/sso`, headers: session.headers });
    assert.equal(res.json.data.client_id, idp.clientId);
    // Unknown organization at the start: 404.
    res = await call(h, { url: '/auth/sso/start?organization=no-such-org-here' });
    expectProblem(res, 404, 'not-found');
  });
});
