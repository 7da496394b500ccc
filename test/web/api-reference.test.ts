// The interactive API reference at /docs in a real browser: Scalar renders /openapi.json under the
// page's strict CSP with nothing loaded from another host, and its try-it client reaches the API.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { chromiumMissing, expectAccessible, launch, newContext, startServer, type WebServer } from './browser.js';
import { setWidth } from '../support/axe.js';

/**
 * Scalar renders in the page after its script (megabytes, read from the plugin by the server on its
 * first request) and /openapi.json have arrived: `networkidle` fires before the render (the sidebar
 * is still empty then), and on a busy machine script and render outlast the default 15 s. The test
 * waits for the render itself, with its own ceiling; everything after it gets the default.
 */
const FIRST_RENDER_MS = 60_000;

const missing = chromiumMissing();

describe('API reference in Chromium', { skip: missing ? `SKIPPED: ${missing}` : false }, () => {
  let server: WebServer;
  let browser: Browser;
  before(async () => {
    server = await startServer();
    browser = await launch();
    // The server reads the renderer from the plugin once; that one-time cost is not the page's.
    assert.equal((await fetch(`${server.url}/docs/assets/scalar.js`)).status, 200);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('renders every tag offline and sends a try-it request to the API', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const foreign: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:'))
        foreign.push(r.url());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
    });

    await page.goto('/docs#tag/health', { waitUntil: 'commit' });
    // The operation the address points at, in its section: rendered means the sidebar is too.
    await page
      .getByText('Service health (no API key needed)')
      .first()
      .waitFor({ state: 'attached', timeout: FIRST_RENDER_MS });
    const sidebar = await page.locator('.group\\/button-label').allInnerTexts();
    const tags = ['codes', 'redirect', 'analytics', 'workspaces', 'dpp', 'resolver', 'health'];
    assert.deepEqual(
      sidebar.filter((t) => tags.includes(t)),
      tags,
      'every tag, in reading order',
    );
    assert.equal(sidebar[0], 'Introduction', 'the getting-started guide comes first');
    assert.equal(await page.getByText('Ask AI').count(), 0, 'no hosted AI button offline');

    const health = page.waitForRequest((r) => r.url() === `${server.url}/v1/health`);
    await page
      .getByRole('button', { name: /Test Request/i })
      .first()
      .click();
    await page.getByRole('button', { name: /^Send/i }).first().click();
    await health;
    await page.getByText('200 OK').first().waitFor();

    assert.deepEqual(foreign, [], 'every asset comes from this server');
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it('has no serious or critical axe violation on a desktop and a phone', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await page.goto('/docs', { waitUntil: 'commit' });
    await page.getByText('Getting started').first().waitFor({ timeout: FIRST_RENDER_MS });
    await expectAccessible(page, '/docs at 1280 px');
    await setWidth(page, { width: 360, height: 740 });
    await page.getByText('Getting started').first().waitFor();
    await expectAccessible(page, '/docs at 360 px');
    await ctx.close();
  });
});
