// The public battery passport page as a person with a phone meets it: the QR code printed on the
// battery (rendered by the API, read back by zbar) is opened in Chromium, which follows the GS1
// Digital Link to the page. The page is server-rendered, so it must be complete with script off
// on a 360 px screen, in English and German, and pass axe at phone and desktop widths.
// Screenshots for docs/dpp.md are written only with QRS_SCREENSHOTS=1, so a test run never
// rewrites committed files.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call } from '../support/harness.js';
import { decodePng, missingTools } from '../support/decode.js';
import { publishedPassport } from '../support/passports.js';
import { chromiumMissing, launch, startServer, type WebServer } from './browser.js';
import { accessibleAtBothWidths, DESKTOP, PHONE } from '../support/axe.js';

const skip = chromiumMissing() ?? missingTools('zbarimg');
const SHOTS = fileURLToPath(new URL('../../docs/dpp', import.meta.url));

/** A context as a phone browser with script turned off; `locale` sets its Accept-Language. */
async function phone(browser: Browser, locale: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({ locale, viewport: PHONE, javaScriptEnabled: false });
  ctx.setDefaultTimeout(15_000);
  return ctx;
}

/**
 * axe (no serious or critical violation) at desktop and phone widths. axe is itself a script, so it
 * runs on the same URL in a context with script on and the same Accept-Language; the page has no
 * script of its own, so the document is the same one the phone without script shows.
 */
async function accessibleEverywhere(browser: Browser, page: Page, locale: string, what: string) {
  const ctx = await browser.newContext({ locale, viewport: DESKTOP });
  ctx.setDefaultTimeout(15_000);
  const axePage = await ctx.newPage();
  await axePage.goto(page.url());
  assert.equal(await axePage.locator('html').getAttribute('lang'), await page.locator('html').getAttribute('lang'));
  await accessibleAtBothWidths(axePage, what);
  await ctx.close();
}

/** The page fits a 360 px screen: no horizontal scrolling. */
async function fitsPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `page is ${width}px wide on a ${PHONE.width}px screen`);
}

async function shot(page: Page, name: string) {
  if (process.env.QRS_SCREENSHOTS !== '1') return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), type: 'png', animations: 'disabled' });
}

/** A summary row's value, by its label. */
const summaryValue = (page: Page, label: string) =>
  page.locator('section[aria-labelledby="summary"] dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

describe('public passport page in a browser, from the QR code', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let link: string;
  let uniqueIdentifier: string;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    const { tenant, passport } = await publishedPassport(server.h, 'ev');
    uniqueIdentifier = passport.unique_identifier;
    const png = await call(server.h, { url: `/v1/dpp/${passport.id}/qr.png`, tenant });
    assert.equal(png.statusCode, 200);
    link = await decodePng(png.rawPayload);
    assert.equal(link, passport.digital_link);
    assert.ok(link.startsWith(`${server.url}/01/`), link);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('English from Accept-Language, readable without script on a phone, then German through the switch', async () => {
    const ctx = await phone(browser, 'en-GB');
    const page = await ctx.newPage();
    const res = await page.goto(link);
    assert.equal(res?.status(), 200);
    assert.notEqual(new URL(page.url()).pathname, new URL(link).pathname, 'the Digital Link redirects to the page');
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    await page.getByRole('heading', { level: 1, name: /Battery passport/ }).waitFor();
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    await page
      .getByRole('note')
      .getByText(/public/i)
      .first()
      .waitFor();
    assert.equal(await summaryValue(page, 'Unique identifier').innerText(), uniqueIdentifier);
    assert.match(await summaryValue(page, 'Capacity and energy').innerText(), /216\s*Ah.*77\s*kWh/);
    assert.match(await summaryValue(page, 'Model').innerText(), /Voltaris/);
    const body = await page.locator('main').innerText();
    assert.match(body, /250,000\s*W/, 'original power capability, with English digit grouping');
    assert.match(body, /180,000\s*W at 20\s*% state of charge/);
    await fitsPhone(page);
    await shot(page, 'passport-page-en');
    await accessibleEverywhere(browser, page, 'en-GB', 'passport page (en)');

    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(/[?&]lang=de/);
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    await page.getByRole('heading', { name: 'Überblick' }).waitFor();
    assert.equal(await summaryValue(page, 'Eindeutige Kennung').innerText(), uniqueIdentifier);
    assert.match(await summaryValue(page, 'Kapazität und Energie').innerText(), /216\s*Ah.*77\s*kWh/);
    assert.match(await page.locator('main').innerText(), /250\.000\s*W/, 'German digit grouping');
    await fitsPhone(page);
    await shot(page, 'passport-page-de');
    await accessibleEverywhere(browser, page, 'en-GB', 'passport page (de, switch)');

    // The choice is remembered: the Digital Link opened again gives German despite Accept-Language.
    await page.goto(link);
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    await ctx.close();
  });

  it('German from Accept-Language on a fresh phone', async () => {
    const ctx = await phone(browser, 'de-DE');
    const page = await ctx.newPage();
    assert.equal((await page.goto(link))?.status(), 200);
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    await page.getByRole('heading', { name: 'Überblick' }).waitFor();
    assert.equal(await summaryValue(page, 'Eindeutige Kennung').innerText(), uniqueIdentifier);
    await fitsPhone(page);
    await accessibleEverywhere(browser, page, 'de-DE', 'passport page (de, Accept-Language)');
    await ctx.close();
  });
});
