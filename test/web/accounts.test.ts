// Journeys of the account screens (docs/accounts.md): the verify banner and its link, forgot and
// reset password, e-mail change, two-factor enrolment with recovery codes, the login code step,
// and an organization that requires 2FA. Real Chromium against a real server; every e-mail is
// caught by a real SMTP server on loopback and its link followed as a user would.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { TestSmtp } from '../support/mail.js';
import { signUp as apiSignUp } from '../support/accounts.js';
import { randomSlug } from '../support/harness.js';
import {
  chromiumMissing,
  expectAccessible,
  launch,
  newContext,
  signUp,
  startServer,
  type WebServer,
} from './browser.js';
import { accessibleEverywhere } from '../support/axe.js';
import { TestClock } from '../support/clock.js';

const skip = chromiumMissing();

/** The real clock, moved ahead by hand to pass the resend limit. */
const clock = TestClock.live();
const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    return e?.id ? (document.querySelector(`label[for="${e.id}"]`)?.textContent ?? '') : (e?.textContent ?? '');
  });

describe('dashboard: account screens', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  const smtp = new TestSmtp();
  before(async () => {
    await smtp.start();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: smtp.url, JOBS_POLL_INTERVAL_MS: '100' }, { clock }),
      launch(),
    ]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await smtp.stop();
  });

  const link = async (to: string, subject: string, path: string) => {
    await smtp.arrived(to, subject, 20_000);
    const url = smtp.link(to, path);
    return url.pathname + url.search;
  };

  /** Follows the sign-up's verification link: only a proved address may turn 2FA on (D56). */
  const verify = async (page: Page, email: string) => {
    await page.goto(await link(email, 'Please verify your e-mail address', '/verify-email'));
    await page.getByRole('button', { name: 'Verify my address' }).click();
    await page.getByText(`${email} is verified.`).waitFor();
  };

  it('an unverified user sees the banner, resends (limited), and the newest link verifies; the replaced one says so', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const email = `${randomSlug('v')}@example.com`;
    await signUp(page, email);
    const banner = page.getByTestId('verify-banner');
    await banner.getByText('Please verify your e-mail address').waitFor();
    const first = await link(email, 'Please verify your e-mail address', '/verify-email');
    // A resend within a minute of the sign-up's link is refused, and the banner says so.
    await banner.getByRole('button', { name: 'Send the link again' }).click();
    await banner.getByRole('alert').waitFor();
    clock.advance(61_000);
    await banner.getByRole('button', { name: 'Send the link again' }).click();
    await banner.getByText(`A new link is on its way to ${email}`).waitFor();
    await accessibleEverywhere(page, 'verify banner', async (lang) => {
      await banner
        .getByText(lang === 'en' ? 'Please verify your e-mail address' : 'Bitte bestätigen Sie Ihre E-Mail-Adresse')
        .waitFor();
    });
    const until = Date.now() + 20_000;
    while (smtp.to(email).length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const newest = smtp.link(email, '/verify-email');
    assert.notEqual(newest.pathname + newest.search, first, 'the resend mailed a new link');

    await page.goto(first);
    await page.getByRole('button', { name: 'Verify my address' }).click();
    await page
      .getByTestId('link-problem')
      .getByText('This link was already used, or a newer one replaced it.')
      .waitFor();
    await page.goto(newest.pathname + newest.search);
    await page.getByRole('heading', { name: 'Verify your e-mail address' }).waitFor();
    await accessibleEverywhere(page, 'verify page', async () => {
      await page.locator('main h1').waitFor();
    });
    await page.getByRole('button', { name: 'Verify my address' }).click();
    await page.getByText(`${email} is verified.`).waitFor();
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.getByTestId('current-email').getByText('verified').waitFor();
    assert.match(await page.getByTestId('current-email').innerText(), /· verified/);
    assert.equal(await page.getByTestId('verify-banner').count(), 0);
    await ctx.close();
  });

  it('forgot password (German): the mail, the reset page, a short password refused, log in with the new one; the used link says so', async () => {
    const u = await apiSignUp(server.h, { locale: 'de' });
    const ctx = await newContext(browser, server.url, 'de-DE');
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.getByRole('heading', { name: 'Passwort zurücksetzen' }).waitFor();
    await accessibleEverywhere(page, 'forgot password', async () => {
      await page.locator('main h1').waitFor();
    });
    await page.locator('.lang select').selectOption('de');
    // An unknown address gets the same answer (no account enumeration).
    await page.getByLabel('E-Mail').fill(`${randomSlug('nobody')}@example.com`);
    await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
    await page.getByRole('heading', { name: 'Sehen Sie in Ihr Postfach' }).waitFor();
    await page.goto('/forgot-password');
    await page.getByLabel('E-Mail').fill(u.email);
    await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
    await page.getByRole('heading', { name: 'Sehen Sie in Ihr Postfach' }).waitFor();
    assert.equal(await focusedLabel(page), 'Sehen Sie in Ihr Postfach', 'focus moves to the new step');

    const reset = await link(u.email, 'Passwort zurücksetzen', '/reset-password');
    await page.goto(reset);
    await page.getByRole('heading', { name: 'Neues Passwort wählen' }).waitFor();
    await page.getByLabel('Neues Passwort').fill('short');
    await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
    await page.locator('.field-error[data-pointer="/password"]').waitFor();
    assert.equal(await page.getByLabel('Neues Passwort').getAttribute('aria-invalid'), 'true');
    await accessibleEverywhere(page, 'reset password with an error', async () => {
      await page.locator('main h1').waitFor();
    });
    await page.locator('.lang select').selectOption('de');
    await page.getByLabel('Neues Passwort').fill('a brand new secret');
    await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
    await page.getByText('Ihr Passwort wurde geändert und alle Sitzungen wurden beendet.').waitFor();
    await smtp.arrived(u.email, 'Ihr Passwort wurde geändert', 20_000);
    assert.ok(smtp.got(u.email, 'Ihr Passwort wurde geändert'));
    await page.getByLabel('E-Mail').fill(u.email);
    await page.getByLabel('Passwort').fill('a brand new secret');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('heading', { name: 'Codes' }).waitFor();

    // The link works once.
    await page.goto(reset);
    await page.getByLabel('Neues Passwort').fill('yet another secret');
    await page.getByRole('button', { name: 'Neues Passwort speichern' }).click();
    const problem = page.getByTestId('link-problem');
    await problem.getByText('Dieser Link wurde bereits verwendet').waitFor();
    await problem.getByRole('link', { name: 'Neuen Link zum Zurücksetzen anfordern' }).waitFor();
    await ctx.close();
  });

  it('two-factor: enrol (QR code and key, a wrong code refused), recovery codes once, login asks for the code, disable', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const email = `${randomSlug('t')}@example.com`;
    await signUp(page, email);
    await verify(page, email);
    await page.getByRole('link', { name: 'Go to your account' }).click();
    const section = page.getByTestId('two-factor');
    // Enrolling needs the password (D56): a wrong one is named under its field.
    await section.getByLabel('Your password').fill('not my password');
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await section.locator('.field-error[data-pointer="/password"]').waitFor();
    await section.getByLabel('Your password').fill('correct horse battery');
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await section.getByRole('heading', { name: 'Scan the QR code' }).waitFor();
    assert.equal(await focusedLabel(page), 'Scan the QR code');
    const secret = (await section.getByTestId('totp-secret').innerText()).trim();
    const img = section.getByRole('img', { name: 'QR code for your authenticator app' });
    await page.waitForFunction(() => (document.querySelector('.totp-qr') as HTMLImageElement | null)?.naturalWidth);
    const uri = await section.getByTestId('otpauth-uri').textContent();
    assert.match(uri ?? '', new RegExp(`secret=${secret}`));
    assert.ok((await img.screenshot()).length > 0);
    await accessibleEverywhere(page, '2FA enrolment', async () => {
      await section.getByTestId('totp-secret').waitFor();
    });

    await section.getByLabel('Code from the app').fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.locator('.field-error[data-pointer="/code"]').waitFor();
    await section.getByLabel('Code from the app').fill(await totp(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codesBox = section.getByTestId('recovery-codes');
    await codesBox.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    assert.equal(await focusedLabel(page), 'Your recovery codes');
    const codes = (await codesBox.locator('li').allTextContents()).map((c) => c.trim());
    assert.equal(codes.length, 10);
    const download = page.waitForEvent('download');
    await codesBox.getByRole('button', { name: 'Download codes' }).click();
    const file = readFileSync((await (await download).path())!, 'utf8');
    for (const c of codes) assert.ok(file.includes(c));
    await accessibleEverywhere(page, 'recovery codes', async () => {
      await codesBox.locator('li').first().waitFor();
    });
    await codesBox.getByRole('button', { name: 'I have saved them' }).click();
    await section.getByText('On. Logging in needs a code').waitFor();

    // Logging in is two steps now: a wrong code is named under its field; a recovery code works.
    await page.getByRole('button', { name: 'Log out' }).click();
    // The account screen's "E-mail address" section stays until the log-in screen replaces it.
    await page.getByRole('heading', { name: 'Log in to qrs' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'one-time-code');
    await page.getByLabel('Authentication code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('.field-error[data-pointer="/code"]').getByText('This code is wrong').waitFor();
    assert.equal(await page.getByLabel('Authentication code').getAttribute('aria-invalid'), 'true');
    await accessibleEverywhere(page, 'login code step', async () => {
      await page.locator('main h1').waitFor();
    });
    await page.getByLabel('Authentication code').fill(codes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Codes' }).waitFor();

    // And with the app's code.
    await page.getByRole('button', { name: 'Log out' }).click();
    // The account screen's "E-mail address" section stays until the log-in screen replaces it.
    await page.getByRole('heading', { name: 'Log in to qrs' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Authentication code').fill(await totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Codes' }).waitFor();

    // Turning it off needs both factors.
    await page.getByRole('link', { name: 'Account' }).click();
    await section.getByLabel('Password').fill('wrong password');
    await section.getByLabel('Code from the app, or a recovery code').fill(codes[1]);
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await section.locator('.field-error[data-pointer="/password"]').waitFor();
    await section.getByLabel('Password').fill('correct horse battery');
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor();
    await smtp.arrived(email, 'Two-factor sign-in turned off', 20_000);
    assert.ok(smtp.got(email, 'Two-factor sign-in turned on'));
    assert.ok(smtp.got(email, 'Two-factor sign-in turned off'));
    await ctx.close();
  });

  it('e-mail change: the link from the mail to the new address moves the account; the old address is told', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const email = `${randomSlug('old')}@example.com`;
    const next = `${randomSlug('new')}@example.com`;
    await signUp(page, email);
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByLabel('New e-mail address').fill(next);
    await page.getByLabel('Confirm with your password').fill('not my password');
    await page.getByRole('button', { name: 'Change e-mail address' }).click();
    await page.locator('.field-error[data-pointer="/password"]').waitFor();
    assert.equal(await page.getByLabel('New e-mail address').inputValue(), next, 'kept after the 422');
    await page.getByLabel('Confirm with your password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Change e-mail address' }).click();
    await page.getByText(`We sent a confirmation link to ${next}.`).waitFor();
    await accessibleEverywhere(page, 'account settings', async () => {
      await page.locator('main h1').waitFor();
    });

    const confirm = await link(next, 'Confirm your new e-mail address', '/confirm-email');
    await page.goto(confirm);
    await page.getByRole('heading', { name: 'Confirm your new e-mail address' }).waitFor();
    await expectAccessible(page, 'confirm e-mail');
    await page.getByRole('button', { name: 'Use this address' }).click();
    await page.getByText(`Your account now uses ${next}.`).waitFor();
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await page.getByTestId('current-email').getByText(next).waitFor();
    await smtp.arrived(email, 'The e-mail address of your account was changed', 20_000);
    assert.ok(smtp.got(email, 'The e-mail address of your account was changed'), 'the old address is told');

    await page.goto(confirm);
    await page.getByRole('button', { name: 'Use this address' }).click();
    await page.getByTestId('link-problem').getByText('This link was already used').waitFor();
    await ctx.close();
  });

  it('an organization that requires 2FA leads a member without it to enrolment, and only there', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const email = `${randomSlug('r')}@example.com`;
    await signUp(page, email);
    await verify(page, email);
    const me = (await (await page.request.get('/auth/me')).json()).data;
    const headers = { 'x-csrf-token': me.csrf_token };
    const password = 'correct horse battery';
    // Only an admin with 2FA on may require it (D57): turned on to require it, then off again.
    const enrol = await page.request.post('/auth/2fa/enrol', { headers, data: { password } });
    assert.equal(enrol.status(), 200, await enrol.text());
    const code = await totp((await enrol.json()).data.secret);
    assert.equal((await page.request.post('/auth/2fa/confirm', { headers, data: { code } })).status(), 200);
    const patch = await page.request.patch(`/v1/organizations/${me.current.organization_id}`, {
      headers,
      data: { settings: { require_2fa: true } },
    });
    assert.equal(patch.status(), 200, await patch.text());
    assert.equal((await page.request.post('/auth/2fa/disable', { headers, data: { password, code } })).status(), 200);
    await page.goto('/codes');
    const gate = page.getByTestId('two-factor-gate');
    await page.getByRole('heading', { name: 'Turn on two-factor sign-in' }).waitFor();
    assert.equal(await page.getByRole('navigation').count(), 0, 'nothing else to reach');
    await page.goto('/keys');
    await page.getByRole('heading', { name: 'Turn on two-factor sign-in' }).waitFor();
    await accessibleEverywhere(page, '2FA required', async () => {
      await gate.waitFor();
    });
    await gate.getByLabel('Your password').fill(password);
    await gate.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const secret = (await gate.getByTestId('totp-secret').innerText()).trim();
    await gate.getByLabel('Code from the app').fill(await totp(secret));
    await gate.getByRole('button', { name: 'Turn on' }).click();
    await gate.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await page.getByRole('navigation').first().waitFor();
    await ctx.close();
  });
});
