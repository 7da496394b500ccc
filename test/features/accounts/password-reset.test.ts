import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { assertErrorAt } from '../../support/callers.js';
import { useMailHarness } from '../../support/mail.js';
import { signUp } from '../../support/accounts.js';

forEachDialect('password reset', (dialect) => {
  const { h, smtp, clock } = useMailHarness(dialect);

  let n = 0;
  const nextIp = () => `10.9.${Math.floor(++n / 250)}.${n % 250}`;
  const request = (email: string, ip = nextIp()) =>
    call(h, {
      method: 'POST',
      url: '/auth/password-reset',
      remoteAddress: ip,
      body: { email },
    });
  const confirm = (token: string, password: string) =>
    call(h, { method: 'POST', url: '/auth/password-reset/confirm', body: { token, password } });
  const login = (email: string, password: string) =>
    call(h, {
      method: 'POST',
      url: '/auth/login',
      remoteAddress: nextIp(),
      body: { email, password },
    });
  async function resetToken(email: string) {
    await h.app.jobs.runDue();
    return smtp.link(email, '/reset-password').searchParams.get('token')!;
  }

  for (const locale of ['en', 'de'] as const) {
    it(`(${locale}) request → follow the e-mailed link → new password; every session ends; notice sent`, async () => {
      const u = await signUp(h, { locale });
      const res = await request(u.email.toUpperCase());
      assert.equal(res.statusCode, 202, res.body);
      assert.deepEqual(res.json.data, { accepted: true });
      const token = await resetToken(u.email);
      smtp.find(u.email, locale === 'de' ? 'Passwort zurücksetzen' : 'Reset your password');
      const done = await confirm(token, 'a brand new passphrase');
      assert.equal(done.statusCode, 200, done.body);
      assert.deepEqual(done.json.data, { password_changed: true, sessions_ended: 1 });
      expectProblem(await call(h, { url: '/auth/me', headers: u.headers }), 401, 'authentication');
      assert.equal((await login(u.email, u.password)).statusCode, 401);
      assert.equal((await login(u.email, 'a brand new passphrase')).statusCode, 200);
      await h.app.jobs.runDue();
      smtp.find(u.email, locale === 'de' ? 'Ihr Passwort wurde geändert' : 'Your password was changed');
      assertErrorAt(
        expectProblem(await confirm(token, 'yet another passphrase'), 422, 'validation-error'),
        '/token',
        'used_token',
      );
    });
  }

  it('an unknown address gets the same 202 after the same work, and no mail', async () => {
    const known = await signUp(h);
    const unknown = `${randomSlug('ghost')}@example.com`;
    const jobs = async () =>
      (await h.db.selectFrom('jobs').select('id').where('kind', '=', 'password-reset.request').execute()).length;
    const before = await jobs();
    const a = await request(known.email);
    const mid = await jobs();
    const b = await request(unknown);
    assert.equal(mid - before, 1);
    assert.equal((await jobs()) - mid, 1);
    assert.equal(a.statusCode, b.statusCode);
    assert.equal(a.json.data.accepted, b.json.data.accepted);
    assert.deepEqual(Object.keys(a.headers).sort(), Object.keys(b.headers).sort());
    await h.app.jobs.runDue();
    assert.equal(smtp.to(unknown).length, 0);
  });

  it('a refused password, a forged or expired token: 422, nothing changes and the link still works until it expires', async () => {
    const u = await signUp(h);
    await request(u.email);
    const token = await resetToken(u.email);
    assertErrorAt(expectProblem(await confirm(token, 'password'), 422, 'validation-error'), '/password');
    assertErrorAt(
      expectProblem(await confirm('f'.repeat(43), 'a brand new passphrase'), 422, 'validation-error'),
      '/token',
      'invalid_token',
    );
    assert.equal((await call(h, { url: '/auth/me', headers: u.headers })).statusCode, 200);
    clock.advance(3_600_001);
    assertErrorAt(
      expectProblem(await confirm(token, 'a brand new passphrase'), 422, 'validation-error'),
      '/token',
      'expired_token',
    );
    assert.equal((await login(u.email, u.password)).statusCode, 200);
  });

  it('rate-limited: 3 an hour per address, 10 per IP address (429 with Retry-After)', async () => {
    const u = await signUp(h);
    for (let i = 0; i < 3; i++) assert.equal((await request(u.email)).statusCode, 202);
    const limited = await request(u.email);
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    const ip = '10.99.0.1';
    for (let i = 0; i < 10; i++) assert.equal((await request(`${randomSlug('x')}@example.com`, ip)).statusCode, 202);
    assert.equal((await request(`${randomSlug('x')}@example.com`, ip)).statusCode, 429);
    expectProblem(
      await call(h, { method: 'POST', url: '/auth/password-reset', body: { email: 'a@b.c', x: 1 } }),
      422,
      'validation-error',
    );
  });

  it('no reset token is stored in clear', async () => {
    const u = await signUp(h);
    await request(u.email);
    const token = await resetToken(u.email);
    const tables = await Promise.all(
      (['user_tokens', 'jobs', 'mail_messages'] as const).map((t) => h.db.selectFrom(t).selectAll().execute()),
    );
    assert.ok(!JSON.stringify(tables).includes(token));
  });
});
