// Issue #24 findings 5 and 10 on the codes list: an empty list invites the first code; the
// Destination column shows where a URL code goes (not its own short URL) and what a static code
// holds (a Wi-Fi network's name, never its password).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  chromiumMissing,
  expectAccessible,
  launch,
  newContext,
  signUp,
  startServer,
  type WebServer,
} from './browser.js';

const skip = chromiumMissing();

describe('dashboard: the codes list for a new user', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    ctx = await newContext(browser, server.url);
    page = await ctx.newPage();
    await signUp(page, `first-${Date.now()}@example.com`);
  });
  after(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  it('an empty list offers to create the first code; a filtered empty list does not', async () => {
    await page.getByTestId('empty-first').waitFor();
    await expectAccessible(page, 'codes (empty, first visit)');
    await page.getByRole('link', { name: 'Create your first code' }).click();
    await page.getByRole('heading', { name: 'New code' }).waitFor();
    await page.goto('/codes?q=nothing');
    await page.getByText('No codes match.').waitFor();
    assert.equal(await page.getByTestId('empty-first').count(), 0);
  });

  it('Destination shows the destination and a one-line summary of static content', async () => {
    const csrf = (await (await page.request.get('/auth/me')).json()).data.csrf_token;
    const made = await page.request.post('/v1/codes/batch', {
      headers: { 'x-csrf-token': csrf },
      data: {
        codes: [
          { type: 'url', url: 'https://example.com/spring', title: 'Dynamic' },
          {
            type: 'wifi',
            title: 'Guest Wi-Fi',
            content: { ssid: 'Cafe Guest', encryption: 'WPA', password: 'hunter22' },
          },
          { type: 'text', title: 'Note', content: { text: 'Table 4:\nask for the menu' } },
        ],
      },
    });
    assert.equal(made.status(), 201, await made.text());
    await page.goto('/codes');
    const row = (title: string) =>
      page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await row('Dynamic').waitFor();
    assert.match(await row('Dynamic').innerText(), /https:\/\/example\.com\/spring/);
    assert.doesNotMatch(await row('Dynamic').innerText(), /\/r\//);
    const wifi = await row('Guest Wi-Fi').innerText();
    assert.match(wifi, /Cafe Guest/);
    assert.doesNotMatch(wifi, /hunter22/);
    assert.match(await row('Note').innerText(), /Table 4: ask for the menu/);
    await expectAccessible(page, 'codes (with static codes)');
  });

  it('a batch file is sent once, however quickly the button is pressed twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qrs-csv-'));
    const file = join(dir, 'twice.csv');
    writeFileSync(file, 'title,url,tags\nOnce A,https://example.com/a,twice\nOnce B,https://example.com/b,twice\n');
    await page.getByRole('link', { name: 'Batch create' }).click();
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByLabel('Create dynamic codes').uncheck();
    await page.getByRole('button', { name: 'Create 2 codes' }).dblclick();
    await page.getByText('2 codes created.').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Create 2 codes' }).isDisabled());
    await page.waitForLoadState('networkidle');
    const list = await (await page.request.get('/v1/codes?tag=twice')).json();
    assert.equal(list.meta.pagination.total_count, 2);
  });
});
