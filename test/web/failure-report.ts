// What a browser journey saw when it failed. CI shows the failing step ("waiting for 'Reading
// recorded.'") but not why the screen never got there: an error alert, a problem the API answered,
// a script error. Each browser `launch()` registers here; when a test fails, every open page's
// address, alerts, headings, visible text and its last requests and errors are written to
// QRS_FAILURE_DIR, which scripts/test-files.mjs prints after the summary, where CI's tail shows it.
import { afterEach } from 'node:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const KEPT = 40;
const browsers = new Set<Browser>();
const events = new WeakMap<BrowserContext, string[]>();
const started = Date.now();

function note(ctx: BrowserContext, line: string) {
  const list = events.get(ctx) ?? [];
  list.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${line}`);
  if (list.length > KEPT) list.shift();
  events.set(ctx, list);
}

const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** Keeps a context's failed requests, answers of 400 and above (with a problem's detail) and script errors. */
export function watchContext(ctx: BrowserContext): void {
  ctx.on('response', (res) => {
    const line = `${res.request().method()} ${pathOf(res.url())} → ${res.status()}`;
    if (res.status() < 400) return res.url().includes('/assets/') ? undefined : note(ctx, line);
    res.text().then(
      (body) => note(ctx, `${line} ${body.slice(0, 300)}`),
      () => note(ctx, line),
    );
  });
  ctx.on('requestfailed', (req) =>
    note(ctx, `${req.method()} ${pathOf(req.url())} failed: ${req.failure()?.errorText}`),
  );
  ctx.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(ctx, `console.${m.type()}: ${m.text().slice(0, 300)}`);
  });
  ctx.on('weberror', (e) => note(ctx, `page error: ${e.error().message}`));
}

async function describePage(page: Page): Promise<string> {
  const texts = (selector: string) =>
    page
      .locator(selector)
      .allInnerTexts()
      .then((all) => all.map((s) => s.trim()).filter(Boolean))
      .catch((e: Error) => [`(unread: ${e.message.split('\n')[0]})`]);
  const body = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch(() => '(unread)');
  return [
    `page ${pathOf(page.url())}`,
    `alerts: ${JSON.stringify(await texts('[role=alert], .alert, .field-error'))}`,
    `headings: ${JSON.stringify(await texts('h1, h2'))}`,
    `text: ${body.replace(/\s+/g, ' ').slice(0, 2_000)}`,
  ].join('\n');
}

export function trackBrowser(browser: Browser): void {
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
}

afterEach(async (t) => {
  const dir = process.env.QRS_FAILURE_DIR;
  if (t.passed || !dir || browsers.size === 0) return;
  const parts: string[] = [];
  for (const browser of browsers)
    for (const ctx of browser.contexts()) {
      for (const page of ctx.pages()) parts.push(await describePage(page));
      parts.push(`last requests and errors:\n  ${(events.get(ctx) ?? ['(none kept)']).join('\n  ')}`);
    }
  const name = `${process.pid}-${Date.now()}.txt`;
  writeFileSync(join(dir, name), `${t.name} (${process.argv.at(-1)})\n${parts.join('\n')}\n`);
});
