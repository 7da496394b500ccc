// Journeys (2) workspaces, (8) API keys, (5) batch CSV, (7) overview, (9) usage meters and
// banner, (10) deprecation banner. Real Chromium against a real server on a SQLite file.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seedTenant } from '../support/harness.js';
import {
  chromiumMissing,
  expectAccessible,
  launch,
  logIn,
  newContext,
  screenshot,
  signUp,
  startServer,
  type WebServer,
} from './browser.js';

const skip = chromiumMissing();

async function csrf(page: Page): Promise<string> {
  return (await (await page.request.get('/auth/me')).json()).data.csrf_token;
}

describe('dashboard: workspace, keys, batch, usage journeys', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  before(async () => {
    [server, browser] = await Promise.all([
      startServer({
        DEPRECATIONS_JSON: JSON.stringify([
          {
            method: 'GET',
            path: '/v1/api-keys',
            sunset: '2027-06-30T00:00:00Z',
            link: 'https://qrs.example/docs/keys-v2',
          },
        ]),
        // Sign-ups on the Free plan with 5 dynamic codes, so 4 codes are exactly 80 % (the default 3
        // has no 80 % step).
        DEFAULT_PLAN: 'free',
        PLANS_JSON: JSON.stringify({ free: { maxDynamicCodes: 5 } }),
      }),
      launch(),
    ]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('switches, creates, edits and archives workspaces; protected cases are explained', async () => {
    const tenant = await seedTenant(server.h, 'pro');
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, tenant.email, tenant.password);
    await page.getByRole('link', { name: 'Workspaces' }).click();
    await page.getByRole('heading', { name: 'Workspaces' }).waitFor();
    await page.getByLabel('Name').fill('Berlin Agency');
    await page.getByLabel('Slug').fill('Bad Slug!');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.locator('.field-error[data-pointer="/slug"]').waitFor();
    assert.equal(await page.getByLabel('Name').inputValue(), 'Berlin Agency');
    await page.getByLabel('Slug').fill('berlin');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByRole('cell', { name: 'berlin', exact: true }).waitFor();
    await expectAccessible(page, 'workspaces');
    await screenshot(page, 'workspaces');

    // The default workspace is protected, and so is the one being worked in.
    const row = (name: string) => page.getByRole('row').filter({ hasText: name });
    await row('default')
      .getByRole('link', { name: /Settings/ })
      .click();
    await page.getByTestId('archive-protected').getByText('default workspace').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Archive workspace' }).isDisabled(), true);
    await page.getByRole('link', { name: 'Workspaces' }).click();
    await row('berlin')
      .getByRole('link', { name: /Settings/ })
      .click();
    await page.getByLabel('Description').fill('Client work for Berlin');
    await page.getByLabel('Brand colour').fill('#0A3D91');
    await page.getByLabel('Custom domain').fill('not a domain');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.field-error[data-pointer="/custom_domain"]').waitFor();
    assert.equal(await page.getByLabel('Description').inputValue(), 'Client work for Berlin');
    await page.getByLabel('Custom domain').fill('');
    await page.getByLabel('Time zone').fill('Europe/Berlin');
    await page.getByLabel('Keep raw scans for (days)').fill('400');
    await page.getByRole('checkbox', { name: /approval/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    const saved = (await (await page.request.get(page.url().replace('/workspaces/', '/v1/workspaces/'))).json()).data;
    assert.equal(saved.timezone, 'Europe/Berlin');
    assert.equal(saved.scan_retention_days, 400);
    assert.equal(saved.approval_required, true);
    assert.equal(saved.primary_color, '#0A3D91');
    await expectAccessible(page, 'workspace settings');

    // Switch into it: now it is the current one and cannot be archived from inside.
    await page.getByTestId('workspace-switcher').selectOption({ label: 'Berlin Agency' });
    await page.getByTestId('archive-protected').getByText('Switch to another one').waitFor();
    await page.getByTestId('workspace-switcher').selectOption({ label: 'Default' });
    await page.getByRole('button', { name: 'Archive workspace' }).waitFor();
    await page.waitForFunction(
      () => !(document.querySelector('button.btn-danger') as HTMLButtonElement | null)?.disabled,
    );
    await page.getByRole('button', { name: 'Archive workspace' }).click();
    await page.getByRole('dialog').getByLabel('Slug').fill('berli');
    assert.equal(await page.getByRole('button', { name: 'Confirm' }).isDisabled(), true);
    await page.getByRole('dialog').getByLabel('Slug').fill('berlin');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Workspaces' }).waitFor();
    await page.getByRole('cell', { name: 'berlin', exact: true }).waitFor({ state: 'detached' });
    await ctx.close();
  });

  it('a Free organization at its workspace limit finds the create form disabled, with the reason and the plan page', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await signUp(page, `free-${Date.now()}@example.com`);
    await page.getByRole('link', { name: 'Workspaces' }).click();
    const msg = page.getByTestId('plan-limit');
    await msg.waitFor();
    assert.match(await msg.innerText(), /Free/);
    assert.match(await msg.innerText(), /1 active workspaces/);
    assert.equal(await page.getByLabel('Name').isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Create workspace' }).isDisabled(), true);
    assert.equal(await msg.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href'), '/billing');
    await expectAccessible(page, 'workspaces at the plan limit');
    await ctx.close();
  });

  it('creates an API key (secret shown once with a warning), lists it, revokes it; shows the deprecation banner', async () => {
    const ctx = await newContext(browser, server.url);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await ctx.newPage();
    await signUp(page, `keys-${Date.now()}@example.com`);
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    // GET /v1/api-keys is configured as deprecated on this server.
    const banner = page.getByTestId('deprecation-banner');
    await banner.waitFor();
    assert.match(await banner.innerText(), /GET \/v1\/api-keys/);
    assert.equal(await banner.getByRole('link').getAttribute('href'), 'https://qrs.example/docs/keys-v2');
    await page.getByLabel('Name').fill('CI deploy');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secretBox = page.getByTestId('new-secret');
    await secretBox.waitFor();
    assert.match(await secretBox.innerText(), /shown only once/);
    const secret = await secretBox.locator('code').innerText();
    assert.match(secret, /^qrs_/);
    await secretBox.getByRole('button', { name: 'Copy' }).click();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
    // The key works until revoked.
    assert.equal(
      (await fetch(`${server.url}/v1/codes`, { headers: { authorization: `Bearer ${secret}` } })).status,
      200,
    );
    await expectAccessible(page, 'api keys');
    await screenshot(page, 'api-keys');
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page
      .getByTestId('keys-table')
      .getByText('Never')
      .waitFor({ state: 'attached' })
      .catch(() => undefined);
    await page.getByRole('button', { name: 'Revoke CI deploy' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('keys-table').getByRole('cell', { name: 'revoked' }).waitFor();
    assert.equal(
      (await fetch(`${server.url}/v1/codes`, { headers: { authorization: `Bearer ${secret}` } })).status,
      401,
    );
    await ctx.close();
  });

  it('batch-creates codes from a CSV: the all-or-nothing 422 is shown per row, then the fixed file goes through', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await signUp(page, `batch-${Date.now()}@example.com`);
    await page.getByRole('link', { name: 'Batch create' }).click();
    const dir = mkdtempSync(join(tmpdir(), 'qrs-csv-'));
    const bad = join(dir, 'bad.csv');
    writeFileSync(
      bad,
      'name,destination,tags\n"Flyer, A",https://example.com/a,print|spring\nFlyer B,ftp://example.com/b,print\nFlyer C,https://example.com/c,\n',
    );
    await page.getByLabel('CSV file').setInputFiles(bad);
    await page.getByTestId('batch-preview').getByText('Flyer, A').waitFor();
    await page.getByLabel('Create dynamic codes').uncheck();
    await page.getByRole('button', { name: 'Create 3 codes' }).click();
    await page.getByText(/Nothing was created/).waitFor();
    const rowError = page.locator('[data-row-error="1"]');
    assert.match(await rowError.innerText(), /“URL” must start with https:\/\/ or http:\/\//);
    assert.equal(await page.locator('[data-row-error="0"]').innerText(), '');
    await expectAccessible(page, 'batch with errors');
    await screenshot(page, 'batch');
    const good = join(dir, 'good.csv');
    writeFileSync(
      good,
      'name,destination,tags\n"Flyer, A",https://example.com/a,print|spring\nFlyer B,https://example.com/b,print\nFlyer C,https://example.com/c,\n',
    );
    await page.getByLabel('CSV file').setInputFiles(good);
    await page.getByRole('button', { name: 'Create 3 codes' }).click();
    await page.getByText('3 codes created.').waitFor();
    const list = await (await page.request.get('/v1/codes?tag=spring')).json();
    assert.equal(list.data.length, 1);
    assert.equal(list.data[0].title, 'Flyer, A');
    assert.deepEqual(list.data[0].tags, ['print', 'spring']);
    await ctx.close();
  });

  it('shows the 80 % usage banner with its upgrade prompt (4 of 5 dynamic codes), and no banner below 80 %', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await signUp(page, `usage80-${Date.now()}@example.com`);
    const meters = page.getByTestId('usage-meters');
    const token = await csrf(page);
    const create = async (n: number, from: number) => {
      const codes = Array.from({ length: n }, (_, i) => ({
        type: 'url',
        url: `https://example.com/e/${from + i}`,
        title: `Eighty ${from + i}`,
      }));
      assert.equal(
        (await page.request.post('/v1/codes/batch', { data: { codes }, headers: { 'x-csrf-token': token } })).status(),
        201,
      );
    };
    await create(3, 1);
    await page.reload();
    await meters.getByText('3 of 5').waitFor();
    assert.equal(await page.getByTestId('usage-banner').count(), 0, '60 % shows no banner');
    await create(1, 4);
    await page.reload();
    const banner = page.getByTestId('usage-banner');
    await banner.waitFor();
    assert.match(await banner.innerText(), /You have used 80 % of your plan's Dynamic codes \(4 of 5\)\./);
    assert.doesNotMatch(await banner.innerText(), /reached your plan's limit/);
    assert.match((await banner.getAttribute('class')) ?? '', /banner-warn/);
    // No billing on this server: the admin is told who raises the plan, not to ask herself.
    await banner.getByTestId('usage-hint').getByText('its operator sets', { exact: false }).waitFor();
    const upgrade = banner.getByRole('link', { name: 'Your plan and its limits' });
    assert.equal(await upgrade.getAttribute('href'), '/billing');
    assert.match(await meters.innerText(), /4 of 5/);
    assert.equal(await page.locator('.meter-high').count(), 1, 'the dynamic-codes meter is marked high');
    const usage = (await (await page.request.get('/v1/organizations/usage')).json()).data;
    assert.equal(usage.dynamic_codes.usage_pct, 80);
    await expectAccessible(page, 'usage banner at 80 %');
    // The prompt leads to the page with the plan and its limits.
    await upgrade.click();
    await page.getByTestId('plan-limits').waitFor();
    await ctx.close();
  });

  it('shows usage meters in the header, a banner with an upgrade prompt at the limit, and the workspace overview', async () => {
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await signUp(page, `usage-${Date.now()}@example.com`);
    const meters = page.getByTestId('usage-meters');
    await meters.waitFor();
    assert.match(await meters.innerText(), /0 of 5/);
    assert.equal(await page.getByTestId('usage-banner').count(), 0);
    const token = await csrf(page);
    const codes = [1, 2, 3, 4, 5].map((i) => ({ type: 'url', url: `https://example.com/u/${i}`, title: `Dyn ${i}` }));
    assert.equal(
      (await page.request.post('/v1/codes/batch', { data: { codes }, headers: { 'x-csrf-token': token } })).status(),
      201,
    );
    await page.reload();
    const banner = page.getByTestId('usage-banner');
    await banner.waitFor();
    assert.match(await banner.innerText(), /reached your plan's limit of Dynamic codes \(5 of 5\)/);
    assert.equal(await banner.getByRole('link', { name: 'Your plan and its limits' }).count(), 1);
    assert.match(await meters.innerText(), /5 of 5/);
    // Real redirects: Dyn 2 three times, Dyn 1 once. The overview (GET /v1/analytics) must show 4
    // scans with Dyn 2 on top, the same as the per-code stats say.
    const shortOf = async (q: string) =>
      (await (await page.request.get(`/v1/codes?q=${encodeURIComponent(q)}`)).json()).data[0];
    const [dyn1, dyn2] = [await shortOf('Dyn 1'), await shortOf('Dyn 2')];
    for (const [code, n] of [
      [dyn2, 3],
      [dyn1, 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const res = await fetch(code.short_url, {
          redirect: 'manual',
          headers: {
            'user-agent': `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/12${i}.0 Safari/537.36`,
          },
        });
        assert.equal(res.status, 302);
      }
    }
    // Scans reach the rollups on the next flush (SCAN_FLUSH_MS=100 here).
    for (let i = 0; ; i++) {
      const a = (await (await page.request.get('/v1/analytics')).json()).data;
      if (a.totals.scans === 4) break;
      assert.ok(i < 100, `analytics never reached 4 scans: ${JSON.stringify(a.totals)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const stats2 = (await (await page.request.get(`/v1/codes/${dyn2.id}/stats`)).json()).data;
    assert.equal(stats2.total_scans, 3);
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Workspace analytics' }).waitFor();
    await page.getByTestId('overview-total').filter({ hasText: /^4$/ }).waitFor();
    const first = page.getByTestId('overview-top').locator('li').first();
    await first.filter({ hasText: 'Dyn 2' }).waitFor();
    assert.equal(await first.locator('.bar-value').innerText(), '3');
    assert.equal(
      await page.getByTestId('overview-top').locator('li').nth(1).locator('.bar-label').innerText(),
      'Dyn 1',
    );
    assert.equal(await page.getByTestId('overview-tz').innerText(), 'Days in UTC');
    await page.getByTestId('scans-chart').waitFor();
    await expectAccessible(page, 'overview');
    await screenshot(page, 'overview');
    // The range picker narrows the query: a range in the past has no scans.
    await page.getByLabel('From').fill('2025-01-01');
    await page.getByLabel('To').fill('2025-01-31');
    await page.getByTestId('overview-total').filter({ hasText: /^0$/ }).waitFor();
    await page.getByLabel('To').fill(new Date().toISOString().slice(0, 10));
    await page.getByTestId('overview-total').filter({ hasText: /^4$/ }).waitFor();
    await ctx.close();
  });
});
