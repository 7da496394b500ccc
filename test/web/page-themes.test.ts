// Branded hosted pages (docs/decisions.md D82) in a real browser: the brand kit editor's page style
// makes the workspace's page kit; the link list, menu, coupon, event and social pages wear it, are
// axe-clean at 360 px in English and German, and run no script. Screenshots for docs/dashboard.md.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, seedTenant, type Tenant } from '../support/harness.js';
import { createCode } from '../support/codes.js';
import {
  chromiumMissing,
  expectAccessible,
  launch,
  logIn,
  newContext,
  screenshot,
  startServer,
  type WebServer,
} from './browser.js';
import { COUPON, EVENT, MENU, SOCIAL } from '../support/page-fixtures.js';
import { setWidth } from '../support/axe.js';

const skip = chromiumMissing();
const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 40"><rect width="80" height="40" rx="8" fill="#2E7D32"/><circle cx="20" cy="20" r="12" fill="#fff"/></svg>',
).toString('base64');

describe('dashboard and phones: branded hosted pages', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let t: Tenant;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    t = await seedTenant(server.h, 'pro');
    const logo = await call(server.h, {
      method: 'POST',
      url: '/v1/logos',
      tenant: t,
      body: { name: 'Linde logo', content_type: 'image/svg+xml', data: LOGO },
    });
    assert.equal(logo.statusCode, 201, logo.body);
    ctx = await newContext(browser, server.url);
    page = await ctx.newPage();
    await setWidth(page, { width: 360, height: 800 });
    await logIn(page, t.email, t.password);
  });
  after(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  it("the kit editor's page style makes the workspace's page kit, axe-clean at 360 px", async () => {
    await page.goto(`${server.url}/settings/brand`);
    await page.getByLabel('Kit name').waitFor();
    await page.getByLabel('Kit name').fill('Café Linde');
    await page.getByLabel('Accent (buttons, top bar)').fill('#2E7D32');
    await page.getByLabel('Page background').fill('#FFFDF5');
    await page.getByLabel('Font', { exact: true }).selectOption('serif');
    await page.getByLabel('Logo at the top').selectOption({ label: 'Linde logo' });
    await page.getByLabel('Use for all hosted pages of this workspace').check();
    await expectAccessible(page, 'brand kit page style (en, 360 px)');
    await page.getByText('Hosted pages', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'docs/dashboard/brand-kit-page-style.png' });
    await page.getByRole('button', { name: 'Create brand kit' }).click();
    await page.getByTestId('kits-table').getByRole('cell', { name: 'Café Linde', exact: true }).waitFor();
    const kits = (await call(server.h, { url: '/v1/brand-kits', tenant: t })).json.data;
    assert.equal(kits.length, 1);
    assert.equal(kits[0].pages_default, true);
    assert.deepEqual(
      { ...kits[0].style.page, logo_id: typeof kits[0].style.page.logo_id },
      { accent: '#2E7D32', background: '#FFFDF5', font: 'serif', logo_id: 'string' },
    );
  });

  for (const [type, content] of [
    ['menu', MENU],
    ['coupon', COUPON],
    ['event', EVENT],
    ['social', SOCIAL],
  ] as const) {
    it(`a ${type} page wears the kit, runs no script and is axe-clean at 360 px in English and German`, async () => {
      const c = await createCode(server.h, t, { type, content });
      for (const locale of ['en-US', 'de-DE']) {
        const phone = await newContext(browser, server.url, locale);
        const p = await phone.newPage();
        await setWidth(p, { width: 360, height: 740 });
        const scripts: string[] = [];
        p.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(r.url());
        });
        const res = await p.goto(`${server.url}/r/${c.short_code}`);
        assert.equal(res?.status(), 200);
        assert.equal(await p.locator('html').getAttribute('lang'), locale.slice(0, 2));
        const logo = p.locator('img.logo');
        await logo.waitFor();
        assert.ok(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'logo loaded');
        assert.equal(
          await p.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor),
          'rgb(46, 125, 50)',
        );
        await expectAccessible(p, `${type} page (${locale}, 360 px)`);
        assert.deepEqual(scripts, []);
        if (locale === 'en-US') await screenshot(p, `hosted-${type}`);
        await phone.close();
      }
    });
  }
});
