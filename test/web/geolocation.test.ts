// IP geolocation in the dashboard (docs/decisions.md D79), in English and in German: a code's
// regions and cities as ranked lists, each raw scan's place, the overview's lists of the workspace,
// and the DB-IP attribution its licence asks for. axe finds no serious violation at 1280 and 360 px.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedTenant } from '../support/harness.js';
import { createCode, scan } from '../support/codes.js';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { mmdbFile } from '../support/mmdb-fixture.js';
import { chromiumMissing, logIn, newContext, SCREENSHOTS, webJourney } from './browser.js';
import { words } from './words.js';
import { chooseLanguage } from './language.js';

const skip = chromiumMissing();
const dir = mkdtempSync(join(tmpdir(), 'qrs-geo-web-'));
const file = join(dir, 'city.mmdb');
writeFileSync(
  file,
  mmdbFile({
    '81.2.69.0/24': { country_code: 'GB', state1: 'England', city: 'London' },
    '81.2.70.0/24': { country_code: 'GB', state1: 'England', city: 'Manchester' },
    '85.214.0.0/16': { country_code: 'DE', state1: 'Berlin', city: 'Berlin' },
    '2a00:1450:0:0:0:0:0:0/32': { country_code: 'DE', state1: 'Hesse', city: 'Frankfurt am Main' },
  }),
);
after(() => rmSync(dir, { recursive: true, force: true }));

describe('dashboard: where scans come from', { skip }, () => {
  const fx = webJourney(() => ({ GEOIP_DATABASE: file, TRUST_PROXY: 'loopback' }));

  for (const lang of LANGS) {
    it(`(${lang}) a code's regions and cities, each scan's place, and the overview's lists`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      const tenant = await seedTenant(h, 'business');
      const code = await createCode(h, tenant, { type: 'url', url: 'https://example.com/poster', title: 'Poster' });
      const from = [
        '81.2.69.10',
        '81.2.69.11',
        '81.2.69.12',
        '81.2.70.1',
        '81.2.70.2',
        '85.214.1.1',
        '2a00:1450:4001::1',
      ];
      for (const ip of from) await scan(h, code.short_code, { 'x-forwarded-for': ip }, { ip: '127.0.0.1' });
      await h.app.scans.flush();

      const ctx = await newContext(fx.browser, fx.server.url);
      const page = await ctx.newPage();
      await logIn(page, tenant.email, tenant.password);
      await chooseLanguage(page, lang);
      await page.goto(`${fx.server.url}/codes/${code.id}`);
      const regions = page.getByTestId('bars-region');
      const cities = page.getByTestId('bars-city');
      await regions.getByText('England').waitFor();
      assert.equal(await regions.locator('figcaption').textContent(), w('detail.regions'));
      assert.deepEqual(await regions.locator('.bar-label').allTextContents(), ['England', 'Berlin', 'Hesse']);
      assert.deepEqual(await cities.locator('.bar-value').allTextContents(), ['3', '2', '1', '1']);
      assert.equal((await cities.locator('.bar-label').allTextContents())[0], 'London');
      const table = page.getByTestId('scans-table');
      await table.getByText('London, England, GB').first().waitFor();
      await table.getByText('Frankfurt am Main, Hesse, DE').waitFor();
      const source = page.getByRole('link', { name: w('detail.geoSource') }).first();
      assert.equal(await source.getAttribute('href'), 'https://db-ip.com');
      await accessibleAtBothWidths(page, `code places (${lang})`);
      await setWidth(page, DESKTOP);
      if (lang === 'en') {
        await regions.scrollIntoViewIfNeeded();
        await page
          .locator('.bar-grid')
          .first()
          .screenshot({ path: join(SCREENSHOTS, 'geolocation-code.png'), animations: 'disabled' });
      }

      await page.goto(`${fx.server.url}/analytics`);
      const overview = page.getByTestId('overview-cities');
      await overview.getByText('London').waitFor();
      assert.deepEqual(await page.getByTestId('overview-regions').locator('.bar-label').allTextContents(), [
        'England',
        'Berlin',
        'Hesse',
      ]);
      await accessibleAtBothWidths(page, `overview places (${lang})`);
      await ctx.close();
    });
  }
});
