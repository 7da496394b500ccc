// Journeys of designed codes in the dashboard (docs/dashboard.md, D30): the logo library and brand
// kits screen, and the code editor's Design section with its live preview; the downloads of the
// saved code decode with zbar. Real Chromium against a real server on a SQLite file.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, seedTenant, type Tenant } from '../support/harness.js';
import { decodePng, decodeSvg, missingTools } from '../support/decode.js';
import { rasteriseSvg } from '../../src/qr/raster.js';
import {
  chromiumMissing,
  expectAccessible,
  launch,
  logIn,
  newContext,
  startServer,
  type WebServer,
} from './browser.js';

const skip = chromiumMissing();

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#E91E63"/><script>alert(1)</script></svg>`;
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

/**
 * The SVGs the preview route answered, in order. The dashboard's CSP lets no script fetch the
 * blob: URL an <img> shows, and Chromium hands the test no body of a response the page read as
 * a blob, so each preview request is sent once more, as it was, from the test.
 */
function recordPreviews(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (!r.url().endsWith('/v1/qr/preview') || r.status() !== 200) return;
    const req = r.request();
    void r
      .allHeaders()
      .then(() => req.allHeaders())
      .then((headers) => page.request.post(r.url(), { headers, data: req.postData() ?? '' }))
      .then((again) => again.text())
      .then((svg) => seen.push(svg));
  });
  return seen;
}

/** Waits until the latest preview passes `test` and the image shows it (not greyed out as stale). */
async function previewUntil(page: Page, seen: string[], testId: string, test: (svg: string) => boolean) {
  for (let i = 0; i < 80; i++) {
    const last = seen.at(-1) ?? '';
    if (test(last)) {
      const img = page.getByTestId(testId);
      await img.waitFor();
      assert.doesNotMatch(String(await img.getAttribute('class')), /stale/);
      return last;
    }
    await page.waitForTimeout(150);
  }
  throw new Error(`preview never matched; last one starts ${(seen.at(-1) ?? '').slice(0, 200)}`);
}

const hasLogo = (svg: string) => svg.includes('<image ');
const hasPngLogo = (svg: string) => svg.includes('data:image/png');
const hasDots = (svg: string) => /a0\.45 0\.45/.test(svg);
const isFramed = (svg: string) => {
  const [, w, h] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg) ?? [];
  return Number(h) > Number(w);
};

async function accessibleInBothLanguages(page: Page, what: string, german: string) {
  await expectAccessible(page, `${what} (en)`);
  await page.locator('.lang select').selectOption('de');
  await page.getByText(german).first().waitFor();
  await expectAccessible(page, `${what} (de)`);
  await page.locator('.lang select').selectOption('en');
}

describe('dashboard: logos, brand kits and designed codes', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let t: Tenant;
  let previews: string[];
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    t = await seedTenant(server.h, 'pro');
    // Another organization's logo must never show up in this workspace's lists.
    const other = await seedTenant(server.h, 'pro');
    const foreign = await call(server.h, {
      method: 'POST',
      url: '/v1/logos',
      tenant: other,
      body: { name: 'Foreign logo', content_type: 'image/svg+xml', data: b64(LOGO_SVG) },
    });
    assert.equal(foreign.statusCode, 201, foreign.body);
    ctx = await newContext(browser, server.url);
    page = await ctx.newPage();
    previews = recordPreviews(page);
    await logIn(page, t.email, t.password);
  });
  after(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  it('uploads a logo (a bad file is refused next to the field), makes a brand kit with a live preview, in English and German', async () => {
    await page.getByRole('link', { name: 'Logos & brand kits' }).click();
    await page.getByRole('heading', { name: 'Logos and brand kits', level: 1 }).waitFor();
    await page.getByText('No logos yet.').waitFor();
    const file = page.getByTestId('library-logo-file');
    await file.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await page.locator('.field-error[data-pointer="/data"]').waitFor();
    await page.getByLabel('Name (optional)').fill('Acme mark');
    await file.setInputFiles({ name: 'acme.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO_SVG) });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    const logos = page.getByTestId('logos-table');
    await logos.getByRole('img', { name: 'Acme mark' }).waitFor();
    assert.equal(await logos.getByText('Foreign logo').count(), 0);
    const listed = (await call(server.h, { url: '/v1/logos', tenant: t })).json.data;
    assert.deepEqual(
      listed.map((l: { name: string }) => l.name),
      ['Acme mark'],
    );

    await page.getByLabel('Kit name').fill('Acme kit');
    await page.getByLabel('Module shape').selectOption('dots');
    await page.getByLabel('Logo', { exact: true }).selectOption({ label: 'Acme mark' });
    assert.equal(await page.getByLabel('Logo', { exact: true }).locator('option', { hasText: 'Foreign' }).count(), 0);
    await page.getByLabel('Frame text', { exact: true }).fill('Scan me');
    await previewUntil(page, previews, 'kit-preview', (s) => hasLogo(s) && hasDots(s) && isFramed(s));
    // A pale eye colour is refused by the preview, next to its field.
    await page.getByLabel('Eye colour').fill('#EEEEEE');
    await page.locator('.field-error[data-pointer="/style/eye_color"]').waitFor();
    await page.getByLabel('Eye colour').fill('#B00020');
    await page.locator('.field-error[data-pointer="/style/eye_color"]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create brand kit' }).click();
    await page.getByTestId('kits-table').getByRole('cell', { name: 'Acme kit', exact: true }).waitFor();
    const kits = (await call(server.h, { url: '/v1/brand-kits', tenant: t })).json.data;
    assert.equal(kits.length, 1);
    assert.equal(kits[0].style.module_shape, 'dots');
    assert.equal(kits[0].style.logo_id, listed[0].id);
    assert.equal(kits[0].style.frame.text, 'Scan me');
    assert.equal(kits[0].style.eye_color, '#B00020');
    await accessibleInBothLanguages(page, 'logos and brand kits', 'Logos und Markenvorlagen');
  });

  it('creates a code with dots, a logo uploaded in the form and a frame; the preview draws them and both downloads decode', async () => {
    await page.getByRole('link', { name: 'Codes' }).first().click();
    await page.getByRole('link', { name: 'New code' }).click();
    await page.getByRole('heading', { name: 'New code' }).waitFor();
    await page.getByLabel('Title').fill('Designed');
    await page.getByLabel('Destination URL').fill('https://example.com/designed');
    await page.getByTestId('preview-img').waitFor();
    await previewUntil(page, previews, 'preview-img', (s) => !hasLogo(s) && !hasDots(s) && !isFramed(s));

    // Applying the kit draws its design in the preview; then the code gets its own.
    const design = page.getByTestId('design');
    await design.getByLabel('Brand kit').selectOption({ label: 'Acme kit' });
    await previewUntil(page, previews, 'preview-img', (s) => hasLogo(s) && hasDots(s) && isFramed(s));
    await design.getByLabel('Brand kit').selectOption({ label: 'No brand kit' });

    await design.getByLabel('Module shape').selectOption('dots');
    const png = rasteriseSvg(LOGO_SVG.replace(/<script>.*<\/script>/, ''), 64);
    await design.getByTestId('logo-file').setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: png });
    await design.getByText('badge.png was uploaded and chosen.').waitFor();
    assert.equal(await design.getByLabel('Logo', { exact: true }).locator('option:checked').innerText(), 'badge.png');
    await design.getByLabel('Frame text', { exact: true }).fill('Scan for the menu');
    await design.getByLabel('Frame font').selectOption('serif');
    // Too large a logo for level H: the preview's message stands next to the size field.
    await design.getByLabel('Logo size (% of the code’s width)').fill('35');
    await design.locator('.field-error[data-pointer="/style/logo_size"]').waitFor();
    await design.getByLabel('Logo size (% of the code’s width)').fill('22');
    await design.locator('.field-error[data-pointer="/style/logo_size"]').waitFor({ state: 'detached' });
    await previewUntil(page, previews, 'preview-img', (s) => hasPngLogo(s) && hasDots(s) && isFramed(s));
    await accessibleInBothLanguages(page, 'code editor with design', 'Modulform');

    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByRole('heading', { name: 'Designed' }).waitFor();
    const shortUrl = await page.getByTestId('short-url').innerText();
    const code = (await call(server.h, { url: '/v1/codes?q=Designed', tenant: t })).json.data[0];
    assert.equal(code.style.module_shape, 'dots');
    assert.equal(code.style.logo_size, 0.22);
    assert.deepEqual(code.style.frame, { text: 'Scan for the menu', font: 'serif', color: null, text_color: null });
    assert.ok(code.style.logo_id);
    assert.equal(code.style.brand_kit_id, null);

    const download = async (name: string) => {
      const [d] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name, exact: true }).first().click(),
      ]);
      return readFile((await d.path())!);
    };
    const svg = (await download('SVG')).toString('utf8');
    assert.ok(hasLogo(svg) && hasDots(svg) && isFramed(svg), 'the download has the design');
    const pngFile = await download('PNG');
    assert.equal(pngFile.subarray(1, 4).toString(), 'PNG');
    const reason = missingTools('zbarimg', 'rsvg-convert');
    if (reason) return;
    assert.equal(await decodeSvg(svg), shortUrl);
    assert.equal(await decodePng(pngFile), shortUrl);

    // The editor opens the saved design as it was stored.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit code' }).waitFor();
    const saved = page.getByTestId('design');
    assert.equal(await saved.getByLabel('Module shape').inputValue(), 'dots');
    assert.equal(await saved.getByLabel('Frame text', { exact: true }).inputValue(), 'Scan for the menu');
    assert.equal(await saved.getByLabel('Logo size (% of the code’s width)').inputValue(), '22');
  });
});
