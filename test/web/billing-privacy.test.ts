// The billing screen (plan, status, Checkout, portal) and the privacy screen (export, download,
// erase my account), in real Chromium against a real server; Stripe is a loopback stand-in.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { unzipSync, strFromU8 } from 'fflate';
import type { Browser } from 'playwright-core';
import { call, seedMember, seedTenant } from '../support/harness.js';
import { stripeStandIn } from '../support/stripe-stand-in.js';
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
const SECRET = 'whsec_web_test';

describe('dashboard: billing and privacy', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  let standIn: Awaited<ReturnType<typeof stripeStandIn>>;
  before(async () => {
    standIn = await stripeStandIn({
      'POST /v1/customers': () => ({ body: { id: 'cus_web1', object: 'customer' } }),
      'POST /v1/checkout/sessions': () => ({
        body: { id: 'cs_test_web1', object: 'checkout.session', url: `${standIn.url}/pay/cs_test_web1` },
      }),
      'POST /v1/billing_portal/sessions': () => ({
        body: { id: 'bps_web1', object: 'billing_portal.session', url: `${standIn.url}/portal/session_web1` },
      }),
      'GET /pay/cs_test_web1': () => ({ body: { page: 'checkout' } }),
      'GET /portal/session_web1': () => ({ body: { page: 'portal' } }),
    });
    [server, browser] = await Promise.all([
      startServer({
        STRIPE_SECRET_KEY: 'sk_test_web',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_PRICE_PRO: 'price_pro',
        STRIPE_API_URL: standIn.url,
        PRIVACY_EXPORT_SWEEP_MS: '0',
      }),
      launch(),
    ]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await standIn?.close();
  });

  it('billing: plan and status, upgrade through Checkout, then the customer portal', async () => {
    const tenant = await seedTenant(server.h);
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, tenant.email, tenant.password);
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('heading', { name: 'Billing' }).waitFor();
    assert.equal(await page.getByTestId('billing-plan').textContent(), 'Free');
    assert.equal(await page.getByTestId('billing-status').textContent(), 'No subscription');
    await expectAccessible(page, 'billing');
    await page.getByRole('button', { name: 'Subscribe to pro' }).click();
    await page.waitForURL(`${standIn.url}/pay/cs_test_web1`);
    const sent = standIn.sent.find((r) => r.path === '/v1/checkout/sessions')!;
    assert.equal(sent.form['line_items[0][price]'], 'price_pro');
    assert.equal(sent.form.client_reference_id, tenant.organizationId);

    // Stripe confirms the subscription.
    const now = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify({
      id: 'evt_web1',
      object: 'event',
      type: 'customer.subscription.created',
      created: now,
      data: {
        object: {
          id: 'sub_web1',
          object: 'subscription',
          customer: 'cus_web1',
          status: 'active',
          created: now,
          cancel_at_period_end: false,
          metadata: {},
          items: { data: [{ price: { id: 'price_pro' }, current_period_end: now + 30 * 86_400 }] },
        },
      },
    });
    const signature = new Stripe('sk_test_web').webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const res = await call(server.h, {
      method: 'POST',
      url: '/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    assert.equal(res.statusCode, 200, res.body);
    await page.goto('/billing');
    await page.getByTestId('billing-facts').getByText('Active').waitFor();
    assert.equal(await page.getByTestId('billing-plan').textContent(), 'Pro');
    assert.equal(await page.getByRole('button', { name: 'Subscribe to pro' }).count(), 0);
    await page.getByRole('button', { name: 'Manage subscription and invoices' }).click();
    await page.waitForURL(`${standIn.url}/portal/session_web1`);
    await ctx.close();
  });

  it('privacy: export my data and download it, then erase my account (English and German)', async () => {
    const tenant = await seedTenant(server.h);
    const member = await seedMember(server.h, tenant, { workspace: 'editor' });
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, member.email, member.password);
    await page.getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { name: 'Privacy' }).waitFor();
    await expectAccessible(page, 'privacy');
    await page.getByRole('button', { name: 'Export my data' }).click();
    await page.getByTestId('export-status').first().getByText('Export ready.').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download ZIP' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^qrs-user-export-exp_[0-9A-Z]{26}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    assert.equal(JSON.parse(strFromU8(files['profile.json'])).email, member.email);
    assert.ok(files['README.txt']);

    await page.getByLabel('Current password').fill('not my password');
    await page.getByRole('button', { name: 'Erase my account' }).click();
    await page.getByRole('button', { name: 'Erase my account now' }).click();
    await page.locator('.field-error[data-pointer="/password"]').waitFor();
    await expectAccessible(page, 'privacy with an error');
    await page.getByLabel('Current password').fill(member.password);
    await page.getByRole('button', { name: 'Erase my account now' }).click();
    await page.waitForURL('**/login');
    const user = await server.h.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', member.userId)
      .executeTakeFirstOrThrow();
    assert.ok(user.erased_at);
    assert.notEqual(user.email, member.email);
    await ctx.close();

    // The German screen.
    const other = await seedMember(server.h, tenant, { workspace: 'viewer' });
    const deCtx = await newContext(browser, server.url, 'de-DE');
    const dp = await deCtx.newPage();
    await dp.goto('/login');
    await dp.getByLabel('E-Mail').fill(other.email);
    await dp.getByLabel('Passwort').fill(other.password);
    await dp.getByRole('button', { name: 'Anmelden' }).click();
    await dp.getByRole('link', { name: 'Datenschutz' }).click();
    await dp.getByRole('heading', { name: 'Datenschutz' }).waitFor();
    await dp.getByRole('button', { name: 'Meine Daten exportieren' }).waitFor();
    await expectAccessible(dp, 'privacy (de)');
    // A viewer's navigation has no billing entry (it is the org admins'); the address still explains.
    assert.equal(await dp.getByRole('link', { name: 'Abrechnung' }).count(), 0);
    await dp.goto('/billing');
    await dp.getByText('Nur Organisations-Admins verwalten die Abrechnung.').waitFor();
    await deCtx.close();
  });
});
