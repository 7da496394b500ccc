// The operator's sign-in for the console's browser journeys (operator-console, operator-suspension):
// a person with an organization of their own, two-factor sign-in turned on through the API, and the
// log-in form with the app's code.
import assert from 'node:assert/strict';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { randomSlug, type Harness } from '../support/harness.js';
import { bootstrap } from '../../src/cli/commands.js';
import { newContext } from './browser.js';

export const PASSWORD = 'correct horse battery';

export const totp = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/** A user with an organization of their own (the CLI's bootstrap): its ids and owner's API key. */
export async function person(h: Harness, email: string, orgName: string) {
  return bootstrap(h.db, h.config, {
    email,
    password: PASSWORD,
    orgName,
    orgSlug: randomSlug('org'),
    plan: 'free',
  });
}

/** Two-factor sign-in turned on through the API, as the account page does it; returns the TOTP secret. */
export async function enrolTwoFactor(browser: Browser, base: string, email: string): Promise<string> {
  const ctx = await newContext(browser, base);
  try {
    const login = await ctx.request.post('/auth/login', { data: { email, password: PASSWORD } });
    assert.equal(login.status(), 200, await login.text());
    const me = (await (await ctx.request.get('/auth/me')).json()).data;
    const headers = { 'x-csrf-token': me.csrf_token };
    const enrol = await ctx.request.post('/auth/2fa/enrol', { headers, data: { password: PASSWORD } });
    assert.equal(enrol.status(), 200, await enrol.text());
    const secret = (await enrol.json()).data.secret as string;
    const confirm = await ctx.request.post('/auth/2fa/confirm', { headers, data: { code: await totp(secret) } });
    assert.equal(confirm.status(), 200, await confirm.text());
    return secret;
  } finally {
    await ctx.close();
  }
}

/** The log-in form, then the code step with the app's code. */
export async function logInWithCode(page: Page, email: string, secret: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
  await page.getByLabel('Authentication code').fill(await totp(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Codes' }).waitFor();
}
