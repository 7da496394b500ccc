// ACC-1, 2FA-1 and TOK-1 of the attack review, replayed (docs/decisions.md D56): a sign-up
// with someone else's address keeps nothing once the owner proves it, enrolling 2FA needs the
// password, and a reset link dies with any password change.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from 'otplib';
import { call, expectProblem, type Harness } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { assertErrorAt } from '../../support/callers.js';
import { useMailHarness, type TestSmtp } from '../../support/mail.js';
import { signUp, verifyAddress, type SignedUp } from '../../support/accounts.js';
import type { TestClock } from '../../support/clock.js';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');

function helpers(h: Harness, smtp: TestSmtp, clock: TestClock) {
  let n = 0;
  const ip = () => `10.51.${Math.floor(++n / 250)}.${n % 250}`;
  const post = (u: SignedUp, url: string, body?: unknown) => call(h, { method: 'POST', url, headers: u.headers, body });
  const code = (secret: string) => generate({ secret, epoch: Math.floor(clock.t / 1000) });
  const login = (email: string, password: string, extra: Record<string, string> = {}) =>
    call(h, { method: 'POST', url: '/auth/login', remoteAddress: ip(), body: { email, password, ...extra } });
  const userRow = (id: string) => h.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  async function resetLink(email: string) {
    const asked = await call(h, { method: 'POST', url: '/auth/password-reset', remoteAddress: ip(), body: { email } });
    assert.equal(asked.statusCode, 202, asked.body);
    await h.app.jobs.runDue();
    return smtp.link(email, '/reset-password').searchParams.get('token')!;
  }
  const confirmReset = (token: string, password: string) =>
    call(h, { method: 'POST', url: '/auth/password-reset/confirm', body: { token, password } });
  return { ip, post, code, login, userRow, resetLink, confirmReset };
}

forEachDialect('unproven accounts (EMAIL_VERIFICATION=required)', (dialect) => {
  const { h, smtp, clock } = useMailHarness(dialect);
  const { post, code, login, userRow, resetLink, confirmReset } = helpers(h, smtp, clock);

  it('ACC-1: a sign-up with the victim’s address cannot turn 2FA on (403 email-unverified); nothing is enrolled', async () => {
    const victim = `victim-${Date.now()}@corp.example`;
    const attacker = await signUp(h, { email: victim });
    const p = expectProblem(
      await post(attacker, '/auth/2fa/enrol', { password: attacker.password }),
      403,
      'email-unverified',
    );
    assert.equal(p.resend, '/auth/verify-email/resend');
    expectProblem(await post(attacker, '/auth/2fa/confirm', { code: '123456' }), 403, 'email-unverified');
    const row = await userRow(attacker.userId);
    assert.equal(row.totp_secret_sealed, null);
    assert.equal(row.totp_enabled_at, null);
    // The owner proves the mailbox with a reset, and signs in with the password alone.
    const token = await resetLink(victim);
    assert.equal((await confirmReset(token, 'the owner’s own passphrase')).statusCode, 200);
    const owner = await login(victim, 'the owner’s own passphrase');
    assert.equal(owner.statusCode, 200, owner.body);
    assert.equal(owner.json.data.user.email_verified, true);
  });

  it('unproven: no API key, no file or logo upload, 403 email-unverified; nothing stored; allowed once verified', async () => {
    const u = await signUp(h);
    const count = async (table: 'api_keys' | 'files' | 'logos') =>
      Number(
        (
          await h.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            // Scoped: other test files write these tables in the same database at the same time.
            .where('organization_id', '=', u.organizationId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await Promise.all([count('api_keys'), count('files'), count('logos')]);
    const key = () => post(u, '/v1/api-keys', { name: 'k' });
    const file = () => post(u, '/v1/files', { name: 'menu.pdf', content_type: 'application/pdf', data: PDF });
    const logo = () => post(u, '/v1/logos', { name: 'dot', content_type: 'image/png', data: PNG_1PX });
    for (const attempt of [key, file, logo]) expectProblem(await attempt(), 403, 'email-unverified');
    assert.deepEqual(await Promise.all([count('api_keys'), count('files'), count('logos')]), before);
    // Looking around still works.
    assert.equal((await call(h, { url: '/v1/codes', headers: u.headers })).statusCode, 200);
    await verifyAddress(h, smtp, u);
    assert.equal((await key()).statusCode, 201);
    assert.equal((await file()).statusCode, 201);
  });

  it('unproven: no billing address, where usage notices would mail a stranger (403); allowed once verified', async () => {
    const u = await signUp(h);
    const patch = (billing_email: string | null) =>
      call(h, {
        method: 'PATCH',
        url: `/v1/organizations/${u.organizationId}`,
        headers: u.headers,
        body: { billing_email },
      });
    const billing = async () =>
      (
        await h.db
          .selectFrom('organizations')
          .select('billing_email')
          .where('id', '=', u.organizationId)
          .executeTakeFirstOrThrow()
      ).billing_email;
    expectProblem(await patch('stranger@victims.example'), 403, 'email-unverified');
    const created = await post(u, '/v1/organizations', {
      name: 'Second',
      slug: `second-${Date.now()}`,
      billing_email: 'stranger@victims.example',
    });
    expectProblem(created, 403, 'email-unverified');
    assert.equal(await billing(), null);
    assert.equal((await patch(null)).statusCode, 200, 'clearing it is fine');
    await verifyAddress(h, smtp, u);
    assert.equal((await patch('books@corp.example')).statusCode, 200);
    assert.equal(await billing(), 'books@corp.example');
  });

  it('2FA-1: enrolling needs the current password: wrong 422 mismatch at /password, missing 400; nothing enrolled', async () => {
    const u = await verifyAddress(h, smtp, await signUp(h));
    assertErrorAt(
      expectProblem(await post(u, '/auth/2fa/enrol', { password: 'not the password' }), 422, 'validation-error'),
      '/password',
      'mismatch',
    );
    assertErrorAt(expectProblem(await post(u, '/auth/2fa/enrol', {}), 400, 'bad-request'), '/password', 'required');
    expectProblem(await post(u, '/auth/2fa/enrol'), 400, 'bad-request');
    assert.equal((await userRow(u.userId)).totp_secret_sealed, null);
    // Wrong passwords count like logins: the session holder cannot guess on for ever.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await post(u, '/auth/2fa/enrol', { password: `guess ${i}` })).statusCode);
    assert.ok(statuses.includes(429), statuses.join(','));
    assert.equal((await userRow(u.userId)).totp_secret_sealed, null);
  });

  it('a reset of a proved account keeps its 2FA: the mailbox alone does not switch off the second factor', async () => {
    const u = await verifyAddress(h, smtp, await signUp(h));
    const enrol = await post(u, '/auth/2fa/enrol', { password: u.password });
    assert.equal(enrol.statusCode, 200, enrol.body);
    assert.equal((await post(u, '/auth/2fa/confirm', { code: await code(enrol.json.data.secret) })).statusCode, 200);
    const token = await resetLink(u.email);
    assert.equal((await confirmReset(token, 'another long passphrase')).statusCode, 200);
    const first = await login(u.email, 'another long passphrase');
    assert.equal(first.statusCode, 401);
    assert.match(first.json.type, /two-factor-required$/);
  });

  describe('TOK-1: a reset link dies with any password change', () => {
    it('changing the password in a session', async () => {
      const u = await signUp(h);
      const token = await resetLink(u.email);
      const changed = await post(u, '/auth/password', {
        current_password: u.password,
        new_password: 'changed on the account page',
      });
      assert.equal(changed.statusCode, 200, changed.body);
      assertErrorAt(
        expectProblem(await confirmReset(token, 'the attacker’s passphrase'), 422, 'validation-error'),
        '/token',
        'used_token',
      );
      assert.equal((await login(u.email, 'changed on the account page')).statusCode, 200);
      assert.equal((await login(u.email, 'the attacker’s passphrase')).statusCode, 401);
    });

    it('another reset', async () => {
      const u = await signUp(h);
      const stale = await resetLink(u.email);
      const fresh = await resetLink(u.email);
      assert.notEqual(stale, fresh);
      assert.equal((await confirmReset(fresh, 'set by the newest link')).statusCode, 200);
      expectProblem(await confirmReset(stale, 'the attacker’s passphrase'), 422, 'validation-error');
      assert.equal((await login(u.email, 'set by the newest link')).statusCode, 200);
    });
  });
});

forEachDialect('unproven accounts (EMAIL_VERIFICATION=off)', (dialect) => {
  const { h, smtp, clock } = useMailHarness(dialect, { EMAIL_VERIFICATION: 'off' });
  const { post, code, login, userRow, resetLink, confirmReset } = helpers(h, smtp, clock);

  it('ACC-1: the pre-hijacker’s 2FA, recovery codes, sessions and API keys go when the owner resets through the mailbox', async () => {
    const victim = `victim-${Date.now()}@corp.example`;
    const attacker = await signUp(h, { email: victim });
    // With verification off the restrictions do not apply (D56): the attacker gets this far.
    const enrol = await post(attacker, '/auth/2fa/enrol', { password: attacker.password });
    assert.equal(enrol.statusCode, 200, enrol.body);
    const confirmed = await post(attacker, '/auth/2fa/confirm', { code: await code(enrol.json.data.secret) });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const key = await post(attacker, '/v1/api-keys', { name: 'left behind' });
    assert.equal(key.statusCode, 201, key.body);
    const bearer = { authorization: `Bearer ${key.json.data.api_key}` };
    assert.equal((await call(h, { url: '/v1/codes', headers: bearer })).statusCode, 200);

    const token = await resetLink(victim);
    const reset = await confirmReset(token, 'the owner’s own passphrase');
    assert.equal(reset.statusCode, 200, reset.body);

    const owner = await login(victim, 'the owner’s own passphrase');
    assert.equal(owner.statusCode, 200, owner.body);
    assert.equal(owner.json.data.user.two_factor_enabled, false);
    assert.equal(owner.json.data.user.email_verified, true);
    // Neither the attacker's session, nor key, nor recovery codes work any more.
    expectProblem(await call(h, { url: '/auth/me', headers: attacker.headers }), 401, 'authentication');
    expectProblem(await call(h, { url: '/v1/codes', headers: bearer }), 401, 'authentication');
    const recovery = confirmed.json.data.recovery_codes[0];
    assert.equal(
      (await login(victim, 'the owner’s own passphrase', { code: recovery })).statusCode,
      200,
      'a code is ignored once 2FA is off',
    );
    const row = await userRow(attacker.userId);
    assert.equal(row.totp_secret_sealed, null);
    const codes = await h.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', attacker.userId).execute();
    assert.equal(codes.length, 0);
    const keys = await h.db.selectFrom('api_keys').selectAll().where('created_by', '=', attacker.userId).execute();
    assert.ok(keys.length === 1 && keys[0].revoked_at !== null);
  });

  it('2FA-1 holds without verification too: enrolling without the password is refused', async () => {
    const u = await signUp(h);
    assertErrorAt(
      expectProblem(await post(u, '/auth/2fa/enrol', { password: 'a shared computer' }), 422, 'validation-error'),
      '/password',
      'mismatch',
    );
    assert.equal((await userRow(u.userId)).totp_secret_sealed, null);
  });
});
