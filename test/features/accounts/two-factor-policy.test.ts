// 2FA-2, replayed (docs/decisions.md D57): `settings.require_2fa` is changed only by a
// session of a user who has two-factor sign-in on; an org admin's API key could switch it off.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from 'otplib';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { useMailHarness } from '../../support/mail.js';
import { signUp, verifyAddress, type SignedUp } from '../../support/accounts.js';

forEachDialect('require_2fa policy', (dialect) => {
  const { h, smtp, clock } = useMailHarness(dialect);

  const post = (u: SignedUp, url: string, body?: unknown) => call(h, { method: 'POST', url, headers: u.headers, body });
  const patch = (u: SignedUp, headers: Record<string, string>, settings: Record<string, unknown>) =>
    call(h, { method: 'PATCH', url: `/v1/organizations/${u.organizationId}`, headers, body: { settings } });
  const settings = async (u: SignedUp) =>
    (
      await h.db
        .selectFrom('organizations')
        .select('settings')
        .where('id', '=', u.organizationId)
        .executeTakeFirstOrThrow()
    ).settings;

  async function adminWithKey() {
    const u = await verifyAddress(h, smtp, await signUp(h));
    const key = await post(u, '/v1/api-keys', { name: 'automation' });
    assert.equal(key.statusCode, 201, key.body);
    return { u, bearer: { authorization: `Bearer ${key.json.data.api_key}` } };
  }
  async function enrol(u: SignedUp) {
    const enrolment = await post(u, '/auth/2fa/enrol', { password: u.password });
    assert.equal(enrolment.statusCode, 200, enrolment.body);
    const code = await generate({ secret: enrolment.json.data.secret, epoch: Math.floor(clock.t / 1000) });
    assert.equal((await post(u, '/auth/2fa/confirm', { code })).statusCode, 200);
  }

  it('the attack: an org admin’s API key switches require_2fa off: 403, nothing changes', async () => {
    const { u, bearer } = await adminWithKey();
    await enrol(u);
    assert.equal((await patch(u, u.headers, { require_2fa: true, theme: 'dark' })).statusCode, 200);
    const before = await settings(u);
    const p = expectProblem(await patch(u, bearer, { theme: 'dark' }), 403, 'forbidden');
    assert.match(p.detail, /require_2fa/);
    expectProblem(await patch(u, bearer, { require_2fa: false, theme: 'dark' }), 403, 'forbidden');
    assert.equal(await settings(u), before);
    // Other settings stay open to the key, as long as the policy is left as it is.
    const other = await patch(u, bearer, { require_2fa: true, theme: 'light' });
    assert.equal(other.statusCode, 200, other.body);
    assert.deepEqual(other.json.data.settings, { require_2fa: true, theme: 'light' });
  });

  it('a key cannot turn it on either; a session without 2FA cannot change it; with 2FA it can, both ways', async () => {
    const { u, bearer } = await adminWithKey();
    expectProblem(await patch(u, bearer, { require_2fa: true }), 403, 'forbidden');
    const p = expectProblem(await patch(u, u.headers, { require_2fa: true }), 403, 'forbidden');
    assert.match(p.detail, /two-factor/);
    assert.equal(await settings(u), '{}');
    await enrol(u);
    assert.equal((await patch(u, u.headers, { require_2fa: true })).statusCode, 200);
    assert.equal((await patch(u, u.headers, { require_2fa: false })).statusCode, 200);
    assert.deepEqual(JSON.parse(await settings(u)), { require_2fa: false });
  });

  it('another organization’s key gets 404 and changes nothing', async () => {
    const { u } = await adminWithKey();
    const other = await adminWithKey();
    expectProblem(await patch(u, other.bearer, { require_2fa: true }), 404, 'not-found');
    assert.equal(await settings(u), '{}');
  });
});
