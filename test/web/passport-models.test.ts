// Issue #54: model passports, standing access credentials and dynamic readings in the dashboard,
// in English and in German. A model passport is created (bad input explained at its field), two
// battery passports are started from it, a credential is issued (its token shown once) and
// revoked, a reading is refused at its field and then recorded, seen on the passport and in the
// chart, and the model is published; then that battery is published and its QR code, decoded with
// zbar, opens its public page. axe finds no serious violation at 1280 and 360 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePng, missingTools } from '../support/decode.js';
import { fixture, ownPrefix, publisher, underPrefix } from '../support/passports.js';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { chromiumMissing, logIn, newContext, webJourney } from './browser.js';
import { words } from './words.js';
import { chooseLanguage } from './language.js';

const skip = chromiumMissing();
const DPP_SHOTS = fileURLToPath(new URL('../../docs/dpp', import.meta.url));

/** axe at both widths, then back to the desktop width the journey runs at. */
async function accessible(page: Page, what: string) {
  await accessibleAtBothWidths(page, what);
  await setWidth(page, DESKTOP);
}

describe('dashboard: model passports, access credentials and readings', { skip }, () => {
  const fx = webJourney();

  for (const lang of LANGS) {
    it(`(${lang}) a model, two batteries of it, a credential shown once, a reading, publishing`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      const tenant = await publisher(h, 'pro');
      const ev = fixture('ev');
      const gtin = underPrefix(ev.gtin, await ownPrefix(h, tenant));
      const ctx = await newContext(fx.browser, fx.server.url);
      const page = await ctx.newPage();
      let contractFetches = 0;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/openapi.json') contractFetches++;
      });
      await logIn(page, tenant.email, tenant.password);
      await chooseLanguage(page, lang);

      // The model passport, reached from the battery passports; a bad GTIN is explained at its field.
      await page
        .getByRole('navigation')
        .getByRole('link', { name: w('nav.passports') })
        .click();
      await page.getByRole('link', { name: w('models.title') }).click();
      await page.getByRole('link', { name: w('models.new') }).click();
      await page.getByLabel(w('dpp.gtin')).fill('12345');
      await page.getByRole('button', { name: w('dpp.create') }).click();
      await page.locator('.field-error[data-pointer="/gtin"]').waitFor();
      await page.getByLabel(w('dpp.gtin')).fill(gtin);
      assert.deepEqual(
        await page.getByLabel(w('dpp.category')).locator('option').allInnerTexts(),
        ['ev', 'lmt', 'industrial', 'stationary'].map((c) => w(`dppx.category.${c}` as never)),
      );
      const general = ev.data.generalProductInformation as Record<string, never>;
      const maker = general.manufacturerInformation as { name: string; address: Record<string, string> };
      await page.locator('#f-generalProductInformation-batteryModel').fill(general.batteryModel);
      await page.locator('#f-generalProductInformation-manufacturerInformation-name').fill(maker.name);
      for (const [k, v] of Object.entries(maker.address))
        await page.locator(`#f-generalProductInformation-manufacturerInformation-address-${k}`).fill(v);
      // Restricted attributes are not offered: a model passport is public.
      assert.equal(await page.locator('#f-generalProductInformation-putIntoService').count(), 0);
      await page.getByRole('button', { name: w('dpp.create') }).click();
      await page.getByTestId('publication-status').getByText(w('dpp.status.draft')).waitFor();
      await accessible(page, `model passport (${lang})`);

      // Two batteries started from the model: GTIN, category and the model's data come with it.
      const serials = [`${lang}-A-${Date.now()}`, `${lang}-B-${Date.now()}`];
      // Without the fixture's measured values: the readings below are the battery's first.
      const battery = structuredClone(ev) as typeof ev & { data: { performance: { dynamic?: unknown } } };
      delete battery.data.performance.dynamic;
      for (const serial of serials) {
        await page.getByRole('link', { name: w('models.newBattery') }).click();
        await page.getByTestId('from-model').waitFor();
        assert.equal(await page.locator('#dpp-gtin').inputValue(), gtin);
        assert.equal(
          await page.locator('#f-generalProductInformation-batteryModel').inputValue(),
          general.batteryModel,
        );
        await page.getByText(w('dpp.import')).click();
        await page.getByLabel(w('dpp.importLabel')).fill(JSON.stringify({ ...battery, gtin, serial }));
        await page.getByRole('button', { name: w('dpp.importButton') }).click();
        await page
          .getByTestId('validation-summary')
          .getByText(w('dpp.valid', { w: 0 }).slice(0, 5))
          .waitFor();
        await page.getByRole('button', { name: w('dpp.create') }).click();
        await page.getByTestId('publication-status').getByText(w('dpp.status.draft')).waitFor();
        await page.getByTestId('model-of-passport').getByRole('link').click();
        await page.getByTestId('model-batteries').getByText(serial).waitFor();
      }

      // A reading on the second battery: refused at its field, then recorded, shown and charted.
      await page.getByTestId('model-batteries').getByRole('link', { name: serials[1] }).click();
      const readings = page.getByTestId('passport-readings');
      await readings.getByTestId('latest-stateOfHealth').getByText(w('readings.notYet')).waitFor();
      await readings.getByLabel(w('readings.attribute')).selectOption('stateOfHealth');
      await readings.getByLabel(w('readings.valueIn', { unit: '%' })).fill('150');
      await readings.getByRole('button', { name: w('readings.record') }).click();
      await readings.locator('.field-error[data-pointer="/readings/0/value"]').waitFor();
      await readings.getByLabel(w('readings.valueIn', { unit: '%' })).fill(lang === 'de' ? '96,5' : '96.5');
      await readings.getByRole('button', { name: w('readings.record') }).click();
      await readings.getByText(w('readings.recorded')).waitFor();
      const shown = lang === 'de' ? '96,5 %' : '96.5 %';
      await readings.getByTestId('latest-stateOfHealth').getByText(shown).waitFor();
      const yesterday = new Date(Date.now() - 86_400_000 - new Date().getTimezoneOffset() * 60_000);
      await readings.getByLabel(w('readings.valueIn', { unit: '%' })).fill('97');
      await readings.getByLabel(w('readings.measuredAt')).fill(yesterday.toISOString().slice(0, 16));
      await readings.getByRole('button', { name: w('readings.record') }).click();
      const chart = readings.getByTestId('readings-chart');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="readings-chart"]')?.getAttribute('data-points') === '97,96.5',
      );
      assert.equal(await chart.getAttribute('data-points'), '97,96.5');
      // The newest measurement stays the one shown: an older reading joins the history only.
      await readings.getByTestId('latest-stateOfHealth').getByText(shown).waitFor();
      // The 2 MB contract comes once a page load: a write refreshes the screen's data, not it.
      assert.equal(contractFetches, 1, 'the contract is fetched once');
      await accessible(page, `passport readings (${lang})`);

      // A standing access credential: its token once, then never again; revoked.
      await page
        .getByRole('navigation')
        .getByRole('link', { name: w('creds.nav') })
        .click();
      await page.getByRole('heading', { name: w('creds.title') }).waitFor();
      await page.getByLabel(w('creds.holder')).fill('Recycler GmbH');
      await page.getByRole('button', { name: w('creds.issue') }).click();
      await page.locator('.field-error[data-pointer="/expires_at"]').waitFor();
      const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16);
      await page.getByLabel(w('creds.expires')).fill(soon);
      await page.getByLabel(w('creds.prefixes')).fill(gtin.slice(0, 10));
      await page.getByRole('button', { name: w('creds.issue') }).click();
      const token = await page.getByTestId('credential-token').locator('code.secret').innerText();
      assert.ok(token.length > 20, token);
      const table = page.getByTestId('credentials-table');
      await table.getByRole('cell', { name: 'Recycler GmbH', exact: true }).waitFor();
      await table.getByRole('cell', { name: w('creds.status.active'), exact: true }).waitFor();
      await accessible(page, `access credentials (${lang})`);
      await page.reload();
      await table.getByRole('cell', { name: 'Recycler GmbH', exact: true }).waitFor();
      assert.equal(await page.getByText(token).count(), 0, 'the token is shown once');
      await table.getByRole('button', { name: `${w('creds.revoke')} Recycler GmbH` }).click();
      await table.getByText(w('creds.revokeConfirm', { holder: 'Recycler GmbH' })).waitFor();
      await table.getByRole('button', { name: w('app.confirm') }).click();
      await table.getByRole('cell', { name: w('creds.status.revoked'), exact: true }).waitFor();

      // Publishing the model: the resolver serves the GTIN level.
      await page
        .getByRole('navigation')
        .getByRole('link', { name: w('nav.passports') })
        .click();
      await page.getByRole('link', { name: w('models.title') }).click();
      await page.getByTestId('models-table').getByRole('link', { name: general.batteryModel }).click();
      await page.getByRole('button', { name: w('dpp.publish') }).click();
      await page.getByRole('dialog').getByText(w('models.publishConfirm')).waitFor();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: w('app.confirm') })
        .click();
      await page.getByTestId('publication-status').getByText(w('dpp.status.published')).waitFor();
      const resolved = await fetch(`${fx.server.url}/01/${gtin}`, { redirect: 'manual' });
      assert.ok(resolved.status < 400, `GTIN level answers ${resolved.status}`);
      await page
        .getByTestId('passport-meta')
        .getByRole('button', { name: w('dpp.archive') })
        .waitFor();
      await page.getByRole('link', { name: w('models.title') }).click();
      await page.getByTestId('models-table').getByText(w('dpp.status.published')).waitFor();
      await accessible(page, `model passports (${lang})`);

      // The battery with readings published; its QR, decoded with zbar, opens its public page.
      await page.getByTestId('models-table').getByRole('link', { name: general.batteryModel }).click();
      await page.getByTestId('model-batteries').getByRole('link', { name: serials[1] }).click();
      await page.getByRole('button', { name: w('dpp.publish') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: w('app.confirm') })
        .click();
      await page.getByTestId('publication-status').getByText(w('dpp.status.published')).waitFor();
      const link = await page.getByTestId('digital-link').innerText();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'PNG' }).click(),
      ]);
      const decoded = missingTools('zbarimg') ? link : await decodePng(await readFile((await download.path())!));
      assert.equal(decoded, link);
      assert.ok(decoded.includes(`/01/${gtin}/`) && decoded.endsWith(`/21/${serials[1]}`), decoded);
      await page.goto(decoded);
      await page.getByText(general.batteryModel).first().waitFor();
      await accessible(page, `public page of a model's battery (${lang})`);
      if (process.env.QRS_SCREENSHOTS === '1' || !existsSync(join(DPP_SHOTS, `model-battery-page-${lang}.png`)))
        await page.screenshot({ path: join(DPP_SHOTS, `model-battery-page-${lang}.png`), type: 'png' });
      await ctx.close();
    });
  }
});
