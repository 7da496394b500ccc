// Issue #55 (docs/decisions.md D74), in English and in German: the operator suspends an organization
// with "codes show a neutral page" on its page; its member cannot sign in (the log-in form says the
// account is suspended) and its code's short URL answers the neutral page (410). Lifted again, the
// member signs in and the code redirects (302). On the Users screen the operator disables a user,
// who then cannot sign in, and enables them again. axe at 1280 and 360 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { call, randomSlug } from '../support/harness.js';
import { sessionOf } from '../support/suite.js';
import { chromiumMissing, logIn, newContext, screenshot, webJourney } from './browser.js';
import { words } from './words.js';
import { chooseLanguage } from './language.js';
import { enrolTwoFactor, logInWithCode, PASSWORD, person } from './operator-support.js';

const skip = chromiumMissing();
const OPERATORS = { en: `${randomSlug('ops-en')}@example.com`, de: `${randomSlug('ops-de')}@example.com` };

async function accessible(page: Page, what: string) {
  await accessibleAtBothWidths(page, what);
  await setWidth(page, DESKTOP);
}

/** The log-in form refused with the problem `suspended` (in English: a fresh visitor's language). */
async function refusedAsSuspended(browser: Browser, base: string, email: string) {
  const ctx = await newContext(browser, base);
  const page = await ctx.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('problem').getByText(words('en')('problem.title.suspended'), { exact: true }).waitFor();
  await ctx.close();
}

async function signsIn(browser: Browser, base: string, email: string) {
  const ctx = await newContext(browser, base);
  await logIn(await ctx.newPage(), email, PASSWORD);
  await ctx.close();
}

const redirectStatus = async (base: string, shortCode: string) =>
  (await fetch(`${base}/r/${shortCode}`, { redirect: 'manual' })).status;

describe("dashboard: the operator's suspension and users", { skip }, () => {
  const fx = webJourney(() => ({ OPERATOR_EMAILS: Object.values(OPERATORS).join(',') }));

  for (const lang of LANGS) {
    it(`(${lang}) suspends an organization with the neutral page, lifts it; disables and enables a user`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      const base = fx.server.url;
      await person(h, OPERATORS[lang], 'Operator HQ');
      const memberEmail = `${randomSlug('member')}@example.com`;
      const customerName = `Suspended ${lang} ${randomSlug('c')}`;
      const customer = await person(h, memberEmail, customerName);
      const admin = await sessionOf(h, {
        userId: customer.user_id,
        email: '',
        password: PASSWORD,
        organizationId: customer.organization_id,
        workspaceId: customer.workspace_id,
        apiKey: customer.api_key,
        auth: { authorization: '' },
      });
      const created = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        headers: admin.headers,
        body: { type: 'url', url: 'https://shop.example.com/', title: 'Shop' },
      });
      assert.equal(created.statusCode, 201, created.body);
      const shortCode = (created.json.data as { short_code: string }).short_code;
      assert.equal(await redirectStatus(base, shortCode), 302);

      const secret = await enrolTwoFactor(fx.browser, base, OPERATORS[lang]);
      const ctx = await newContext(fx.browser, base);
      const page = await ctx.newPage();
      await logInWithCode(page, OPERATORS[lang], secret);
      await chooseLanguage(page, lang);

      // Suspend with the neutral page, after the confirmation.
      await page.goto(`/operator/organizations/${customer.organization_id}`);
      await page.getByRole('heading', { name: customerName, level: 1 }).waitFor();
      await page.getByTestId('op-suspend-reason').fill('Phishing redirects reported by abuse@');
      await page.getByTestId('op-suspend-neutral_page').check();
      await page.getByTestId('op-suspend').click();
      await page
        .getByTestId('op-suspend-confirm')
        .getByRole('button', { name: w('app.confirm') })
        .click();
      const state = page.getByTestId('op-suspension-state');
      await state.getByText(w('opx.susp.neutral_page')).waitFor();
      await state.getByText('Phishing redirects reported by abuse@').waitFor();
      await accessible(page, `operator organization suspended (${lang})`);
      if (lang === 'en') await screenshot(page, 'operator-organization-suspended');

      await refusedAsSuspended(fx.browser, base, memberEmail);
      assert.equal(await redirectStatus(base, shortCode), 410);

      // Lift it.
      await page.getByTestId('op-unsuspend').click();
      await page
        .getByTestId('op-unsuspend-confirm')
        .getByRole('button', { name: w('app.confirm') })
        .click();
      await page.getByTestId('op-suspend-form').waitFor();
      await signsIn(fx.browser, base, memberEmail);
      assert.equal(await redirectStatus(base, shortCode), 302);

      // The Users screen: found by search (kept in the URL), disabled with a reason, then enabled.
      await page.goto('/operator/users');
      await page.getByRole('heading', { name: w('opx.users.title'), level: 1 }).waitFor();
      await page.getByTestId('op-user-search').fill(memberEmail);
      await page.getByRole('button', { name: w('op.orgs.find') }).click();
      await page.waitForURL(/[?&]q=/);
      const row = page.locator(`[data-testid="op-user"][data-email="${memberEmail}"]`);
      await row.getByText(customerName, { exact: false }).waitFor();
      assert.equal(await page.getByTestId('op-user').count(), 1);
      await row.getByTestId('op-user-toggle').click();
      await row.getByTestId('op-disable-reason').fill('Account takeover suspected');
      await row.getByRole('button', { name: w('opx.users.disableDo') }).click();
      await row.getByText('Account takeover suspected', { exact: false }).waitFor();
      await accessible(page, `operator users (${lang})`);
      if (lang === 'en') await screenshot(page, 'operator-users');
      await refusedAsSuspended(fx.browser, base, memberEmail);

      await row.getByTestId('op-user-toggle').click();
      await row
        .getByTestId('op-enable-confirm')
        .getByRole('button', { name: w('app.confirm') })
        .click();
      await row.getByTestId('op-user-toggle').getByText(w('opx.users.disable')).waitFor();
      await signsIn(fx.browser, base, memberEmail);
      await ctx.close();
    });
  }
});
