// Journeys of the settings screens: organization settings, the custom domain of a workspace (DNS is a
// stub resolver: nothing leaves loopback), and the workspace's scans export.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { DnsResolver } from '../../src/platform/dns/resolvers.js';
import { call, seedMember, seedTenant } from '../support/harness.js';
import { createCode } from '../support/codes.js';
import { chromiumMissing, launch, logIn, newContext, screenshot, startServer, type WebServer } from './browser.js';
import { accessibleEverywhere } from '../support/axe.js';

const skip = chromiumMissing();

class StubDns implements DnsResolver {
  records = new Map<string, string[][]>();
  async resolveTxt(name: string): Promise<string[][]> {
    const r = this.records.get(name);
    if (!r) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return r;
  }
}

describe('dashboard: organization, custom domain, scans export', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  const dns = new StubDns();
  before(async () => {
    [server, browser] = await Promise.all([startServer({}, { dnsResolver: dns }), launch()]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('organization settings: edit, plan and usage, delete with the slug typed', async () => {
    const t = await seedTenant(server.h, 'pro');
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await page.getByRole('link', { name: 'Organization' }).click();
    await page.getByRole('heading', { name: 'Organization', level: 1 }).waitFor();
    await page.getByTestId('org-plan').getByText('pro').waitFor();
    await page.getByLabel('Billing e-mail').fill('not an address');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.field-error[data-pointer="/billing_email"]').waitFor();
    assert.equal((await call(server.h, { url: '/v1/organizations', tenant: t })).json.data.billing_email, null);
    await page.getByLabel('Billing e-mail').fill('billing@example.com');
    await page.getByLabel('Name', { exact: true }).fill('Acme GmbH');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    const org = (await call(server.h, { url: '/v1/organizations', tenant: t })).json.data;
    assert.equal(org.name, 'Acme GmbH');
    assert.equal(org.billing_email, 'billing@example.com');
    await screenshot(page, 'organization');
    await accessibleEverywhere(page, 'organization settings');

    // A member who is not org_admin sees no delete button, and the API refuses it too.
    const editor = await seedMember(server.h, t, { workspace: 'editor' });
    const refused = await call(server.h, {
      method: 'DELETE',
      url: `/v1/organizations/${org.id}`,
      headers: editor.headers,
    });
    assert.equal(refused.statusCode, 403);

    await page.getByRole('button', { name: 'Delete organization' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Slug').fill('wrong');
    assert.equal(await dialog.getByRole('button', { name: 'Delete organization' }).isDisabled(), true);
    await dialog.getByLabel('Slug').fill(org.slug);
    await dialog.getByRole('button', { name: 'Delete organization' }).click();
    await page.getByRole('heading', { name: 'Log in to qrs' }).waitFor();
    assert.equal((await call(server.h, { url: '/v1/organizations', tenant: t })).statusCode, 401);
    await ctx.close();
  });

  it('custom domain: the TXT record, a failed verification with its reason, verified, released', async () => {
    const t = await seedTenant(server.h, 'pro');
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await page.getByRole('link', { name: 'Custom domain' }).click();
    await page.getByLabel('Domain').fill('not a domain');
    await page.getByRole('button', { name: 'Use this domain' }).click();
    await page.locator('.field-error[data-pointer="/custom_domain"]').waitFor();
    const domain = `qr-${Date.now()}.example.net`;
    await page.getByLabel('Domain').fill(domain);
    await page.getByRole('button', { name: 'Use this domain' }).click();
    const card = page.getByTestId('domain-card');
    await card.getByText(`_qrs-challenge.${domain}`).waitFor();
    await card.getByTestId('domain-status').getByText('Waiting for verification').waitFor();

    await card.getByRole('button', { name: 'Verify now' }).click();
    await card.getByTestId('domain-status').getByText('Verification failed').waitFor();
    await card.getByTestId('domain-reason').waitFor();
    await screenshot(page, 'custom-domain');
    await accessibleEverywhere(page, 'custom domain');

    const ws = (await call(server.h, { url: `/v1/workspaces/${t.workspaceId}`, tenant: t })).json.data;
    dns.records.set(ws.custom_domain_verification.name, [[ws.custom_domain_verification.value]]);
    await card.getByRole('button', { name: 'Verify now' }).click();
    await card.getByTestId('domain-status').getByText('Verified').waitFor();
    assert.equal(
      (await call(server.h, { url: `/v1/workspaces/${t.workspaceId}`, tenant: t })).json.data.custom_domain_status,
      'verified',
    );
    await card.getByRole('button', { name: 'Release domain' }).click();
    await page.getByLabel('Domain').waitFor();
    assert.equal(
      (await call(server.h, { url: `/v1/workspaces/${t.workspaceId}`, tenant: t })).json.data.custom_domain,
      null,
    );
    await ctx.close();
  });

  it('scans export: the workspace CSV for a date range; a reversed range is explained', async () => {
    const t = await seedTenant(server.h, 'pro');
    const code = await createCode(server.h, t, { type: 'url', url: 'https://export.example.com/' });
    assert.equal((await fetch(code.short_url, { redirect: 'manual' })).status, 302);
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await page.getByRole('link', { name: 'Scans export' }).click();
    await page.getByRole('heading', { name: 'Scans export' }).waitFor();
    await screenshot(page, 'scans-export');
    await accessibleEverywhere(page, 'scans export');
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From').fill(today);
    await page.getByLabel('To').fill(today);
    // The scan reaches the table after the flush (SCAN_FLUSH_MS 100).
    await new Promise((r) => setTimeout(r, 500));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    assert.match(csv.split('\n')[0], /scanned_at/);
    assert.ok(csv.includes(code.id), csv);
    await page.getByLabel('From').fill('2026-05-01');
    await page.getByLabel('To').fill('2026-04-01');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await page.getByRole('alert').waitFor();
    await ctx.close();
  });
});
