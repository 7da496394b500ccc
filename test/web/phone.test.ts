// Issue #24, the phone layout at 360×740: the navigation collapses behind a labelled Menu button,
// the codes list's filters sit behind a Filters button, list rows are cards, and on the API keys
// screen Revoke is on screen without scrolling sideways.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seedTenant, type Tenant } from '../support/harness.js';
import { createCode } from '../support/codes.js';
import { PHONE, setWidth } from '../support/axe.js';
import { chromiumMissing, launch, logIn, newContext, screenshot, startServer, type WebServer } from './browser.js';

const skip = chromiumMissing();

/** The element lies wholly inside the 360×740 viewport. */
async function onScreen(page: Page, selector: ReturnType<Page['locator']>, what: string) {
  const box = await selector.boundingBox();
  assert.ok(box, `${what} is not rendered`);
  assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${what} spans x ${box.x}..${box.x + box.width}`);
  assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height, `${what} spans y ${box.y}..${box.y + box.height}`);
}

describe('dashboard on a 360 px phone', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let t: Tenant;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    t = await seedTenant(server.h, 'pro');
    for (const [title, tag] of [
      ['Poster', 'print'],
      ['Flyer', 'print'],
      ['Website', 'web'],
    ])
      await createCode(server.h, t, { type: 'url', url: `https://example.com/${title}`, title, tags: [tag] });
    ctx = await newContext(browser, server.url);
    page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await setWidth(page, PHONE);
  });
  after(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  it('the navigation sits behind a labelled Menu button; a picked link closes it and focuses the heading', async () => {
    await page.goto('/codes');
    await page.getByRole('heading', { name: 'Codes' }).waitFor();
    const menu = page.getByTestId('menu-button');
    await menu.waitFor();
    assert.equal(await menu.textContent(), 'Menu', await page.locator('header').innerHTML());
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
    assert.equal(await page.getByTestId('workspace-switcher').count(), 0);
    await onScreen(page, menu, 'the Menu button');
    await menu.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    await dialog.getByTestId('workspace-switcher').waitFor();
    await dialog.getByRole('button', { name: 'Log out' }).waitFor();
    await screenshot(page, 'phone-menu');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus comes back to the Menu button once the dialog has closed, which may be a frame after the
    // dialog left the DOM: wait for it rather than read it at once (CI caught the body focused).
    await page
      .waitForFunction(() => document.activeElement?.textContent === 'Menu', undefined, { timeout: 5_000 })
      .catch(() => undefined);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Menu');
    await menu.click();
    await page.getByRole('dialog').getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0);
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  });

  it('API keys: rows are cards and Revoke is on screen', async () => {
    await page.goto('/keys');
    const table = page.getByTestId('keys-table');
    const row = table.locator('tbody tr').first();
    await row.waitFor();
    assert.equal(await row.evaluate((e) => getComputedStyle(e).display), 'block');
    await onScreen(page, row.getByRole('button', { name: /^Revoke/ }), 'Revoke');
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width);
    await screenshot(page, 'phone-keys');
  });

  it('codes: filters behind a Filters button, rows as cards', async () => {
    await page.goto('/codes');
    await page.getByRole('link', { name: 'Poster' }).waitFor();
    assert.equal(await page.getByRole('searchbox').count(), 0);
    const filters = page.getByRole('button', { name: 'Filters' });
    await onScreen(page, filters, 'the Filters button');
    await onScreen(page, page.getByRole('link', { name: 'Flyer' }), 'the second code card');
    assert.equal(
      await page
        .locator('table.codes tbody tr')
        .first()
        .evaluate((e) => getComputedStyle(e).display),
      'grid',
    );
    await screenshot(page, 'phone-codes');
    await filters.click();
    await page.getByRole('textbox', { name: 'Tag' }).fill('web');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/tag=web/);
    await page.getByRole('link', { name: 'Flyer' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Website' }).waitFor();
    assert.equal(await page.getByRole('searchbox').count(), 0, 'the popover closes once the filter applies');
    assert.match((await page.getByTestId('filters-button').textContent()) ?? '', /1/);
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width);
  });

  it('on a desktop the navigation and the filters show as before', async () => {
    await setWidth(page, { width: 1280, height: 860 });
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Menu' }).count(), 0);
  });
});
