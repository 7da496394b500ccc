import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { assertErrorAt } from '../../support/callers.js';
import { useMailHarness } from '../../support/mail.js';
import { signUp, type SignedUp } from '../../support/accounts.js';

forEachDialect('e-mail change and security notices', (dialect) => {
  const { h, smtp } = useMailHarness(dialect);

  const change = (u: SignedUp, body: unknown) =>
    call(h, { method: 'POST', url: '/auth/email-change', headers: u.headers, body });
  const confirm = (token: string) => call(h, { method: 'POST', url: '/auth/email-change/confirm', body: { token } });
  const me = (u: SignedUp) => call(h, { url: '/auth/me', headers: u.headers });

  for (const locale of ['en', 'de'] as const) {
    it(`(${locale}) confirm at the new address; the old one gets a notice; wrong password changes nothing`, async () => {
      const u = await signUp(h, { locale });
      const next = `${randomSlug('new')}@example.com`;
      assertErrorAt(
        expectProblem(await change(u, { new_email: next, password: 'wrong one!' }), 422, 'validation-error'),
        '/password',
        'mismatch',
      );
      const res = await change(u, { new_email: next.toUpperCase(), password: u.password });
      assert.equal(res.statusCode, 202, res.body);
      assert.equal((await me(u)).json.data.user.email, u.email);
      await h.app.jobs.runDue();
      const mail = smtp.to(next).at(-1)!;
      assert.equal(
        mail.subject,
        locale === 'de' ? 'Neue E-Mail-Adresse bestätigen' : 'Confirm your new e-mail address',
      );
      const token = smtp.link(next, '/confirm-email').searchParams.get('token')!;
      const done = await confirm(token);
      assert.equal(done.statusCode, 200, done.body);
      assert.deepEqual(done.json.data, { email: next, email_verified: true });
      const user = (await me(u)).json.data.user;
      assert.equal(user.email, next);
      assert.equal(user.email_verified, true);
      await h.app.jobs.runDue();
      const notice = smtp.find(
        u.email,
        locale === 'de'
          ? 'Die E-Mail-Adresse Ihres Kontos wurde geändert'
          : 'The e-mail address of your account was changed',
      );
      assert.ok(notice.text?.includes(next));
      assertErrorAt(expectProblem(await confirm(token), 422, 'validation-error'), '/token', 'used_token');
    });
  }

  it('an address taken meanwhile, a forged token, no session, no CSRF: refused, nothing changes', async () => {
    const u = await signUp(h);
    const other = await signUp(h);
    await change(u, { new_email: other.email, password: u.password });
    await h.app.jobs.runDue();
    const token = smtp.link(other.email, '/confirm-email').searchParams.get('token')!;
    assertErrorAt(expectProblem(await confirm(token), 422, 'validation-error'), '/token', 'taken');
    assert.equal((await me(u)).json.data.user.email, u.email);
    assertErrorAt(expectProblem(await confirm('z'.repeat(43)), 422, 'validation-error'), '/token', 'invalid_token');
    expectProblem(
      await call(h, { method: 'POST', url: '/auth/email-change', body: { new_email: 'a@b.example', password: 'x' } }),
      401,
      'authentication',
    );
    expectProblem(
      await call(h, {
        method: 'POST',
        url: '/auth/email-change',
        headers: { cookie: u.headers.cookie },
        body: { new_email: 'a@b.example', password: 'x' },
      }),
      403,
      'forbidden',
    );
    assertErrorAt(
      expectProblem(await change(u, { new_email: 'not an address', password: u.password }), 422, 'validation-error'),
      '/new_email',
    );
  });

  it('notices: an API key created in a session, a password changed in a session', async () => {
    const u = await signUp(h);
    await h.app.jobs.runDue();
    const token = smtp.link(u.email, '/verify-email').searchParams.get('token');
    await call(h, { method: 'POST', url: '/auth/verify-email', body: { token } });
    const key = await call(h, { method: 'POST', url: '/v1/api-keys', headers: u.headers, body: { name: 'Deploy' } });
    assert.equal(key.statusCode, 201, key.body);
    await h.app.jobs.runDue();
    await smtp.arrived(u.email, 'New API key created');
    const keyMail = smtp.find(u.email, 'New API key created');
    assert.ok(keyMail.text?.includes('"Deploy"'));
    assert.ok(!keyMail.text?.includes(key.json.data.api_key), 'the secret is never mailed');
    const pw = await call(h, {
      method: 'POST',
      url: '/auth/password',
      headers: u.headers,
      body: { current_password: u.password, new_password: 'another long passphrase' },
    });
    assert.equal(pw.statusCode, 200, pw.body);
    await h.app.jobs.runDue();
    assert.ok(smtp.got(u.email, 'Your password was changed'));
  });
});
