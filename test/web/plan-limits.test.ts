// A self-hoster on Free: the usage banner can be dismissed and stays dismissed until what it says
// changes; its link leads to a page that shows the plan and its limits, and says how the plan is
// changed on a server without billing; a raised plan opens the workspace form again.
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

describe('dashboard: plan limits on a self-hosted server', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  before(async () => {
    [server, browser] = await Promise.all([
      // Five dynamic codes, so four are exactly the 80 % step. No STRIPE_SECRET_KEY: billing is off.
      startServer({ DEFAULT_PLAN: 'free', PLANS_JSON: JSON.stringify({ free: { maxDynamicCodes: 5 } }) }),
      launch(),
    ]);
    ctx = await newContext(browser, server.url);
    page = await ctx.newPage();
    await signUp(page, `plan-${Date.now()}@example.com`);
  });
  after(async () => {
    await ctx?.close();
    await browser?.close();
    await server?.close();
  });

  const createCodes = async (n: number, from: number) => {
    const csrf = (await (await page.request.get('/auth/me')).json()).data.csrf_token;
    const codes = Array.from({ length: n }, (_, i) => ({ type: 'url', url: `https://example.com/p/${from + i}` }));
    const res = await page.request.post('/v1/codes/batch', { data: { codes }, headers: { 'x-csrf-token': csrf } });
    assert.equal(res.status(), 201, await res.text());
  };
  const meters = () => page.getByTestId('usage-meters');
  const banner = () => page.getByTestId('usage-banner');

  it('the banner is dismissed until the next step, and comes back when the limit is reached', async () => {
    await createCodes(4, 1);
    await page.reload();
    await banner().getByText("You have used 80 % of your plan's Dynamic codes (4 of 5).").waitFor();
    await expectAccessible(page, 'usage banner with its dismiss button');
    await banner().getByRole('button', { name: 'Dismiss' }).click();
    await banner().waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main', 'focus stays on the page');

    // Still dismissed after a reload and on another screen, once the usage has been read.
    await page.reload();
    await meters().getByText('4 of 5').waitFor();
    assert.equal(await banner().count(), 0);
    await page.getByRole('link', { name: 'Analytics' }).click();
    await meters().getByText('4 of 5').waitFor();
    assert.equal(await banner().count(), 0);

    // The limit reached is news: the banner is back, at the higher step.
    await createCodes(1, 5);
    await page.reload();
    await banner().getByText("You have reached your plan's limit of Dynamic codes (5 of 5).").waitFor();
    assert.match((await banner().getAttribute('class')) ?? '', /banner-error/);
  });

  it('its link shows the plan and every limit, and how the plan changes without billing', async () => {
    assert.match(await banner().getByTestId('usage-hint').innerText(), /its operator sets .*org set-plan/);
    await banner().getByRole('link', { name: 'Your plan and its limits' }).click();
    await page.getByRole('heading', { name: 'Billing' }).waitFor();
    await page.getByTestId('billing-off').getByText('org set-plan', { exact: false }).waitFor();
    const limits = page.getByTestId('plan-limits');
    await limits.getByText('5 of 5').waitFor();
    assert.equal(await limits.getByTestId('plan-name').innerText(), 'Free');
    const text = await limits.innerText();
    assert.match(text, /Active workspaces\s+1 of 1/);
    assert.match(text, /Scans this month\s+0 of 1,000/);
    assert.match(text, /Only the workspace limit refuses anything/);
    await expectAccessible(page, 'billing off, plan and limits');
  });

  it('at the workspace limit the form is disabled with its reason; a larger plan opens it', async () => {
    await page.getByRole('link', { name: 'Workspaces' }).click();
    await page.getByTestId('plan-limit').waitFor();
    assert.equal(await page.getByLabel('Slug').isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Create workspace' }).isDisabled(), true);
    const reason = await page.getByRole('group', { name: 'Create workspace' }).getAttribute('aria-describedby');
    assert.equal(reason, 'ws-limit');

    // What `org set-plan` does to the row; the dashboard reads the plan from the usage answer.
    const me = (await (await page.request.get('/auth/me')).json()).data;
    await server.h.db
      .updateTable('organizations')
      .set({ plan: 'pro' })
      .where('id', '=', me.current.organization_id)
      .execute();
    await page.reload();
    await page.getByRole('heading', { name: 'Workspaces' }).waitFor();
    await meters().waitFor();
    await page.waitForFunction(() => !(document.querySelector('#main fieldset') as HTMLFieldSetElement).disabled);
    assert.equal(await page.getByTestId('plan-limit').count(), 0);
    await page.getByLabel('Name').fill('Second');
    await page.getByLabel('Slug').fill('second');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByRole('cell', { name: 'second', exact: true }).waitFor();
  });
});
