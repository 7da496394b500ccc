// Journey: webhooks screen. Real Chromium against a real server on a SQLite file; the events go to
// a receiver on loopback that verifies each signature with the standardwebhooks package.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { seedTenant } from '../support/harness.js';
import { Receiver, verify } from '../support/webhook-receiver.js';
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

describe('dashboard: webhooks', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let rx: Receiver;
  before(async () => {
    [server, browser, rx] = await Promise.all([
      startServer({ WEBHOOK_ALLOW_PRIVATE: 'true', JOBS_POLL_INTERVAL_MS: '100' }),
      launch(),
      new Receiver().start(),
    ]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await rx?.stop();
  });

  it('adds an endpoint, shows its secret once, sends a test event, rotates, and redelivers from the log', async () => {
    const tenant = await seedTenant(server.h, 'pro');
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, tenant.email, tenant.password);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();

    // Bad input: the problem's pointer lands on the field.
    await page.getByLabel('Endpoint URL').fill('not a url');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.locator('.field-error[data-pointer="/url"]').waitFor();

    const url = rx.endpoint();
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').locator('code.secret').textContent())!;
    assert.match(secret, /^whsec_/);
    await page.getByRole('cell', { name: url }).waitFor();
    await expectAccessible(page, 'webhooks');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByRole('cell', { name: url }).waitFor();
    assert.equal(await page.getByTestId('webhook-secret').count(), 0, 'the secret is shown once');

    await page.getByRole('button', { name: 'Send test event' }).click();
    const deadline = Date.now() + 15_000;
    while (rx.at(url).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const [test] = rx.at(url);
    assert.equal(test.json.type, 'webhook.test');
    verify(secret, test);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByTestId('deliveries-table').getByRole('cell', { name: 'Succeeded' }).waitFor();
    await expectAccessible(page, 'webhook deliveries');

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = (await page.getByTestId('webhook-secret').locator('code.secret').textContent())!;
    assert.notEqual(rotated, secret);

    await page.getByRole('button', { name: /^Redeliver/ }).click();
    while (rx.at(url).length < 2 && Date.now() < deadline + 15_000) await new Promise((r) => setTimeout(r, 100));
    const again = rx.at(url)[1];
    assert.equal(again.headers['webhook-id'], test.headers['webhook-id']);
    verify(rotated, again);
    verify(secret, again);
    await ctx.close();
  });

  it('speaks German', async () => {
    const tenant = await seedTenant(server.h, 'pro');
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, tenant.email, tenant.password);
    await page.evaluate(() => localStorage.setItem('qrs.lang', 'de'));
    await page.goto('/webhooks');
    await page.getByRole('button', { name: 'Endpunkt hinzufügen' }).waitFor();
    await page.getByLabel('Endpunkt-URL').waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    await ctx.close();
  });
});
