// @qrs/sdk's single sign-on helpers against a live server and the loopback OpenID provider
// (docs/decisions.md D80): an org_admin's session sets the connection up, reads it without its
// secret, and removes it; the start URL the SDK names sends a browser to the provider.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Qrs, QrsError } from '../../../sdk/src/index.js';
import { seedTenant, type Harness, type Tenant } from '../../support/harness.js';
import { sqlite, useHarness } from '../../support/suite.js';
import { freePort } from '../../support/private-servers.js';
import { startIdp, type LoopbackIdp } from '../../support/oidc.js';

/** The browser's cookie jar for the SDK's session. */
function cookieJarFetch() {
  let cookie = '';
  return async (req: Request) => {
    const r = new Request(req, { headers: new Headers(req.headers) });
    if (cookie) r.headers.set('cookie', cookie);
    const res = await globalThis.fetch(r);
    const set = res.headers.get('set-cookie');
    if (set?.startsWith('qrs_session=')) cookie = set.split(';')[0]!;
    return res;
  };
}

// The server's own address is its BASE_URL (the provider sends the browser back there), so the port comes first.
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;

describe('@qrs/sdk: single sign-on', () => {
  let t: Tenant;
  let idp: LoopbackIdp;
  const { h } = useHarness(sqlite, {
    env: { BASE_URL: `http://127.0.0.1:${port}`, SSO_ALLOW_INSECURE_ISSUERS: 'true' },
    tenant: false,
  });
  before(async () => {
    await (h as Harness).app.listen({ port, host: '127.0.0.1' });
    t = await seedTenant(h);
    idp = await startIdp(`${baseUrl}/auth/sso/callback`);
  });
  after(() => idp.close());

  it('sets up, reads without the secret, names the start, and deletes', async () => {
    const qrs = new Qrs({ baseUrl, fetch: cookieJarFetch() });
    await qrs.auth.signIn(t.email, t.password);
    const set = await qrs.sso.set(t.organizationId, {
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      role_claim: 'groups',
      role_mappings: [{ value: 'admins', role: 'org_admin' }],
    });
    assert.equal(set.client_secret_set, true);
    assert.equal(set.redirect_uri, `${baseUrl}/auth/sso/callback`);
    const got = await qrs.sso.get(t.organizationId);
    assert.equal(got.issuer, idp.issuer);
    assert.ok(!JSON.stringify(got).includes(idp.clientSecret));

    const slug = got.sign_in_url.split('organization=')[1]!;
    const start = await fetch(qrs.sso.startUrl(slug), { redirect: 'manual' });
    assert.equal(start.status, 302);
    assert.ok(start.headers.get('location')!.startsWith(`${idp.issuer}/auth?`));

    await qrs.sso.delete(t.organizationId);
    await assert.rejects(
      qrs.sso.get(t.organizationId),
      (err: unknown) => err instanceof QrsError && err.status === 404,
    );
  });
});
