// Issue #55: the dashboard's Operator section (docs/decisions.md D77), in English and in German. An
// operator signs in with two-factor sign-in (the code step really passed), finds an organization by
// search, moves it to another plan (the list and the detail show it), reads the instance's health and
// the audit entry of the change, and approves a GS1 prefix claim in the queue. A member who is not an operator sees no Operator entry and gets the
// not-found page at /operator; an operator without 2FA is told to turn it on. axe at 1280 and 360 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { accessibleAtBothWidths, DESKTOP, LANGS, type Lang, setWidth } from '../support/axe.js';
import { call, randomSlug } from '../support/harness.js';
import { sessionOf } from '../support/suite.js';
import { chromiumMissing, logIn, newContext, screenshot, webJourney } from './browser.js';
import { words } from './words.js';
import { chooseLanguage } from './language.js';
import { enrolTwoFactor, logInWithCode, PASSWORD, person } from './operator-support.js';

const skip = chromiumMissing();
const OPERATORS = { en: `${randomSlug('op-en')}@example.com`, de: `${randomSlug('op-de')}@example.com` };
const NO_2FA = `${randomSlug('op-no2fa')}@example.com`;

async function accessible(page: Page, what: string) {
  await accessibleAtBothWidths(page, what);
  await setWidth(page, DESKTOP);
}

const mainNav = (page: Page, lang: Lang) => page.getByRole('navigation', { name: words(lang)('nav.main') });

describe("dashboard: the operator's console", { skip }, () => {
  const fx = webJourney(() => ({ OPERATOR_EMAILS: [...Object.values(OPERATORS), NO_2FA].join(',') }));

  for (const lang of LANGS) {
    it(`(${lang}) an operator with 2FA finds an organization, changes its plan, reads health and the audit log`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      await person(h, OPERATORS[lang], 'Operator HQ');
      const customerName = `Customer ${lang} ${randomSlug('c')}`;
      const customer = await person(h, `${randomSlug('cust')}@example.com`, customerName);
      const customerId = customer.organization_id;
      // A GS1 prefix the customer claims with its GEPIR record, for the operator's queue.
      const prefix = `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const admin = await sessionOf(h, {
        userId: customer.user_id,
        email: '',
        password: PASSWORD,
        organizationId: customerId,
        workspaceId: customer.workspace_id,
        apiKey: customer.api_key,
        auth: { authorization: '' },
      });
      const claim = await call(h, {
        method: 'POST',
        url: '/v1/gs1-prefixes',
        headers: admin.headers,
        body: { prefix, evidence: { gepir_text: `${customerName}, ${prefix}` } },
      });
      assert.equal(claim.statusCode, 201, claim.body);
      const secret = await enrolTwoFactor(fx.browser, fx.server.url, OPERATORS[lang]);
      const ctx = await newContext(fx.browser, fx.server.url);
      const page = await ctx.newPage();
      await logInWithCode(page, OPERATORS[lang], secret);
      await chooseLanguage(page, lang);

      // The Operator entry opens the organizations; the search finds the customer by its name.
      await mainNav(page, lang)
        .getByRole('link', { name: w('op.nav') })
        .click();
      await page.getByRole('heading', { name: w('op.orgs.title'), level: 1 }).waitFor();
      await page.getByTestId('op-orgs').waitFor();
      await page.getByLabel(w('op.orgs.search')).fill(customerName.toUpperCase());
      await page.getByRole('button', { name: w('op.orgs.find') }).click();
      const rows = page.getByTestId('op-orgs').locator('tbody tr');
      await rows.first().getByRole('link', { name: customerName }).waitFor();
      assert.equal(await rows.count(), 1);
      assert.equal(await rows.first().locator('td').nth(1).innerText(), w('words.plan.free'));
      await accessible(page, `operator organizations (${lang})`);
      if (lang === 'en') await screenshot(page, 'operator-organizations');

      // The detail: usage, and the plan change after a confirmation.
      await rows.first().getByRole('link', { name: customerName }).click();
      await page.getByRole('heading', { name: customerName, level: 1 }).waitFor();
      await page.getByTestId('op-plan-select').selectOption('pro');
      await page.getByRole('button', { name: w('op.plan.change') }).click();
      await page
        .getByTestId('op-plan-confirm')
        .getByRole('button', { name: w('app.confirm') })
        .click();
      await page
        .getByRole('status')
        .getByText(w('op.plan.done', { plan: w('words.plan.pro') }))
        .waitFor();
      assert.equal(await page.getByTestId('op-org-plan').innerText(), w('words.plan.pro'));
      const sentence = w('op.audit.action.organization.plan_changed', {
        target: customerId,
        from: w('words.plan.free'),
        to: w('words.plan.pro'),
      });
      await page.getByTestId('op-audit').getByText(sentence).waitFor();
      await accessible(page, `operator organization (${lang})`);
      if (lang === 'en') await screenshot(page, 'operator-organization');

      // The list shows the new plan.
      await page.getByRole('link', { name: w('op.org.back') }).click();
      await page.getByRole('heading', { name: w('op.orgs.title'), level: 1 }).waitFor();
      await page.getByLabel(w('op.orgs.search')).fill(customerId);
      await page.getByRole('button', { name: w('op.orgs.find') }).click();
      await rows.first().getByRole('link', { name: customerName }).waitFor();
      await page.waitForFunction(
        ([plan]) => document.querySelector('[data-testid="op-orgs"] tbody tr td:nth-child(2)')?.textContent === plan,
        [w('words.plan.pro')],
      );

      // The instance's health.
      const sub = page.getByRole('navigation', { name: w('op.subnav') });
      await sub.getByRole('link', { name: w('op.nav.health') }).click();
      await page.getByRole('heading', { name: w('op.health.title'), level: 1 }).waitFor();
      const database = page.getByTestId('op-h-database');
      await database.getByText('SQLite').waitFor();
      await database.getByText(w('op.health.reachable')).waitFor();
      await page.getByTestId('op-h-jobs').waitFor();
      await accessible(page, `operator health (${lang})`);
      if (lang === 'en') await screenshot(page, 'operator-health');

      // The audit log: the change, newest first with the look that preceded it.
      await sub.getByRole('link', { name: w('op.nav.audit') }).click();
      await page.getByRole('heading', { name: w('op.audit.title'), level: 1 }).waitFor();
      await page.getByLabel(w('op.audit.target')).fill(customerId);
      await page.getByRole('button', { name: w('op.audit.apply') }).click();
      await page.getByTestId('op-audit').getByText(sentence).waitFor();
      assert.equal(
        await page.getByTestId('op-audit').locator('tbody tr').first().getAttribute('data-action'),
        'organization.plan_changed',
      );
      await accessible(page, `operator audit log (${lang})`);
      if (lang === 'en') await screenshot(page, 'operator-audit');

      // The GS1 queue (docs/decisions/0075-gs1-prefix-verification.md): the customer's claim, approved.
      await sub.getByRole('link', { name: w('op.nav.gs1') }).click();
      await page.getByRole('heading', { name: w('op.gs1.title'), level: 1 }).waitFor();
      const pending = page.getByTestId(`op-gs1-${prefix}`);
      await pending.getByRole('button', { name: w('op.gs1.approve', { prefix }) }).click();
      await page
        .getByRole('status')
        .getByText(w('op.gs1.approved', { prefix, org: customerName }))
        .waitFor();
      await pending.waitFor({ state: 'detached' });
      await ctx.close();
    });

    it(`(${lang}) a member who is not an operator sees no Operator entry and gets the not-found page`, async () => {
      const w = words(lang);
      const email = `${randomSlug('member')}@example.com`;
      await person(fx.server.h, email, 'Member Org');
      const ctx = await newContext(fx.browser, fx.server.url);
      const page = await ctx.newPage();
      await logIn(page, email, PASSWORD);
      await chooseLanguage(page, lang);
      await mainNav(page, lang)
        .getByRole('link', { name: w('nav.codes') })
        .waitFor();
      assert.equal(
        await mainNav(page, lang)
          .getByRole('link', { name: w('op.nav') })
          .count(),
        0,
      );
      await page.goto('/operator');
      await page.getByRole('heading', { name: w('op.notFound.title'), level: 1 }).waitFor();
      assert.equal(await page.getByTestId('operator-nav').count(), 0);
      await accessible(page, `operator not found (${lang})`);
      await ctx.close();
    });
  }

  it('an operator without 2FA sees the entry, which says to turn it on and links to the setting', async () => {
    const w = words('en');
    await person(fx.server.h, NO_2FA, 'Unprotected');
    const ctx = await newContext(fx.browser, fx.server.url);
    const page = await ctx.newPage();
    await logIn(page, NO_2FA, PASSWORD);
    await mainNav(page, 'en')
      .getByRole('link', { name: w('op.nav') })
      .click();
    await page.getByRole('heading', { name: w('op.twofa.title'), level: 1 }).waitFor();
    await page.getByRole('link', { name: w('op.twofa.link') }).click();
    await page.getByTestId('two-factor').waitFor();
    assert.match(page.url(), /\/account#twofa-head$/);
    await ctx.close();
  });
});
