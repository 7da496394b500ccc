import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { assertErrorAt } from '../../support/callers.js';
import { useMailHarness } from '../../support/mail.js';
import { signUp } from '../../support/accounts.js';

// PATCH /auth/me: the language stored on the user is the language of every mail that follows.
forEachDialect('profile: name and language', (dialect) => {
  const { h, smtp } = useMailHarness(dialect);
  const patch = (headers: Record<string, string>, body: unknown) =>
    call(h, { method: 'PATCH', url: '/auth/me', headers, body });
  const me = async (headers: Record<string, string>) => (await call(h, { url: '/auth/me', headers })).json.data.user;
  let n = 0;
  const resetMail = async (email: string) => {
    const res = await call(h, {
      method: 'POST',
      url: '/auth/password-reset',
      remoteAddress: `10.8.0.${++n}`,
      body: { email },
    });
    assert.equal(res.statusCode, 202, res.body);
    await h.app.jobs.runDue();
  };

  it('switching to German makes the next mail German, and back to English the one after', async () => {
    const u = await signUp(h, { locale: 'en' });
    const res = await patch(u.headers, { locale: 'de' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.locale, 'de');
    assert.equal(res.json.data.id, u.userId);
    assert.equal((await me(u.headers)).locale, 'de');
    await resetMail(u.email);
    await smtp.arrived(u.email, 'Passwort zurücksetzen');
    smtp.find(u.email, 'Passwort zurücksetzen');

    assert.equal((await patch(u.headers, { locale: 'en' })).statusCode, 200);
    await resetMail(u.email);
    await smtp.arrived(u.email, 'Reset your password');
    smtp.find(u.email, 'Reset your password');
  });

  it('sets and clears the name; a name alone keeps the language', async () => {
    const u = await signUp(h, { locale: 'de' });
    const named = await patch(u.headers, { name: '  Ada Lovelace ' });
    assert.equal(named.statusCode, 200, named.body);
    assert.equal(named.json.data.name, 'Ada Lovelace');
    assert.equal(named.json.data.locale, 'de');
    const cleared = await patch(u.headers, { name: null });
    assert.equal(cleared.json.data.name, null);
    assert.equal((await me(u.headers)).name, null);
  });

  it('bad input changes nothing; no session is 401, no CSRF token 403', async () => {
    const u = await signUp(h, { locale: 'en' });
    assertErrorAt(expectProblem(await patch(u.headers, { locale: 'fr' }), 422, 'validation-error'), '/locale');
    assertErrorAt(expectProblem(await patch(u.headers, { name: '   ' }), 422, 'validation-error'), '/name');
    assertErrorAt(
      expectProblem(await patch(u.headers, { locale: 'de', email: 'x@example.com' }), 422, 'validation-error'),
      '/email',
      'unknown_field',
    );
    expectProblem(await patch(u.headers, {}), 422, 'validation-error');
    expectProblem(await patch({ cookie: u.headers.cookie }, { locale: 'de' }), 403, 'forbidden');
    expectProblem(await patch({}, { locale: 'de' }), 401, 'authentication');
    const after = await me(u.headers);
    assert.equal(after.locale, 'en');
    assert.equal(after.name, null);
  });

  it("a session changes only its own user: another person's language stays", async () => {
    const a = await signUp(h, { locale: 'en' });
    const b = await signUp(h, { locale: 'en' });
    assert.equal((await patch(a.headers, { locale: 'de' })).statusCode, 200);
    assert.equal((await me(b.headers)).locale, 'en');
    assert.equal((await me(a.headers)).locale, 'de');
  });
});
