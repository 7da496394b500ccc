// The interactive API reference at /docs in a real browser: Scalar renders /openapi.json under the
// page's strict CSP with nothing loaded from another host, and its try-it client reaches the API.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { chromiumMissing, launch, newContext, startServer, type WebServer } from './browser.js';

const missing = chromiumMissing();

describe('API reference in Chromium', { skip: missing ? `SKIPPED: ${missing}` : false }, () => {
  let server: WebServer;
  let browser: Browser;
  before(async () => {
    server = await startServer();
    browser = await launch();
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

    await page.goto('/docs#tag/health', { waitUntil: 'networkidle' });
    for (const tag of ['codes', 'workspaces', 'analytics', 'dpp', 'resolver']) {
      await page.getByText(tag, { exact: true }).first().waitFor();
    }
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
});
