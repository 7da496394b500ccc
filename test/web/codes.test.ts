// Journeys (3) codes list, (4) create/edit with live preview, (6) code detail, and the e2e bar:
// sign up, create a code, download its PNG and decode it with zbar, follow the short URL, see the
// scan in the chart. Real Chromium against a real server on a SQLite file.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { decodePng, missingTools } from '../support/decode.js';
import {
  chromiumMissing,
  expectAccessible,
  launch,
  newContext,
  screenshot,
  signUp,
  startServer,
  type WebServer,
} from './browser.js';

const skip = chromiumMissing();
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

async function csrf(page: Page): Promise<string> {
  const me = await (await page.request.get('/auth/me')).json();
  return me.data.csrf_token;
}

/** Scan figures poll every 30 s; a person who just scanned presses Refresh, and so does the test. */
async function refreshUntil(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 80 && (await target.count()) === 0; i++) {
    await page.getByTestId('refresh-scans').click();
    await page.waitForTimeout(250);
  }
  await target.waitFor({ timeout: 1_000 });
}

describe('dashboard: codes journeys', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    ctx = await newContext(browser, server.url);
    page = await ctx.newPage();
    await signUp(page, `codes-${Date.now()}@example.com`);
  });
  after(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  it('creates a dynamic code with a live preview, downloads its PNG (zbar decodes it), follows the short URL and sees the scan in the chart', async () => {
    await expectAccessible(page, 'codes (empty)');
    await page.getByRole('link', { name: 'New code' }).click();
    await page.getByRole('heading', { name: 'New code' }).waitFor();
    await page.getByLabel('Title').fill('Spring campaign');
    await page.getByLabel('Destination URL').fill('javascript:alert(1)');
    // The preview answers 422 for this URL and says so; nothing the user typed is touched.
    await page.getByTestId('preview-error').waitFor();
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.locator('.field-error[data-pointer="/url"]').waitFor();
    assert.equal(await page.getByLabel('Title').inputValue(), 'Spring campaign');
    assert.equal(await page.getByLabel('Destination URL').inputValue(), 'javascript:alert(1)');
    await page.getByLabel('Destination URL').fill('https://example.com/spring');
    await page.getByTestId('preview-error').waitFor({ state: 'detached' });
    await page.getByTestId('preview-img').waitFor();
    // Colours: the contrast rule is explained and the server refuses what would not scan.
    await page.getByLabel('Foreground').fill('#777777');
    await page.getByLabel('Background').fill('#888888');
    await page.getByTestId('preview-error').waitFor();
    assert.match(await page.getByTestId('contrast').innerText(), /3:1/);
    await page.getByLabel('Foreground').fill('#0A3D91');
    await page.getByLabel('Background').fill('#FFFFFF');
    await page.getByLabel('Tags').fill('spring, print');
    await page.getByTestId('preview-error').waitFor({ state: 'detached' });
    await expectAccessible(page, 'code editor');
    await screenshot(page, 'code-editor');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByRole('heading', { name: 'Spring campaign' }).waitFor();

    const shortUrl = await page.getByTestId('short-url').innerText();
    assert.ok(shortUrl.startsWith(`${server.url}/r/`), shortUrl);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PNG' }).first().click(),
    ]);
    const png = await readFile((await download.path())!);
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    const reason = missingTools('zbarimg');
    if (!reason) assert.equal(await decodePng(png), shortUrl);

    const res = await fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': IPHONE } });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), 'https://example.com/spring');
    await refreshUntil(page, page.getByTestId('total-scans').filter({ hasText: /^1$/ }));
    const chart = page.getByTestId('scans-chart');
    await chart.waitFor();
    assert.match(String(await chart.getAttribute('data-points')), /(^|,)1(,|$)/);
    assert.match(await page.getByTestId('bars-device').innerText(), /Phone/);
    await page.getByTestId('scans-table').getByText('iOS').waitFor();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export scans (CSV)' }).click(),
    ]);
    const rows = (await readFile((await csv.path())!, 'utf8')).trim().split(/\r?\n/);
    assert.equal(rows.length, 2, rows.join('\n'));
    assert.match(rows[1], /iOS/);
    await expectAccessible(page, 'code detail');
    await screenshot(page, 'code-detail');
  });

  it('edits a code: A/B destinations with weights, expiry with fallback, and static content types', async () => {
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit code' }).waitFor();
    await page.getByRole('checkbox', { name: 'A/B destinations' }).check();
    await page.getByLabel('URL 1').fill('https://example.com/a');
    await page.getByLabel('URL 2').fill('https://example.com/b');
    await page.getByLabel('Weight 1').fill('3');
    await page.getByLabel('Weight 2').fill('1');
    assert.match(await page.getByTestId('ab-sum').innerText(), /4/);
    assert.match(await page.locator('.share').first().innerText(), /75/);
    await page.getByLabel('Weight 2').fill('0');
    assert.match(await page.getByTestId('ab-sum').innerText(), /whole number/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.field-error[data-pointer="/destinations/1/weight"]').waitFor();
    assert.equal(await page.getByLabel('URL 2').inputValue(), 'https://example.com/b', 'kept after the 422');
    await page.getByLabel('Weight 2').fill('1');
    await page.getByLabel('Expires after this many scans').fill('100');
    await page.getByLabel('Fallback URL after expiry').fill('https://example.com/over');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Spring campaign' }).waitFor();
    const api = await (await page.request.get(page.url().replace(/\/codes\//, '/v1/codes/'))).json();
    assert.deepEqual(api.data.destinations, [
      { url: 'https://example.com/a', weight: 3 },
      { url: 'https://example.com/b', weight: 1 },
    ]);
    assert.equal(api.data.max_scans, 100);
    assert.equal(api.data.fallback_url, 'https://example.com/over');
    // The A/B split counts every real scan per destination (the rollups' destination dimension),
    // so after real redirects each bar shows exactly how many went where.
    const short = api.data.short_url as string;
    const sent = new Map<string, number>();
    for (let i = 0; i < 8; i++) {
      const res = await fetch(short, {
        redirect: 'manual',
        headers: { 'user-agent': IPHONE.replace('17_4', `17_${i}`) },
      });
      assert.equal(res.status, 302);
      const to = res.headers.get('location')!;
      sent.set(to, (sent.get(to) ?? 0) + 1);
    }
    assert.ok(
      [...sent.keys()].every((u) => u.startsWith('https://example.com/a') || u.startsWith('https://example.com/b')),
      [...sent.keys()].join(),
    );
    const bars = page.getByTestId('bars-ab');
    for (const [url, n] of sent) {
      await refreshUntil(
        page,
        bars
          .locator('li')
          .filter({ hasText: url })
          .locator('.bar-value')
          .filter({ hasText: new RegExp(`^${n}$`) }),
      );
    }

    // Every static type has its own form; a Wi-Fi code as the example, with a content error.
    await page.goto('/codes/new');
    await page.getByLabel('Type').selectOption('wifi');
    await page.getByLabel('Network name (SSID)').fill('Office');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.locator('.field-error[data-pointer="/content/password"], .alert-error').first().waitFor();
    assert.equal(await page.getByLabel('Network name (SSID)').inputValue(), 'Office');
    await page.getByLabel('Password').fill('secret pass');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByRole('heading', { name: 'Untitled' }).waitFor();
    for (const [type, label] of [
      ['vcard', 'First name'],
      ['geo', 'Latitude'],
      ['email', 'To'],
      ['sms', 'Phone number'],
      ['phone', 'Phone number'],
      ['text', 'Text'],
    ] as const) {
      await page.goto('/codes/new');
      await page.getByLabel('Type').selectOption(type);
      await page.getByLabel(label, { exact: true }).waitFor();
    }
  });

  it('lists codes with search, filters, cursor pagination, thumbnails, and exports a label sheet of the selected ones', async () => {
    const token = await csrf(page);
    const codes = Array.from({ length: 30 }, (_, i) => ({
      type: 'url',
      url: `https://example.com/p/${i}`,
      title: `Product ${String(i).padStart(2, '0')}`,
      tags: i % 2 ? ['odd'] : ['even'],
    }));
    const made = await page.request.post('/v1/codes/batch', { data: { codes }, headers: { 'x-csrf-token': token } });
    assert.equal(made.status(), 201, await made.text());
    await page.goto('/codes');
    await page.getByText('25 of 32', { exact: true }).waitFor();
    // the thumbnails arrive with the page's own answer, a render after its count
    await page.locator('img.qr-thumb').first().waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('32 of 32', { exact: true }).waitFor();
    await page.getByLabel('Search title or URL').fill('Product 1');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('10 of 10', { exact: true }).waitFor();
    await page.getByLabel('Tag').fill('odd');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('5 of 5', { exact: true }).waitFor();
    await page.getByLabel('Type', { exact: true }).selectOption('wifi');
    await page.getByLabel('Search title or URL').fill('');
    await page.getByLabel('Tag').fill('');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('1 of 1', { exact: true }).waitFor();
    await page.goto('/codes?tag=even');
    await page.getByText('15 of 15', { exact: true }).waitFor();
    await page.locator('img.qr-thumb').first().waitFor();
    await expectAccessible(page, 'codes list');
    await screenshot(page, 'codes');
    await page.getByRole('checkbox', { name: 'Select Product 00' }).check();
    await page.getByRole('checkbox', { name: 'Select Product 02' }).check();
    await page.getByText('2 selected').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export label sheet (PDF)' }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  });
});
