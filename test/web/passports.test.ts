// Journey of the battery passport screens: a GS1 prefix claimed (the operator's verification is
// a database step here, as the CLI does it), a draft typed into the contract-driven editor with
// the validator's issues beside the fields, completed, published, and resolved through its QR
// code decoded with zbar. The editor is a lazy chunk (checked by the build's size script).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { call, seedTenant } from '../support/harness.js';
import { createPassport, publisher, uniqueFixture } from '../support/passports.js';
import { decodePng, missingTools } from '../support/decode.js';
import { chromiumMissing, launch, logIn, newContext, screenshot, startServer, type WebServer } from './browser.js';
import { accessibleEverywhere } from '../support/axe.js';

const skip = chromiumMissing();
const fixture = JSON.parse(readFileSync(new URL('../../src/features/dpp/fixtures/ev.json', import.meta.url), 'utf8'));

describe('dashboard: battery passports and GS1 prefixes', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a passport goes from draft through publish to resolution through its QR, decoded with zbar', async () => {
    const t = await seedTenant(server.h, 'pro');
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);

    // GS1 prefix: bad input explained, then claimed with its GEPIR record; the operator verifies it
    // (the console's queue: test/web/gs1-verification.test.ts).
    await page.getByRole('link', { name: 'GS1 prefixes' }).click();
    await page.getByLabel('Company prefix').fill('12ab');
    await page.getByRole('button', { name: 'Submit for verification' }).click();
    await page.locator('.field-error[data-pointer="/prefix"]').waitFor();
    await page.getByLabel('Company prefix').fill('4260123');
    await page.getByLabel('What the GEPIR record says').fill('ACME Batteries GmbH, 4260123');
    await page.getByRole('button', { name: 'Submit for verification' }).click();
    await page.getByTestId('gs1-table').getByText('Waiting for the operator').waitFor();
    await screenshot(page, 'gs1-prefixes');
    await accessibleEverywhere(page, 'GS1 prefixes');
    await server.h.db
      .updateTable('gs1_prefixes')
      .set({ status: 'verified', verified_at: new Date().toISOString() })
      .where('prefix', '=', '4260123')
      .execute();

    // The editor: typed fields are checked as one types, issues beside their fields.
    await page.getByRole('link', { name: 'Battery passports' }).click();
    await page.getByRole('link', { name: 'New passport' }).click();
    // The list has a GTIN filter of its own: until the editor's lazy chunk is shown, a fill by the
    // label would type into the list's filter (it did under the whole suite, and no check followed).
    await page.getByRole('heading', { name: 'New passport' }).waitFor();
    await page.getByLabel('GTIN').fill('04260123456780');
    await page.locator('[data-path="/gtin"]').waitFor();
    await page.getByLabel('GTIN').fill(fixture.gtin);
    await page.locator('[data-path="/gtin"]').waitFor({ state: 'detached' });
    await page.getByLabel('Serial number').fill(fixture.serial);
    const model = page.locator('#f-generalProductInformation-batteryModel');
    assert.equal(await model.getAttribute('aria-required'), 'true');
    // A field's problems show once it was edited (or its step left): none for the untouched model.
    assert.equal(await page.locator('[data-path="/data/generalProductInformation/batteryModel"]').count(), 0);
    await model.fill(fixture.data.generalProductInformation.batteryModel);
    await page.locator('#f-generalProductInformation-batteryMass').fill('-3');
    await page.locator('[data-path="/data/generalProductInformation/batteryMass"].field-error').waitFor();
    await page.locator('#f-generalProductInformation-batteryMass').fill('482.5');
    await page.locator('.access-legitimate_interest, .access-authority').first().waitFor();
    // Create refuses an incomplete passport: the rest comes from the contract's EV example, pasted.
    const partial = structuredClone(fixture);
    delete partial.data.generalProductInformation.warrantyPeriod;
    await page.getByText('Import from JSON').click();
    await page.getByLabel('A passport as JSON').fill(JSON.stringify(partial));
    await page.getByRole('button', { name: 'Fill the form' }).click();
    await page
      .getByTestId('validation-summary')
      .getByText(/^Valid/)
      .waitFor();
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.getByTestId('publication-status').getByText('Draft').waitFor();
    await screenshot(page, 'passport-editor');
    await accessibleEverywhere(page, 'passport editor');

    // A change from the editor is a new version, shown as a diff.
    await page.locator('#f-generalProductInformation-warrantyPeriod').fill('120');
    await page.getByRole('button', { name: 'Save (new version)' }).click();
    const versions = page.getByTestId('passport-versions');
    await versions.locator('.diff-new').getByText('120', { exact: true }).waitFor();

    // Publish with confirmation; grants; QR decoded by zbar leads to the public page.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('publication-status').getByText('Published').waitFor();
    const link = await page.getByTestId('digital-link').innerText();
    assert.ok(link.startsWith(`${server.url}/01/${fixture.gtin}`), link);
    const grants = page.getByTestId('passport-grants');
    await grants.getByLabel('Expires at (optional)').fill('2099-01-01T00:00');
    await grants.getByRole('button', { name: 'Create access grant' }).click();
    await grants.locator('.field-error[data-pointer="/expires_at"], [role="alert"]').first().waitFor();
    const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16);
    await grants.getByLabel('Expires at (optional)').fill(soon);
    await grants.getByLabel('For whom and why (optional)').fill('Recycler audit');
    await grants.getByRole('button', { name: 'Create access grant' }).click();
    await grants.locator('code.secret').waitFor();
    await grants.getByText('Recycler audit').waitFor();
    await grants.getByRole('button', { name: 'Revoke' }).click();
    await grants.getByText('revoked').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PNG' }).click(),
    ]);
    const png = await readFile((await download.path())!);
    const decoded = missingTools('zbarimg') ? link : await decodePng(png);
    assert.equal(decoded, link);
    const resolved = await fetch(decoded, { redirect: 'manual' });
    assert.equal(resolved.status, 307);
    const pageRes = await fetch(new URL(resolved.headers.get('location')!, server.url), {
      headers: { accept: 'text/html' },
    });
    assert.equal(pageRes.status, 200);
    assert.match(await pageRes.text(), /Voltaris/);

    // The list finds it by GTIN; archive answers 404 on the resolver from then on.
    await page.getByRole('link', { name: 'Battery passports', exact: true }).first().click();
    await page.getByLabel('GTIN').fill(fixture.gtin);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('passports-table').getByText('Published').waitFor();
    await screenshot(page, 'passports');
    await accessibleEverywhere(page, 'passports list');
    await page.getByTestId('passports-table').getByRole('link', { name: fixture.gtin }).click();
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('publication-status').getByText('Archived').waitFor();
    assert.equal((await fetch(decoded, { redirect: 'manual' })).status, 404);
    await ctx.close();
  });

  it('a refresh that fails keeps the passport on screen, and what was typed into it', async () => {
    const t = await publisher(server.h, 'pro');
    const created = await createPassport(server.h, t, uniqueFixture('ev'));
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await page.goto(`/passports/${created.id}`);
    const model = page.locator('#f-generalProductInformation-batteryModel');
    await model.fill('Typed, not yet saved');
    // From now on the passport's own address answers as a restarting instance would. A reading
    // (a write) refreshes every query of the screen, the passport's among them.
    await page.route(`**/v1/dpp/${created.id}`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 503,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              type: `${server.url}/docs/errors/unavailable`,
              title: 'Service Unavailable',
              status: 503,
              detail: 'The database does not answer.',
            }),
          })
        : route.fallback(),
    );
    const readings = page.getByTestId('passport-readings');
    await readings.getByLabel('Reading in %').fill('91');
    await readings.getByRole('button', { name: 'Record reading' }).click();
    await readings.getByText('Reading recorded.').waitFor();
    // Before, the failed refresh replaced the whole editor with its problem.
    await page.getByTestId('problem').waitFor();
    await page.getByRole('heading', { name: new RegExp(`^Passport ${created.gtin}`) }).waitFor();
    assert.equal(await model.inputValue(), 'Typed, not yet saved');
    await ctx.close();
  });

  it("another organization's passport is not found", async () => {
    const a = await seedTenant(server.h);
    const b = await seedTenant(server.h);
    const list = await call(server.h, { url: '/v1/dpp', tenant: a });
    assert.equal(list.statusCode, 200);
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, b.email, b.password);
    await page.goto('/passports/dpp_01JD3Y2K8Q9XW4T5N6M7P8R9S0');
    await page.getByRole('alert').waitFor();
    await ctx.close();
  });
});
