// Issue #54 item 3: a passport editor a person can finish, in English and in German. A new
// passport shows no problems; a step left with a required attribute missing shows its problem
// beside the field; a passport is started from an example, saved, previewed as its public page
// before publishing, and completed with a new version. axe at 1280 and 360 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { fixture, ownPrefix, publisher, underPrefix } from '../support/passports.js';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { formatters, interpolate } from '../../web/src/i18n/format.js';
import { EDITOR_WORDS, type EditorWord } from '../../web/src/pages/dpp/editor/words.js';
import { chromiumMissing, logIn, newContext, webJourney } from './browser.js';
import { words, type Lang } from './words.js';
import { chooseLanguage } from './language.js';

const skip = chromiumMissing();
const editorWords = (lang: Lang) => (key: EditorWord, vars?: Record<string, string | number>) =>
  interpolate(EDITOR_WORDS[lang][key], vars, formatters(lang));

async function accessible(page: Page, what: string) {
  await accessibleAtBothWidths(page, what);
  await setWidth(page, DESKTOP);
}

const GENERAL = '/data/generalProductInformation';

describe('dashboard: the passport editor, step by step', { skip }, () => {
  const fx = webJourney();

  for (const lang of LANGS) {
    it(`(${lang}) no problems at first, a step's problems once left, an example, a preview, saved`, async () => {
      const w = words(lang);
      const e = editorWords(lang);
      const tenant = await publisher(fx.server.h, 'pro');
      const ev = fixture('ev');
      const gtin = underPrefix(ev.gtin, await ownPrefix(fx.server.h, tenant));
      const ctx = await newContext(fx.browser, fx.server.url);
      const page = await ctx.newPage();
      await logIn(page, tenant.email, tenant.password);
      await chooseLanguage(page, lang);
      await page
        .getByRole('navigation')
        .getByRole('link', { name: w('nav.passports') })
        .click();
      await page.getByRole('link', { name: w('dpp.new') }).click();

      // A fresh passport: steps with progress, and not one problem shown.
      const progress = page.getByTestId('passport-progress');
      await progress.filter({ hasText: e('progress', { n: 0, total: 99 }).split(' 99 ')[0] }).waitFor();
      const steps = page.getByRole('navigation', { name: e('steps') });
      assert.ok((await steps.getByRole('button').count()) >= 7);
      await page.waitForTimeout(800); // the first check has answered
      assert.equal(await page.locator('.field-error, .field-warn').count(), 0, 'no problem on a fresh passport');
      assert.equal(await page.getByTestId('validation-summary').innerText(), '');
      await accessible(page, `new passport (${lang})`);

      // A step filled in part, then left: its missing required attribute is shown beside its field.
      const model = page.locator('#f-generalProductInformation-batteryModel');
      await model.fill(String(ev.data.generalProductInformation!.batteryModel));
      await progress.filter({ hasText: e('progress', { n: 1, total: 99 }).split(' 99 ')[0] }).waitFor();
      const next = page.getByRole('button', { name: new RegExp(`^${e('next', { section: '' })}`) });
      await next.click();
      assert.equal(await page.locator('.field-error').count(), 0, 'the next step is not judged yet');
      await page.getByRole('button', { name: new RegExp(`^${e('previous', { section: '' })}`) }).click();
      const missing = page.locator(`.field-error[data-path="${GENERAL}/batteryMass"]`);
      await missing.waitFor();
      assert.doesNotMatch(await page.locator('main').innerText(), /\b1 characters\b|1 Zeichens/);
      await steps.locator('[aria-current="step"] .issue-count').waitFor();

      // Started from the EV example, given our own GTIN and serial: valid, and saved as a draft.
      await page
        .getByTestId('start-from')
        .getByRole('button', { name: w('dppx.category.ev') })
        .click();
      await page.getByTestId('example-loaded').waitFor();
      const serial = `${lang}-ED-${Date.now()}`;
      await page.getByLabel(w('dpp.gtin')).fill(gtin);
      await page.getByLabel(w('dpp.serial')).fill(serial);
      await page
        .getByTestId('validation-summary')
        .getByText(w('dpp.valid', { w: 0 }).slice(0, 5))
        .waitFor();
      await missing.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: w('dpp.create') }).click();
      await page.getByTestId('publication-status').getByText(w('dpp.status.draft')).waitFor();

      // The public page before publishing, in a new tab, in the dashboard's language.
      const [preview] = await Promise.all([ctx.waitForEvent('page'), page.getByTestId('passport-preview').click()]);
      await preview.waitForLoadState();
      assert.equal(await preview.locator('html').getAttribute('lang'), lang);
      await preview.getByText(String(ev.data.generalProductInformation!.batteryModel)).first().waitFor();
      await preview.close();

      // Completed: a change in another step saved as a new version.
      await steps.getByRole('button').last().click();
      await steps.getByRole('button').first().click();
      await page.locator('#f-generalProductInformation-warrantyPeriod').fill('121');
      await page.getByRole('button', { name: w('dpp.saveVersion') }).click();
      await page.getByTestId('passport-versions').locator('.diff-new').getByText('121', { exact: true }).waitFor();
      await accessible(page, `saved passport editor (${lang})`);
      await ctx.close();
    });
  }
});
