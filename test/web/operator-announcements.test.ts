// Issue #55 (items 4, 6, 7; docs/decisions/0076-operator-announcements-and-limits.md): the operator's
// announcements and limits screens, in English and in German. An operator signed in with two-factor
// sign-in writes an announcement as a draft, previews it (banner in both languages, the e-mail),
// publishes it, and a member in a second browser sees it in the dashboard's banner; withdrawn after
// the confirmation, the member no longer sees it after a reload. On the limits screen the operator
// lowers a plan's file quota, and a value the API refuses is shown at its field. axe at 1280 and 360 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { randomSlug } from '../support/harness.js';
import { chromiumMissing, logIn, newContext, screenshot, webJourney } from './browser.js';
import { words } from './words.js';
import { enrolTwoFactor, logInWithCode, person } from './operator-support.js';
import { chooseLanguage } from './language.js';

const skip = chromiumMissing();
const OPERATORS = { en: `${randomSlug('opa-en')}@example.com`, de: `${randomSlug('opa-de')}@example.com` };

async function accessible(page: Page, what: string) {
  await accessibleAtBothWidths(page, what);
  await setWidth(page, DESKTOP);
}

describe("dashboard: the operator's announcements and limits", { skip }, () => {
  const fx = webJourney(() => ({ OPERATOR_EMAILS: Object.values(OPERATORS).join(',') }));

  for (const lang of LANGS) {
    it(`(${lang}) an announcement written, previewed, published, seen by a member, withdrawn; a limit lowered`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      await person(h, OPERATORS[lang], 'Operator HQ');
      const member = `${randomSlug('member')}@example.com`;
      await person(h, member, 'Member Org');
      const secret = await enrolTwoFactor(fx.browser, fx.server.url, OPERATORS[lang]);
      const ctx = await newContext(fx.browser, fx.server.url);
      const page = await ctx.newPage();
      await logInWithCode(page, OPERATORS[lang], secret);
      await chooseLanguage(page, lang);
      await page.goto('/operator/organizations');
      const sub = page.getByRole('navigation', { name: w('op.subnav') });
      await sub.getByRole('link', { name: w('op.nav.announcements') }).click();
      await page.getByRole('heading', { name: w('opa.title'), level: 1 }).waitFor();

      // A draft: English and German, saved; its preview shows the banner in both languages.
      const title = `Maintenance ${lang} ${randomSlug('m')}`;
      const titleDe = `Wartung ${lang} ${randomSlug('w')}`;
      await page.getByRole('button', { name: w('opa.new') }).click();
      const form = page.getByTestId('op-announcement-form');
      await form.getByLabel(w('opa.severity')).selectOption('warning');
      await form.getByLabel(w('opa.title.en')).fill(title);
      await form.getByLabel(w('opa.body.en')).fill('The service is read-only on Sunday from 02:00 to 03:00 UTC.');
      await form.getByLabel(w('opa.title.de')).fill(titleDe);
      await form.getByLabel(w('opa.body.de')).fill('Am Sonntag von 02:00 bis 03:00 UTC ist der Dienst nur lesbar.');
      await form.getByLabel(w('opa.link')).fill('https://example.com/maintenance');
      await accessible(page, `operator announcement form (${lang})`);
      await form.getByRole('button', { name: w('opa.form.saveDraft') }).click();
      await page.getByRole('status').getByText(w('opa.saved')).waitFor();
      const preview = page.getByTestId('op-announcement-preview');
      await preview.getByTestId('op-preview-banner-en').getByText(title).waitFor();
      await preview.getByTestId('op-preview-banner-de').getByText(titleDe).waitFor();
      const row = page.getByTestId('op-announcements-table').locator('tbody tr', { hasText: title });
      assert.equal(await row.getByTestId('op-announcement-status').innerText(), w('opa.status.draft'));
      await accessible(page, `operator announcements with preview (${lang})`);
      if (lang === 'en') await screenshot(page, 'operator-announcements');

      // Published: live at once.
      await row.getByRole('button', { name: w('opa.publish', { title }) }).click();
      await page.getByRole('status').getByText(w('opa.published', { title })).waitFor();
      await page.waitForFunction(
        ([t, s]) =>
          [...document.querySelectorAll('[data-testid="op-announcements-table"] tbody tr')].some(
            (r) =>
              r.textContent?.includes(t!) &&
              r.querySelector('[data-testid="op-announcement-status"]')?.textContent === s,
          ),
        [title, w('opa.status.live')],
      );

      // A member, in another browser, sees it in the banner, in the chosen language.
      const memberCtx = await newContext(fx.browser, fx.server.url);
      const memberPage = await memberCtx.newPage();
      await logIn(memberPage, member);
      await chooseLanguage(memberPage, lang);
      const shownTitle = lang === 'de' ? titleDe : title;
      await memberPage.getByRole('status', { name: shownTitle }).waitFor();

      // Withdrawn after the confirmation: the member's reload shows it no more.
      await row.getByRole('button', { name: w('opa.withdraw', { title }) }).click();
      await row.getByRole('button', { name: w('opa.withdraw.confirm') }).click();
      await page.getByRole('status').getByText(w('opa.withdrawn', { title })).waitFor();
      const listed = memberPage.waitForResponse((r) => new URL(r.url()).pathname === '/v1/announcements' && r.ok());
      await memberPage.reload();
      await listed;
      await memberPage.getByRole('navigation', { name: w('nav.main') }).waitFor();
      await memberPage.waitForTimeout(300);
      assert.equal(await memberPage.getByRole('status', { name: shownTitle }).count(), 0);
      await memberCtx.close();

      // The limits: the free plan's files lowered and saved; 0 is refused at its field.
      await sub.getByRole('link', { name: w('op.nav.limits') }).click();
      await page.getByRole('heading', { name: w('opl.title'), level: 1 }).waitFor();
      const free = page.getByTestId('op-limits-free');
      const files = free.getByLabel(w('opl.max_files', { plan: w('words.plan.free') }));
      await files.fill('7');
      await page.getByRole('button', { name: w('opl.save') }).click();
      await page.getByRole('status').getByText(w('opl.saved')).waitFor();
      await free.getByText(w('opl.inForce.operator', { value: '7' })).waitFor();
      await files.fill('0');
      await page.getByRole('button', { name: w('opl.save') }).click();
      await page.locator('.field-error[data-pointer="/plans/free/max_files"]').waitFor();
      assert.equal(await files.getAttribute('aria-invalid'), 'true');
      await accessible(page, `operator limits with an error (${lang})`);
      if (lang === 'en') await screenshot(page, 'operator-limits');
      await ctx.close();
    });
  }
});
