// A static code's page shows what it holds instead of analytics it can never have, and the
// analytics overview names its top codes by title from the analytics answer itself.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
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

describe('dashboard: static code content and titled top codes', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let csrf: string;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    ctx = await newContext(browser, server.url);
    page = await ctx.newPage();
    await signUp(page, `static-${Date.now()}@example.com`);
    csrf = (await (await page.request.get('/auth/me')).json()).data.csrf_token;
  });
  after(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  const create = async (data: Record<string, unknown>) => {
    const res = await page.request.post('/v1/codes', { headers: { 'x-csrf-token': csrf }, data });
    assert.equal(res.status(), 201, await res.text());
    return (await res.json()).data;
  };

  it('a static code shows its content, never empty scan figures', async () => {
    const wifi = await create({
      type: 'wifi',
      title: 'Guest network',
      content: { ssid: 'Cafe Guest', encryption: 'WPA', password: 'hunter22' },
    });
    await page.goto(`/codes/${wifi.id}`);
    const content = page.getByTestId('static-content');
    await content.getByText('Cafe Guest').waitFor();
    const text = await content.innerText();
    assert.match(text, /WPA/);
    assert.doesNotMatch(text, /hunter22/);
    assert.match(text, /cannot be counted/);
    assert.equal(await page.getByTestId('refresh-scans').count(), 0);
    assert.equal(await page.getByTestId('scans-table').count(), 0);
    await expectAccessible(page, 'static code detail');
  });

  it('the overview lists top codes by title, whatever the number of codes', async () => {
    const code = await create({ type: 'url', url: 'https://example.com/top', title: 'Poster on the door' });
    const res = await fetch(code.short_url, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
    });
    assert.equal(res.status, 302);
    for (let i = 0; ; i++) {
      const a = (await (await page.request.get('/v1/analytics')).json()).data;
      if (a.top_codes.length) {
        assert.deepEqual(a.top_codes[0], { code_id: code.id, title: 'Poster on the door', scans: 1 });
        break;
      }
      assert.ok(i < 100, 'the scan never reached the rollups');
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.getByTestId('overview-top').getByText('Poster on the door').waitFor();
    await page.getByRole('link', { name: 'Poster on the door' }).waitFor();
  });
});
