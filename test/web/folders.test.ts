// Issue #56 item 2: folders and campaigns in the dashboard, in English and in German. A folder, a
// subfolder and a campaign are made beside the code list (a bad range is explained at its field),
// codes are chosen and moved in one step, the tree filters the list (a folder shows its
// subfolder's codes), a non-empty folder refuses deletion with the API's reason, and the overview
// reads the campaign's scans alone. axe finds no serious violation at 1280 and 360 px.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { seedTenant } from '../support/harness.js';
import { createCode, scan } from '../support/codes.js';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { chromiumMissing, logIn, newContext, screenshot, webJourney } from './browser.js';
import { words } from './words.js';
import { chooseLanguage } from './language.js';

const skip = chromiumMissing();

describe('dashboard: folders and campaigns', { skip }, () => {
  const fx = webJourney();

  for (const lang of LANGS) {
    it(`(${lang}) a folder tree, a campaign, codes moved in bulk, the list and the overview by folder`, async () => {
      const w = words(lang);
      const h = fx.server.h;
      const tenant = await seedTenant(h, 'business');
      const codes = [];
      for (const title of ['Poster A', 'Poster B', 'Flyer'])
        codes.push(
          await createCode(h, tenant, { type: 'url', url: `https://example.com/${title.replace(' ', '-')}`, title }),
        );
      const ctx = await newContext(fx.browser, fx.server.url);
      const page = await ctx.newPage();
      await logIn(page, tenant.email, tenant.password);
      await chooseLanguage(page, lang);
      const tree = page.getByTestId('folder-tree');

      // A top-level folder, then a campaign inside it: a range that ends before it starts is refused at its field.
      await tree.getByRole('button', { name: w('folders.new') }).click();
      await tree.getByLabel(w('folders.name')).fill('Clients');
      await tree.getByRole('button', { name: w('folders.create') }).click();
      await tree.getByText(w('folders.created', { name: 'Clients' })).waitFor();
      await tree.getByRole('button', { name: w('folders.new') }).click();
      await tree.getByLabel(w('folders.name')).fill('Spring');
      await tree.getByLabel(w('folders.parent')).selectOption({ label: 'Clients' });
      await tree.getByLabel(w('folders.campaign')).check();
      await tree.getByLabel(w('folders.startsOn')).fill('2026-05-01');
      await tree.getByLabel(w('folders.endsOn')).fill('2026-04-01');
      await tree.getByLabel(w('folders.utmSource')).fill('poster');
      await tree.getByRole('button', { name: w('folders.create') }).click();
      await tree.locator('.field-error[data-pointer="/ends_on"]').waitFor();
      await tree.getByLabel(w('folders.endsOn')).fill('2026-06-30');
      await tree.getByRole('button', { name: w('folders.create') }).click();
      await tree.getByText(w('folders.created', { name: 'Spring' })).waitFor();
      await accessibleAtBothWidths(page, `folder tree (${lang})`);
      await setWidth(page, DESKTOP);

      // Two posters chosen and moved into the campaign in one step.
      for (const title of ['Poster A', 'Poster B'])
        await page.getByRole('checkbox', { name: w('codes.select', { title }) }).check();
      await page.getByLabel(w('folders.moveTo')).selectOption({ label: 'Clients / Spring' });
      await page.getByRole('button', { name: w('folders.move'), exact: true }).click();
      await page.getByText(w('folders.moved', { n: 2 })).waitFor();

      // The tree filters: the campaign and its parent show the posters, "not in a folder" the flyer.
      await tree.getByRole('link', { name: /^Clients/ }).click();
      await page.getByRole('link', { name: 'Poster A' }).waitFor();
      await page.getByRole('link', { name: 'Flyer' }).waitFor({ state: 'detached' });
      assert.equal(await page.getByRole('link', { name: 'Poster B' }).count(), 1);
      await tree.getByRole('link', { name: w('folders.none') }).click();
      await page.getByRole('link', { name: 'Flyer' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Poster A' }).count(), 0);
      await tree.getByRole('link', { name: /^Spring/ }).click();
      await page.getByRole('link', { name: 'Poster B' }).waitFor();
      await screenshot(page, `folders-${lang}`);

      // A folder that holds codes is not deleted: the API's reason is shown, and it stays.
      await tree.getByRole('button', { name: w('folders.delete') }).click();
      await tree.getByRole('button', { name: w('app.confirm') }).click();
      await tree.getByRole('alert').waitFor();
      await accessibleAtBothWidths(page, `folder refused deletion (${lang})`);
      await setWidth(page, DESKTOP);
      assert.equal(await tree.getByRole('link', { name: /^Spring/ }).count(), 1);

      // The overview of the campaign counts its codes' scans alone.
      for (const [code, n] of [
        [codes[0], 2],
        [codes[2], 3],
      ] as const)
        for (let i = 0; i < n; i++) assert.equal((await scan(h, code.short_code)).statusCode, 302);
      await h.app.scans.flush();
      await page
        .getByRole('navigation')
        .first()
        .getByRole('link', { name: w('nav.overview') })
        .click();
      await page.getByTestId('overview-total').getByText('5').waitFor();
      await page.getByTestId('overview-folder').selectOption({ label: 'Spring' });
      await page.getByTestId('overview-total').getByText('2').waitFor();
      await ctx.close();
    });
  }
});
