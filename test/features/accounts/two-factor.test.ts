import { it } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from 'otplib';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { assertErrorAt } from '../../support/callers.js';
import { decodeSvg } from '../../support/decode.js';
import { useMailHarness } from '../../support/mail.js';
import { signUp, verifyAddress, type SignedUp } from '../../support/accounts.js';

forEachDialect('two-factor sign-in', (dialect) => {
  const { h, smtp, clock } = useMailHarness(dialect);

  let n = 0;
  const post = (u: SignedUp, url: string, body?: unknown) => call(h, { method: 'POST', url, headers: u.headers, body });
  const code = (secret: string, offsetS = 0) => generate({ secret, epoch: Math.floor(clock.t / 1000) + offsetS });
  const login = (email: string, password: string, extra: Record<string, string> = {}) =>
    call(h, {
      method: 'POST',
      url: '/auth/login',
      remoteAddress: `10.11.${Math.floor(++n / 250)}.${n % 250}`,
      body: { email, password, ...extra },
    });

  // A proved address: an unproved one may not enrol (D56).
  const verifiedSignUp = async (opts: { locale?: 'en' | 'de'; email?: string } = {}) =>
    verifyAddress(h, smtp, await signUp(h, opts));

  async function enrolled(u: SignedUp) {
    const enrol = await post(u, '/auth/2fa/enrol', { password: u.password });
    assert.equal(enrol.statusCode, 200, enrol.body);
    const { secret, otpauth_uri, qr_svg } = enrol.json.data;
    const confirmed = await post(u, '/auth/2fa/confirm', { code: await code(secret) });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    return { secret, otpauth_uri, qr_svg, recovery: confirmed.json.data.recovery_codes as string[] };
  }

  it('enrol: the QR code (our renderer) decodes to the otpauth URI; a wrong code is refused; confirm turns it on', async () => {
    const u = await verifiedSignUp({ locale: 'de' });
    const enrol = await post(u, '/auth/2fa/enrol', { password: u.password });
    const { secret, otpauth_uri, qr_svg } = enrol.json.data;
    assert.match(otpauth_uri, /^otpauth:\/\/totp\/qrs:.+\?secret=[A-Z2-7]+&issuer=qrs/);
    assert.equal(await decodeSvg(qr_svg), otpauth_uri);
    assertErrorAt(
      expectProblem(await post(u, '/auth/2fa/confirm', { code: '000000' }), 422, 'validation-error'),
      '/code',
      'mismatch',
    );
    assert.equal((await call(h, { url: '/auth/me', headers: u.headers })).json.data.user.two_factor_enabled, false);
    const ok = await post(u, '/auth/2fa/confirm', { code: await code(secret) });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json.data.recovery_codes.length, 10);
    assert.equal((await call(h, { url: '/auth/me', headers: u.headers })).json.data.user.two_factor_enabled, true);
    expectProblem(await post(u, '/auth/2fa/enrol', { password: u.password }), 409, 'conflict');
    await h.app.jobs.runDue();
    assert.ok(smtp.got(u.email, 'Zwei-Faktor-Anmeldung eingeschaltet'));
  });

  it('login becomes two steps: password alone 401 two-factor-required; wrong code 401; right code or a recovery code (once) signs in', async () => {
    const u = await verifiedSignUp();
    const { secret, recovery } = await enrolled(u);
    const first = await login(u.email, u.password);
    assert.equal(first.statusCode, 401);
    assert.match(first.json.type, /two-factor-required$/);
    assert.equal(first.headers['set-cookie'], undefined);
    assert.equal((await login(u.email, u.password, { code: '123456' })).statusCode, 401);
    const ok = await login(u.email, u.password, { code: await code(secret, 20) });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal((await login(u.email, u.password, { code: recovery[0] })).statusCode, 200);
    assert.equal((await login(u.email, u.password, { code: recovery[0] })).statusCode, 401);
    assert.equal((await login(u.email, 'wrong password', { code: await code(secret) })).statusCode, 401);
  });

  it('wrong codes are throttled like passwords', async () => {
    const u = await verifiedSignUp();
    await enrolled(u);
    const ip = '10.12.0.1';
    const attempt = () =>
      call(h, {
        method: 'POST',
        url: '/auth/login',
        remoteAddress: ip,
        body: { email: u.email, password: u.password, code: '111111' },
      });
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt()).statusCode);
    assert.ok(statuses.includes(429), statuses.join(','));
  });

  it('disable needs password and code; secrets and recovery codes are never stored in clear', async () => {
    const u = await verifiedSignUp();
    const { secret, recovery } = await enrolled(u);
    const user = await h.db.selectFrom('users').selectAll().where('id', '=', u.userId).executeTakeFirstOrThrow();
    assert.ok(user.totp_secret_sealed && !user.totp_secret_sealed.includes(secret));
    const codes = await h.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', u.userId).execute();
    assert.equal(codes.length, 10);
    const dump = JSON.stringify(
      await Promise.all(
        (['users', 'recovery_codes', 'mail_messages', 'jobs', 'idempotency_keys'] as const).map((t) =>
          h.db.selectFrom(t).selectAll().execute(),
        ),
      ),
    );
    assert.ok(!dump.includes(secret), 'TOTP secret in clear');
    for (const c of recovery) assert.ok(!dump.includes(c), 'recovery code in clear');
    assertErrorAt(
      expectProblem(
        await post(u, '/auth/2fa/disable', { password: 'wrong', code: await code(secret) }),
        422,
        'validation-error',
      ),
      '/password',
      'mismatch',
    );
    assertErrorAt(
      expectProblem(
        await post(u, '/auth/2fa/disable', { password: u.password, code: '999999' }),
        422,
        'validation-error',
      ),
      '/code',
      'mismatch',
    );
    const off = await post(u, '/auth/2fa/disable', { password: u.password, code: recovery[3] });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal((await login(u.email, u.password)).statusCode, 200);
    assert.equal(
      (await h.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', u.userId).execute()).length,
      0,
    );
    await h.app.jobs.runDue();
    assert.ok(smtp.got(u.email, 'Two-factor sign-in turned off'));
    expectProblem(await post(u, '/auth/2fa/disable', { password: u.password, code: '1' }), 409, 'conflict');
  });

  it('settings.require_2fa: members without 2FA reach only the /auth routes until they enrol; API keys are unaffected', async () => {
    const u = await verifiedSignUp();
    const required = async () => (await call(h, { url: '/auth/me', headers: u.headers })).json.data.two_factor_required;
    assert.equal(await required(), false);
    // Only an admin who has 2FA on may require it (D57).
    const { secret } = await enrolled(u);
    const patch = await call(h, {
      method: 'PATCH',
      url: `/v1/organizations/${u.organizationId}`,
      headers: u.headers,
      body: { settings: { require_2fa: true } },
    });
    assert.equal(patch.statusCode, 200, patch.body);
    const off = await post(u, '/auth/2fa/disable', { password: u.password, code: await code(secret) });
    assert.equal(off.statusCode, 200, off.body);
    expectProblem(await call(h, { url: '/v1/codes', headers: u.headers }), 403, 'two-factor-enrolment-required');
    assert.equal(await required(), true, 'the dashboard leads to enrolment by this');
    await enrolled(u);
    assert.equal((await call(h, { url: '/v1/codes', headers: u.headers })).statusCode, 200);
  });
});
