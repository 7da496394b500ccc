// Keyboard users: every control shows a focus ring of at least 3:1 against what surrounds it, and
// moving to another screen puts the focus on that screen's heading (as a page load would), while a
// filter that only changes the query string leaves the focus where it is.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumMissing, launch, newContext, signUp, startServer, type WebServer } from './browser.js';

const skip = chromiumMissing();

interface Ring {
  what: string;
  focusVisible: boolean;
  style: string;
  width: number;
  contrast: number;
}

/**
 * The focused element's outline and its contrast against the first opaque background behind it.
 * Page-side code as text: the test runner's transform would add helpers the page does not have.
 */
const RING_OF_ACTIVE = `(() => {
  const el = document.activeElement;
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  // The ring is drawn outside the element (outline-offset), so what it meets is the parent's background.
  let bg = 'rgb(255, 255, 255)';
  for (let n = el.parentElement; n; n = n.parentElement) {
    const c = getComputedStyle(n).backgroundColor;
    const parts = rgb(c);
    if (parts.length === 3 || (parts.length === 4 && parts[3] === 1)) {
      bg = c;
      break;
    }
  }
  const s = getComputedStyle(el);
  const [a, b] = [lum(s.outlineColor), lum(bg)].sort((x, y) => y - x);
  return {
    what: el.tagName.toLowerCase() + ' ' + (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30),
    focusVisible: el.matches(':focus-visible'),
    style: s.outlineStyle,
    width: parseFloat(s.outlineWidth),
    contrast: (a + 0.05) / (b + 0.05),
  };
})()`;

describe('dashboard: focus for keyboard users', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    ctx = await newContext(browser, server.url);
    page = await ctx.newPage();
    await signUp(page, `focus-${Date.now()}@example.com`);
    const csrf = (await (await page.request.get('/auth/me')).json()).data.csrf_token;
    const made = await page.request.post('/v1/codes', {
      headers: { 'x-csrf-token': csrf },
      data: { type: 'url', url: 'https://example.com/focus', title: 'Focus target' },
    });
    assert.equal(made.status(), 201, await made.text());
  });
  after(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  const focusedHeading = (name: string) =>
    page.waitForFunction(
      (n) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === n,
      name,
    );

  it('every control reached by Tab shows a ring of at least 3:1', async () => {
    await page.goto('/codes');
    await page.getByRole('heading', { name: 'Codes' }).waitFor();
    const seen: Ring[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      seen.push(await page.evaluate<Ring>(RING_OF_ACTIVE));
    }
    const weak = seen.filter((r) => !r.focusVisible || r.style === 'none' || r.width < 2 || r.contrast < 3);
    assert.deepEqual(weak, [], JSON.stringify(weak, null, 1));
    // The walk reached the navigation, the header's controls and the page's own.
    assert.ok(seen.some((r) => r.what.startsWith('a API keys')));
    assert.ok(seen.some((r) => r.what.startsWith('select')));
  });

  it('a screen reached from the navigation starts at its heading', async () => {
    await page.getByRole('link', { name: 'API keys', exact: true }).focus();
    await page.keyboard.press('Enter');
    await focusedHeading('API keys');
    // Tab goes on from the heading into the screen, not back to the top of the document.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest('main')), true);

    await page.getByRole('link', { name: 'Workspaces', exact: true }).click();
    await focusedHeading('Workspaces');
  });

  it('a screen whose heading waits for its data is focused once the heading appears', async () => {
    await page.getByRole('link', { name: 'Codes', exact: true }).click();
    await focusedHeading('Codes');
    await page.getByRole('link', { name: 'Focus target', exact: true }).click();
    await focusedHeading('Focus target');
  });

  it('a filter that changes only the query string keeps the focus in the field', async () => {
    await page.getByRole('link', { name: 'Codes', exact: true }).click();
    await focusedHeading('Codes');
    const search = page.getByLabel('Search title or URL');
    await search.click();
    await page.keyboard.type('Focus');
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=Focus/);
    await page.getByRole('link', { name: 'Focus target', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Search title or URL');
  });
});
