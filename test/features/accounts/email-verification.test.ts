import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { assertErrorAt } from '../../support/callers.js';
import { useMailHarness } from '../../support/mail.js';
import { signUp } from '../../support/accounts.js';

forEachDialect('e-mail verification', (dialect) => {
  const { h, smtp, clock } = useMailHarness(dialect);

  const verify = (token: string) => call(h, { method: 'POST', url: '/auth/verify-email', body: { token } });
  const me = (headers: Record<string, string>) => call(h, { url: '/auth/me', headers });
  const createKey = (headers: Record<string, string>) =>
    call(h, { method: 'POST', url: '/v1/api-keys', headers, body: { name: 'k' } });
  async function linkFor(email: string) {
    await h.app.jobs.runDue();
    return smtp.link(email, '/verify-email').searchParams.get('token')!;
  }

  it('EMAIL_VERIFICATION defaults to required with SMTP_URL; the CLI bootstrap user is verified', async () => {
    assert.equal(h.config.emailVerification, 'required');
    const t = await seedTenant(h);
    const user = await h.db.selectFrom('users').selectAll().where('id', '=', t.userId).executeTakeFirstOrThrow();
    assert.ok(user.email_verified_at);
  });

  for (const locale of ['en', 'de'] as const) {
    it(`sign-up (${locale}) → follow the e-mailed link → email_verified; API keys unlocked`, async () => {
      const u = await signUp(h, { locale });
      const before = (await me(u.headers)).json.data;
      assert.equal(before.user.email_verified, false);
      assert.equal(before.email_verification_required, true, 'the dashboard shows its banner by this');
      const p = expectProblem(await createKey(u.headers), 403, 'email-unverified');
      assert.equal(p.resend, '/auth/verify-email/resend');
      await h.app.jobs.runDue();
      const [mail] = smtp.to(u.email);
      assert.equal(
        mail.subject,
        locale === 'de' ? 'Bitte bestätigen Sie Ihre E-Mail-Adresse' : 'Please verify your e-mail address',
      );
      const res = await verify((await linkFor(u.email)) ?? '');
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json.data, { email: u.email, email_verified: true });
      assert.equal((await me(u.headers)).json.data.user.email_verified, true);
      assert.equal((await createKey(u.headers)).statusCode, 201);
    });
  }

  it('reused, forged, expired and superseded tokens: 422 at /token, nothing changes', async () => {
    const a = await signUp(h);
    const first = await linkFor(a.email);
    // A resend too soon is refused; after a minute it mints a new link and the first stops working.
    expectProblem(
      await call(h, { method: 'POST', url: '/auth/verify-email/resend', headers: a.headers }),
      429,
      'rate-limited',
    );
    clock.advance(61_000);
    const resent = await call(h, { method: 'POST', url: '/auth/verify-email/resend', headers: a.headers });
    assert.equal(resent.statusCode, 202, resent.body);
    const second = await linkFor(a.email);
    assert.notEqual(first, second);
    assertErrorAt(expectProblem(await verify(first), 422, 'validation-error'), '/token', 'used_token');
    assertErrorAt(expectProblem(await verify('x'.repeat(43)), 422, 'validation-error'), '/token', 'invalid_token');
    clock.advance(24 * 3_600_000 + 1);
    assertErrorAt(expectProblem(await verify(second), 422, 'validation-error'), '/token', 'expired_token');
    assert.equal((await me(a.headers)).json.data.user.email_verified, false);
    // A fresh one works once.
    clock.advance(61_000);
    await call(h, { method: 'POST', url: '/auth/verify-email/resend', headers: a.headers });
    const third = await linkFor(a.email);
    assert.equal((await verify(third)).statusCode, 200);
    assertErrorAt(expectProblem(await verify(third), 422, 'validation-error'), '/token', 'used_token');
    expectProblem(
      await call(h, { method: 'POST', url: '/auth/verify-email/resend', headers: a.headers }),
      409,
      'conflict',
    );
  });

  it("another user's token verifies only the address it was sent to", async () => {
    const a = await signUp(h);
    const b = await signUp(h);
    const tokenA = await linkFor(a.email);
    assert.equal((await verify(tokenA)).json.data.email, a.email);
    assert.equal((await me(b.headers)).json.data.user.email_verified, false);
  });

  it('resend: five an hour at most; no session 401; no CSRF 403; bad body 422/400', async () => {
    const a = await signUp(h);
    for (let i = 0; i < 4; i++) {
      clock.advance(61_000);
      assert.equal(
        (await call(h, { method: 'POST', url: '/auth/verify-email/resend', headers: a.headers })).statusCode,
        202,
      );
    }
    clock.advance(61_000);
    const limited = expectProblem(
      await call(h, { method: 'POST', url: '/auth/verify-email/resend', headers: a.headers }),
      429,
      'rate-limited',
    );
    assert.ok(limited);
    expectProblem(await call(h, { method: 'POST', url: '/auth/verify-email/resend' }), 401, 'authentication');
    expectProblem(
      await call(h, { method: 'POST', url: '/auth/verify-email/resend', headers: { cookie: a.headers.cookie } }),
      403,
      'forbidden',
    );
    expectProblem(await call(h, { method: 'POST', url: '/auth/verify-email', body: {} }), 400, 'bad-request');
    expectProblem(
      await call(h, { method: 'POST', url: '/auth/verify-email', body: { token: 'a', extra: 1 } }),
      422,
      'validation-error',
    );
  });

  it('no token is stored in clear', async () => {
    const a = await signUp(h);
    const token = await linkFor(a.email);
    const rows = await h.db.selectFrom('user_tokens').selectAll().where('user_id', '=', a.userId).execute();
    assert.ok(rows.length > 0);
    assert.ok(!JSON.stringify(rows).includes(token));
    const jobs = await h.db.selectFrom('jobs').selectAll().execute();
    const mails = await h.db.selectFrom('mail_messages').selectAll().execute();
    assert.ok(!JSON.stringify([jobs, mails]).includes(token));
  });
});
