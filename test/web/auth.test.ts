// Journey (1): sign up, log out, log in, change password; errors next to their fields, typed
// values kept; language chosen from the browser, switchable and remembered. Real Chromium.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { call } from '../support/harness.js';
import {
  chromiumMissing,
  expectAccessible,
  launch,
  newContext,
  screenshot,
  startServer,
  type WebServer,
} from './browser.js';

const skip = chromiumMissing();

describe('dashboard: accounts journey', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('signs up (field errors keep the input), logs out, logs in, changes the password', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await page.goto('/');
    await page.waitForURL('**/login');
    await expectAccessible(page, 'login');
    await screenshot(page, 'login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    const email = `ann-${Date.now()}@example.com`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Organization name').fill('Acme Marketing');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // The 400/422's pointer /password puts the message under the password field.
    const err = page.locator('.field-error[data-pointer="/password"]');
    await err.waitFor();
    assert.match(await err.innerText(), /8|characters|short/i);
    assert.equal(await page.getByLabel('E-mail').inputValue(), email, 'typed e-mail kept');
    assert.equal(await page.getByLabel('Organization name').inputValue(), 'Acme Marketing');
    assert.equal(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid'), 'true');
    await expectAccessible(page, 'signup with errors');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await err.waitFor({ state: 'detached' }); // editing the field retires its stale message
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Codes' }).waitFor();
    assert.match(await page.locator('.topbar').innerText(), new RegExp(email));

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.getByText('You are logged out.').waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('wrong password!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').waitFor();
    assert.equal(await page.getByLabel('E-mail').inputValue(), email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Codes' }).waitFor();

    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('another long secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('.field-error[data-pointer="/current_password"]').waitFor();
    assert.equal(await page.getByLabel('New password').inputValue(), 'another long secret', 'kept after the 422');
    await page.getByLabel('Current password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed.').waitFor();
    await expectAccessible(page, 'account');
    // The new password works.
    await page.getByRole('button', { name: 'Log out' }).click();
    // The account screen also has an "E-mail address" section until the log-in screen replaces it.
    await page.getByRole('heading', { name: 'Log in to qrs' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('another long secret');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Codes' }).waitFor();
    await ctx.close();
  });

  it('speaks German to a German browser, switches to English and remembers it', async () => {
    const ctx = await newContext(browser, server.url, 'de-DE');
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Bei qrs anmelden' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    await expectAccessible(page, 'login (de)');
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('heading', { name: 'Log in to qrs' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Log in to qrs' }).waitFor();
    await ctx.close();
  });

  it("in German, names the server's password minimum and calls a wrong password a wrong address or password", async () => {
    const email = `de-${Date.now()}@example.com`;
    const made = await call(server.h, {
      method: 'POST',
      url: '/auth/signup',
      body: { email, password: 'correct horse battery', org_name: 'Beispiel GmbH' },
    });
    assert.equal(made.statusCode, 201, made.body);
    const ctx = await newContext(browser, server.url, 'de-DE');
    const page = await ctx.newPage();
    await page.goto('/signup');
    await page.getByText('Mindestens 12 Zeichen', { exact: false }).waitFor();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Bei qrs anmelden' }).waitFor();
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort').fill('falsches passwort');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    const alert = page.getByTestId('problem');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Die E-Mail-Adresse oder das Passwort ist falsch\./);
    assert.doesNotMatch(await alert.innerText(), /Sitzung ist abgelaufen/);
    await expectAccessible(page, 'login with a wrong password (de)');
    await ctx.close();
  });

  it('is usable by keyboard: tab reaches the fields and Enter submits', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in to qrs' }).waitFor();
    const focused: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      focused.push(
        await page.evaluate(() => {
          const e = document.activeElement as HTMLElement | null;
          return `${e?.tagName}:${e?.getAttribute('type') ?? ''}:${e?.textContent?.trim().slice(0, 20) ?? ''}`;
        }),
      );
    }
    assert.ok(
      focused.some((f) => f.startsWith('INPUT:email')),
      focused.join(' | '),
    );
    assert.ok(
      focused.some((f) => f.startsWith('INPUT:password')),
      focused.join(' | '),
    );
    assert.ok(
      focused.some((f) => f.startsWith('BUTTON')),
      focused.join(' | '),
    );
    await ctx.close();
  });
});
