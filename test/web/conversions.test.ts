// Issue #56 item 5: conversions and GA4 in the dashboard, in English and in German. The code editor
// turns the click id on, the code's page shows conversions, rate and revenue of a sale reported
// through the API with the click id of a real scan and lists what was reported, and the workspace settings turn GA4 forwarding
// on (a bad measurement id explained at its field) and off. axe finds no serious violation at 1280
// and 360 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, seedTenant } from '../support/harness.js';
import { createCode, scan } from '../support/codes.js';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { chromiumMissing, logIn, newContext, screenshot, SCREENSHOTS, webJourney } from './browser.js';
import { words } from './words.js';
import { chooseLanguage } from './language.js';

const skip = chromiumMissing();

/** A part of a long page for docs/dashboard/ (screenshot() shows the top of the viewport). */
const shoot = (part: Locator, name: string) =>
  part.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });

describe('dashboard: conversions and GA4', { skip }, () => {
  const fx = webJourney();

  for (const lang of LANGS) {
    it(`(${lang}) the click id in the editor, conversions on the code's page and its campaign's analytics, GA4 in the workspace settings`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      const tenant = await seedTenant(h, 'business');
      const code = await createCode(h, tenant, {
        type: 'url',
        url: 'https://shop.example.com/spring',
        title: 'Shop poster',
      });
      const ctx = await newContext(fx.browser, fx.server.url);
      const page = await ctx.newPage();
      await logIn(page, tenant.email, tenant.password);
      await chooseLanguage(page, lang);

      // The editor: the click id is one checkbox among the redirect options.
      await page.goto(`/codes/${code.id}/edit`);
      await page.getByText(w('content.clickId'), { exact: true }).first().click();
      await page.getByLabel(w('content.clickIdOn')).check();
      await accessibleAtBothWidths(page, `click id option (${lang})`);
      await setWidth(page, DESKTOP);
      await shoot(page.getByTestId('code-click-id'), `conversions-click-id-${lang}`);
      await page
        .getByRole('button', { name: w('app.save'), exact: true })
        .first()
        .click();
      await page.waitForURL(new RegExp(`/codes/${code.id}$`));
      const saved = await call(h, { url: `/v1/codes/${code.id}`, tenant });
      assert.equal(saved.json.data.append_click_id, true);

      // Four scans, a lead and a sale reported with their click ids.
      const cids: string[] = [];
      for (let i = 0; i < 4; i++)
        cids.push(/qrs_cid=(\w+)/.exec(String((await scan(h, code.short_code)).headers.location))![1]);
      await h.app.scans.flush();
      for (const body of [
        { click_id: cids[0], event: 'lead' },
        { click_id: cids[1], event: 'sale', amount: 4999, currency: 'EUR' },
      ]) {
        const res = await call(h, { method: 'POST', url: '/v1/conversions', tenant, body });
        assert.equal(res.statusCode, 201, res.body);
      }
      await page.getByTestId('refresh-scans').click();
      await page.getByTestId('conversions-count').getByText('2').waitFor();
      const rate = await page.getByTestId('conversions-rate').innerText();
      assert.match(rate, /50\s?%/);
      assert.match(await page.getByTestId('conversions-revenue').innerText(), lang === 'de' ? /49,99/ : /49\.99/);
      // What was reported, newest first: the integration can be checked from here.
      const recent = page.getByTestId('recent-conversions');
      await recent.getByRole('heading', { name: w('conversions.recent') }).waitFor();
      const rows = recent.locator('tbody tr');
      assert.equal(await rows.count(), 2);
      assert.match(await rows.nth(0).innerText(), lang === 'de' ? /sale[\s\S]*49,99/ : /sale[\s\S]*49\.99/);
      assert.match(await rows.nth(1).innerText(), /lead/);
      await accessibleAtBothWidths(page, `code conversions (${lang})`);
      await setWidth(page, DESKTOP);
      await screenshot(page, `conversions-code-${lang}`);

      // The campaign the code is in shows them on the analytics page, chosen by its folder.
      const campaign = await call(h, {
        method: 'POST',
        url: '/v1/folders',
        tenant,
        body: { name: `Spring ${lang}`, kind: 'campaign' },
      });
      assert.equal(campaign.statusCode, 201, campaign.body);
      const moved = await call(h, {
        method: 'POST',
        url: '/v1/codes/move',
        tenant,
        body: { code_ids: [code.id], folder_id: campaign.json.data.id },
      });
      assert.equal(moved.statusCode, 200, moved.body);
      await page.goto('/analytics');
      await page.getByTestId('overview-folder').selectOption({ label: `Spring ${lang}` });
      await page.getByTestId('conversions-count').getByText('2').waitFor();
      assert.match(await page.getByTestId('conversions-rate').innerText(), /50\s?%/);
      await accessibleAtBothWidths(page, `campaign conversions (${lang})`);
      await setWidth(page, DESKTOP);

      // GA4 in the workspace settings: a bad id is refused at its field, a good one turns it on.
      await page.goto(`/workspaces/${tenant.workspaceId}`);
      const ga4 = page.getByTestId('ga4-settings');
      await ga4.getByText(w('ga4.off')).waitFor();
      await ga4.getByLabel(w('ga4.measurementId')).fill('UA-1234');
      await ga4.getByLabel(w('ga4.apiSecret')).fill('mp-secret-123');
      await ga4.getByRole('button', { name: w('ga4.save') }).click();
      await ga4.locator('.field-error[data-pointer="/measurement_id"]').waitFor();
      await accessibleAtBothWidths(page, `GA4 refused (${lang})`);
      await setWidth(page, DESKTOP);
      await ga4.getByLabel(w('ga4.measurementId')).fill('G-TEST12345');
      await ga4.getByLabel(w('ga4.apiSecret')).fill('mp-secret-123');
      await ga4.getByRole('button', { name: w('ga4.save') }).click();
      await ga4.getByText(w('ga4.on', { id: 'G-TEST12345' })).waitFor();
      await accessibleAtBothWidths(page, `GA4 on (${lang})`);
      await setWidth(page, DESKTOP);
      await shoot(ga4, `conversions-ga4-${lang}`);
      await ga4.getByRole('button', { name: w('ga4.remove') }).click();
      await ga4.getByText(w('ga4.off')).waitFor();
      await ctx.close();
    });
  }
});
