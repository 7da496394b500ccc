// 2FA-4, replayed (docs/decisions.md D57): someone who knows the password guessed
// two-factor codes from many addresses within the login throttle (~4,800 a day) and nobody was
// told. Wrong second factors now spend a budget of their own per account, whatever the address,
// and the holder gets one notice, in their language, when it is spent.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from 'otplib';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { useMailHarness } from '../../support/mail.js';
import { signUp, verifyAddress, type SignedUp } from '../../support/accounts.js';
import { SECOND_FACTOR_BUDGET } from '../../../src/features/accounts/second-factor-throttle.js';

const BUDGET = SECOND_FACTOR_BUDGET.failures;

forEachDialect('second-factor budget', (dialect) => {
  const { h, smtp, clock } = useMailHarness(dialect);

  let n = 0;
  // Every attempt from a new address: the per-address throttle never applies, as in the attack.
  const login = (email: string, password: string, code?: string) =>
    call(h, {
      method: 'POST',
      url: '/auth/login',
      remoteAddress: `10.52.${Math.floor(++n / 250) % 250}.${n % 250}`,
      body: { email, password, ...(code === undefined ? {} : { code }) },
    });
  const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.t / 1000) });
  const wrong = (secret: string) => {
    const right = String(totp(secret));
    return (c: number) => String((Number(right) + 1 + c) % 1_000_000).padStart(6, '0');
  };
  async function enrolled(locale: 'en' | 'de' = 'en') {
    const u = await verifyAddress(h, smtp, await signUp(h, { locale }));
    const post = (url: string, body: unknown) => call(h, { method: 'POST', url, headers: u.headers, body });
    const enrol = await post('/auth/2fa/enrol', { password: u.password });
    assert.equal(enrol.statusCode, 200, enrol.body);
    const secret: string = enrol.json.data.secret;
    assert.equal((await post('/auth/2fa/confirm', { code: await totp(secret) })).statusCode, 200);
    await h.app.jobs.runDue();
    return { u, secret, post };
  }
  const notices = (u: SignedUp, subject: string) => smtp.to(u.email).filter((m) => m.subject === subject).length;
  const SUBJECT = {
    en: 'Wrong two-factor codes for your qrs account',
    de: 'Falsche Zwei-Faktor-Codes für Ihr qrs-Konto',
  };

  for (const locale of ['en', 'de'] as const) {
    it(`(${locale}) the attack: wrong codes from many addresses stop at ${BUDGET}; then even the right code is 429; one notice`, async () => {
      const { u, secret } = await enrolled(locale);
      const guess = wrong(secret);
      for (let i = 0; i < BUDGET; i++) {
        const res = await login(u.email, u.password, guess(i));
        assert.equal(res.statusCode, 401, `guess ${i}: ${res.body}`);
      }
      for (let i = 0; i < 3; i++) {
        const res = await login(u.email, u.password, i === 0 ? await totp(secret) : guess(i));
        const p = expectProblem(res, 429, 'rate-limited');
        assert.match(p.detail, /two-factor/);
        const wait = Number(res.headers['retry-after']);
        assert.ok(wait > 0 && wait <= 86_400, String(wait));
        assert.equal(res.headers['set-cookie'], undefined);
      }
      // Without the password nothing is learnt: the budget answers only after it.
      assert.equal((await login(u.email, 'not the password', guess(0))).statusCode, 401);
      await h.app.jobs.runDue();
      await smtp.arrived(u.email, SUBJECT[locale]);
      assert.equal(notices(u, SUBJECT[locale]), 1, 'one notice a window');
      const mail = smtp.find(u.email, SUBJECT[locale]);
      assert.match(String(mail.text), new RegExp(`${BUDGET}`));
      assert.ok(smtp.link(u.email, '/forgot-password'));
    });
  }

  it('parallel guesses cannot outrun the count: at most the budget is checked', async () => {
    const { u, secret } = await enrolled();
    const guess = wrong(secret);
    const answers = await Promise.all(
      Array.from({ length: 3 * BUDGET }, (_, i) => login(u.email, u.password, guess(i))),
    );
    const checked = answers.filter((r) => r.statusCode === 401).length;
    assert.ok(checked <= BUDGET, `${checked} codes were checked`);
    assert.equal(answers.filter((r) => r.statusCode === 429).length, answers.length - checked);
    await h.app.jobs.runDue();
    await smtp.arrived(u.email, SUBJECT.en);
    assert.equal(notices(u, SUBJECT.en), 1);
  });

  it('right codes give their attempt back; wrong codes at disable spend the same budget; a new password lifts the pause', async () => {
    const { u, secret, post } = await enrolled();
    const guess = wrong(secret);
    for (let i = 0; i < 3 * BUDGET; i++)
      assert.equal((await login(u.email, u.password, await totp(secret))).statusCode, 200);
    for (let i = 0; i < BUDGET - 1; i++) assert.equal((await login(u.email, u.password, guess(i))).statusCode, 401);
    const disable = await post('/auth/2fa/disable', { password: u.password, code: guess(0) });
    expectProblem(disable, 422, 'validation-error');
    expectProblem(await login(u.email, u.password, await totp(secret)), 429, 'rate-limited');
    // The holder resets the password through the mailbox; the pause ends with it (2FA stays on).
    await call(h, {
      method: 'POST',
      url: '/auth/password-reset',
      remoteAddress: '10.53.0.1',
      body: { email: u.email },
    });
    await h.app.jobs.runDue();
    const token = smtp.link(u.email, '/reset-password').searchParams.get('token');
    const reset = await call(h, {
      method: 'POST',
      url: '/auth/password-reset/confirm',
      body: { token, password: 'a new and longer passphrase' },
    });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal((await login(u.email, 'a new and longer passphrase')).statusCode, 401, 'still two steps');
    assert.equal((await login(u.email, 'a new and longer passphrase', await totp(secret))).statusCode, 200);
  });

  it('the window ends: a day later codes are checked again', async () => {
    const { u, secret } = await enrolled();
    const guess = wrong(secret);
    for (let i = 0; i <= BUDGET; i++) await login(u.email, u.password, guess(i));
    expectProblem(await login(u.email, u.password, await totp(secret)), 429, 'rate-limited');
    clock.advance(SECOND_FACTOR_BUDGET.windowMs);
    assert.equal((await login(u.email, u.password, await totp(secret))).statusCode, 200);
  });
});
