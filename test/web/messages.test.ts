// Problems, numbers, dates, plurals and chart ticks in the chosen language (docs/decisions.md D35):
// German chosen in an English (en-US) browser, so nothing can come from the browser's own locale.
// Real Chromium against a real server on a SQLite file.
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

/** No validator words, regular expression or JSON pointer in what people read. */
function assertHuman(text: string, what: string) {
  assert.doesNotMatch(text, /\^|\$"|must match|pattern|Unprocessable|\/primary_color|\/codes\/\d/, `${what}: ${text}`);
}

describe('dashboard messages in the chosen language', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    ctx = await newContext(browser, server.url, 'en-US');
    page = await ctx.newPage();
    await signUp(page, `messages-${Date.now()}@example.com`);
    await page.evaluate(() => localStorage.setItem('qrs.lang', 'de'));
  });
  after(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  it('says what is wrong with a colour in German, naming the field, without the pattern', async () => {
    await page.goto('/workspaces');
    await page.getByRole('heading', { name: 'Arbeitsbereiche' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'default' }).getByRole('link').first().click();
    await page.getByLabel('Markenfarbe').fill('blau');
    await page.getByRole('button', { name: 'Speichern' }).click();
    const error = page.locator('.field-error[data-pointer="/primary_color"]');
    await error.waitFor();
    assert.equal(await error.innerText(), '„Markenfarbe“: Verwenden Sie eine Farbe wie #1A2B3C.');
    const alert = page.getByTestId('problem');
    assert.match(await alert.innerText(), /Einige Angaben müssen korrigiert werden/);
    assertHuman(await page.locator('main').innerText(), 'workspace settings');
    await expectAccessible(page, 'German problem on workspace settings');
  });

  it('names the field of a required value and counts problems with plural rules', async () => {
    await page.goto('/batch');
    const dir = mkdtempSync(join(tmpdir(), 'qrs-msg-'));
    const upload = async (name: string, csv: string) => {
      writeFileSync(join(dir, name), csv);
      await page.getByLabel('CSV-Datei').setInputFiles(join(dir, name));
    };
    await upload('one.csv', 'title,url\nGood,https://example.com/a\nEmpty,\n');
    await page.getByRole('button', { name: '2 Codes anlegen' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Es wurde nichts angelegt' });
    await alert.getByText('1 Problem.', { exact: false }).waitFor();
    assert.match(await alert.innerText(), /: 1 Problem\./);
    const preview = page.getByTestId('batch-preview');
    const rowText = await preview.getByRole('row').nth(2).innerText();
    assert.match(rowText, /„URL“ muss ausgefüllt werden\./);
    assertHuman(rowText, 'batch row');

    await upload('two.csv', 'title,url\nEmpty,\nAlso empty,\n');
    await page.getByRole('button', { name: '2 Codes anlegen' }).click();
    await page.getByRole('alert').filter({ hasText: '2 Probleme.' }).waitFor();
    await upload('single.csv', 'title,url\nOnly,https://example.com/only\n');
    await page.getByRole('button', { name: '1 Code anlegen' }).waitFor();
  });

  it('formats contrast ratios, dates and chart ticks the German way, and takes dates as Germans type them', async () => {
    await page.goto('/codes/new');
    await page.getByLabel('Vordergrund').fill('#000000');
    await page.getByLabel('Hintergrund').fill('#FFFFFF');
    assert.match(await page.getByTestId('contrast').innerText(), /21,00:1/);
    await page.getByLabel('Ziel-URL').fill('https://example.com/kontrast');
    await page.getByLabel('Vordergrund').fill('#777777');
    await page.getByLabel('Hintergrund').fill('#888888');
    const previewError = page.getByTestId('preview-error');
    await previewError.waitFor();
    assert.match(await previewError.innerText(), /mindestens 3:1 Kontrast nötig; hier sind es 1,\d\d:1\./);
    assertHuman(await previewError.innerText(), 'preview');

    await page.goto('/analytics');
    const from = page.getByLabel('Von');
    await from.waitFor();
    assert.match(await from.inputValue(), /^\d{2}\.\d{2}\.\d{4}$/, 'the day is shown as 27.10.2026');
    assert.equal(await from.getAttribute('placeholder'), 'TT.MM.JJJJ');
    const chart = page.getByTestId('scans-chart');
    await chart.waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid=scans-chart]')?.dataset.xTicks);
    const ticks = (await chart.getAttribute('data-x-ticks'))!.split(' ');
    assert.ok(ticks.length > 1);
    for (const tick of ticks) assert.match(tick, /^\d{2}\.\d{2}\.$/, 'a tick is 27.10.');
    // Typed the German way; the chart answers for the new range, and the field shows it tidily.
    const to = await page.getByLabel('Bis').inputValue();
    const [d, m, y] = to.split('.').map(Number);
    const start = new Date(Date.UTC(y, m - 1, d) - 6 * 86_400_000);
    await from.fill(`${start.getUTCDate()}.${start.getUTCMonth() + 1}.${start.getUTCFullYear()}`);
    await from.blur();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=scans-chart]')?.getAttribute('data-points')?.split(',').length === 7,
    );
    assert.match(await from.inputValue(), /^\d{2}\.\d{2}\.\d{4}$/);
    // Nonsense is refused in words, and the range stays.
    await from.fill('31.02.2026');
    await from.blur();
    await page.getByText('Geben Sie ein Datum wie 27.10.2026 ein.').waitFor();
  });
});
