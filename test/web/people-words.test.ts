// People and changes in words (docs/decisions.md D65), in real Chromium against a real server:
// names instead of ids on comments, history, the audit log and API keys; entries as sentences with
// the raw change folded away; a compact audit log on phones; permission and event names; and
// messages that say what is wrong, where (logo upload, an empty routing condition, a preview of
// an address typed without https://). axe at 1280 and 360 px in English and German.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { call, seedMember, seedTenant, type Tenant } from '../support/harness.js';
import { createCode } from '../support/codes.js';
import { chromiumMissing, launch, logIn, newContext, screenshot, startServer, type WebServer } from './browser.js';
import { accessibleEverywhere, PHONE, setWidth } from '../support/axe.js';

const skip = chromiumMissing();

/** A workspace a week in: 20 codes made, each re-pointed, a few comments: one page of the log. */
async function busyWorkspace(server: WebServer, t: Tenant, editor: { headers: Record<string, string> }) {
  for (let i = 0; i < 20; i++) {
    const c = await createCode(server.h, editor, {
      type: 'url',
      url: `https://before${i}.example.com/`,
      title: `Poster ${i}`,
    });
    const moved = await call(server.h, {
      method: 'PATCH',
      url: `/v1/codes/${c.id}`,
      headers: editor.headers,
      body: { url: `https://after${i}.example.com/`, tags: ['spring'] },
    });
    assert.equal(moved.statusCode, 200, moved.body);
  }
  for (let i = 0; i < 10; i++) await createCode(server.h, t, { type: 'url', url: `https://key${i}.example.com/` });
}

const MORE = 'Load more';
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

describe('dashboard: people and changes in words', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('comments, history and the audit log name people and read as sentences; compact on a phone', async () => {
    const t = await seedTenant(server.h, 'pro');
    const editor = await seedMember(server.h, t, { workspace: 'editor' });
    await server.h.db.updateTable('users').set({ name: 'Anna Berg' }).where('id', '=', editor.userId).execute();
    const code = await createCode(server.h, editor, {
      type: 'url',
      url: 'https://before.example.com/',
      title: 'Spring poster',
    });
    await call(server.h, {
      method: 'PATCH',
      url: `/v1/codes/${code.id}`,
      headers: editor.headers,
      body: { url: 'https://after.example.com/' },
    });
    await call(server.h, {
      method: 'POST',
      url: `/v1/codes/${code.id}/comments`,
      headers: editor.headers,
      body: { body: 'Print run on Monday' },
    });
    await call(server.h, { method: 'POST', url: `/v1/codes/${code.id}/comments`, tenant: t, body: { body: 'CI' } });
    const keyName = (await call(server.h, { url: '/v1/audit-logs?resource_type=api_keys', tenant: t })).json.data[0]
      .changes.name.new as string;

    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await page.goto(`/codes/${code.id}`);
    const comments = page.getByTestId('comments');
    await comments.getByText('Anna Berg ·').waitFor();
    await comments.getByText(`API key “${keyName}” ·`).waitFor();
    assert.equal(await comments.getByText(/usr_|key_/).count(), 0, 'no ids on comments');

    const history = page.getByTestId('code-history');
    await history
      .getByText(
        'Anna Berg changed the destination from “https://before.example.com/” to “https://after.example.com/”.',
      )
      .waitFor();
    await history.getByText('Anna Berg created the code “Spring poster”.').waitFor();
    // The raw change is folded away, pretty-printed.
    const raw = history.locator('details.audit-raw').first();
    assert.equal(await raw.locator('pre').isVisible(), false);
    await raw.locator('summary').click();
    const json = await raw.locator('pre').textContent();
    assert.match(json!, /^\{\n {2}"url": \{\n {4}"old": "https:\/\/before\.example\.com\/",/);
    await accessibleEverywhere(page, 'code history in words', async (lang) => {
      await history
        .getByText(lang === 'en' ? /Anna Berg changed the destination/ : /Anna Berg hat das Ziel von/)
        .waitFor();
    });

    // The workspace log, in German too.
    await page.getByRole('link', { name: 'Audit log' }).click();
    const entries = page.getByTestId('audit-entries');
    await entries
      .getByText('Anna Berg changed the code “Spring poster”.')
      .or(entries.getByText('Anna Berg changed a code.'))
      .first()
      .waitFor();
    await entries.getByText('Destination: “https://before.example.com/” → “https://after.example.com/”').waitFor();
    await entries.getByText('Anna Berg commented: “Print run on Monday”').waitFor();
    assert.deepEqual(await page.getByLabel('Resource type').locator('option').allTextContents(), [
      'Any',
      'Codes',
      'API keys',
      'Webhooks',
      'Workspaces',
      'Organization',
      'Comments',
      'Product passports',
      'GS1 company prefixes',
      'Files',
      'Logos',
      'Brand kits',
      'Folders and campaigns',
    ]);
    await accessibleEverywhere(page, 'audit log in words', async (lang) => {
      await entries.getByText(lang === 'en' ? /Anna Berg commented/ : /Anna Berg hat kommentiert/).waitFor();
    });
    await screenshot(page, 'audit');
    await ctx.close();
  });

  it('a phone shows one page of a busy log compactly', async () => {
    const t = await seedTenant(server.h, 'pro');
    const editor = await seedMember(server.h, t, { workspace: 'editor' });
    await server.h.db.updateTable('users').set({ name: 'Anna Berg' }).where('id', '=', editor.userId).execute();
    await busyWorkspace(server, t, editor);
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await setWidth(page, PHONE);
    await page.goto('/audit');
    const entries = page.getByTestId('audit-entries');
    await entries.getByTestId('audit-entry').nth(24).waitFor();
    await page.getByRole('button', { name: MORE }).click();
    await entries.getByText('Anna Berg created the code “Poster 0”.').waitFor();
    assert.equal(await entries.getByTestId('audit-entry').count(), 50);
    const height = await pageHeight(page);
    // The same 50 entries were 32,475 px tall with a table of every field per entry; 5,085 px now (docs/decisions.md D65).
    console.log(`audit log, 50 entries at 360 px: ${height} px`);
    assert.ok(height < 8_000, `audit log at 360 px is ${height} px`);
    await screenshot(page, 'phone-audit');
    await ctx.close();
  });

  it('permissions, API keys and webhook events have names in both languages', async () => {
    const t = await seedTenant(server.h, 'pro');
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await page.goto('/settings/permissions');
    const table = page.getByTestId('permission-table');
    await table.getByRole('rowheader', { name: /Create and change codes/ }).waitFor();
    await table.getByRole('rowheader', { name: /Approve or reject codes/ }).waitFor();
    await accessibleEverywhere(page, 'permissions with names', async (lang) => {
      await table
        .getByRole('rowheader', { name: lang === 'en' ? /Read the audit log/ : /Audit-Protokoll lesen/ })
        .waitFor();
    });

    await page.goto('/keys');
    const keys = page.getByTestId('keys-table');
    await keys.getByRole('cell', { name: 'Active', exact: true }).waitFor();
    await keys.getByRole('cell', { name: t.email }).waitFor();
    await accessibleEverywhere(page, 'API keys with creators', async (lang) => {
      await keys.getByRole('cell', { name: lang === 'en' ? 'Active' : 'Aktiv', exact: true }).waitFor();
    });

    await page.goto('/webhooks');
    await page.getByRole('checkbox', { name: /Code created/ }).waitFor();
    await page.getByRole('checkbox', { name: /All events \(except scans\)/ }).waitFor();
    await ctx.close();
  });

  it('messages say what is wrong, where: logo file, empty rule condition, preview without https://', async () => {
    const t = await seedTenant(server.h, 'pro');
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posted.push(new URL(r.url()).pathname);
    });
    await logIn(page, t.email, t.password);

    // A logo: no file chosen, then a PDF.
    await page.goto('/settings/brand');
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await page.locator('.field-error[data-pointer="/data"]').getByText('Choose a PNG or SVG file to upload.').waitFor();
    assert.ok(!posted.includes('/v1/logos'), 'nothing sent without a file');
    await page.getByTestId('library-logo-file').setInputFiles({
      name: 'flyer.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n'),
    });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await page
      .locator('.field-error[data-pointer="/data"]')
      .getByText(/this kind of file is not accepted\. Choose a PNG or SVG file\./)
      .waitFor();
    assert.deepEqual((await call(server.h, { url: '/v1/logos', tenant: t })).json.data, []);

    // A routing rule whose condition has nothing ticked: one message at the condition, nothing sent.
    await page.goto('/codes/new');
    await page.getByLabel('Title', { exact: true }).fill('Routed');
    // Typed without a scheme: the preview completes it exactly as Create does.
    await page.getByLabel('Destination URL').fill('example.com/spring');
    await page.getByTestId('preview-img').waitFor();
    assert.equal(await page.getByTestId('preview-error').count(), 0);
    await page.getByRole('button', { name: 'Add rule' }).click();
    const rule = page.getByTestId('rule-1');
    await rule.getByLabel('Destination of rule 1').fill('example.com/iphone');
    await page.getByRole('button', { name: 'Create code' }).click();
    const condition = rule.getByTestId('rule-1-os-error');
    await condition.getByText('Rule 1: tick at least one operating system, or remove this condition.').waitFor();
    assert.equal(await rule.getByTestId('rule-1-errors').count(), 0, 'no generic lines for the rule');
    assert.ok(!posted.includes('/v1/codes'), 'nothing sent with an empty condition');
    await accessibleEverywhere(page, 'empty rule condition', async (lang) => {
      await condition.getByText(lang === 'en' ? /Rule 1: tick/ : /Regel 1: Kreuzen Sie/).waitFor();
    });
    await rule.getByRole('checkbox', { name: 'iOS', exact: true }).check();
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByRole('heading', { name: 'Routed' }).waitFor();
    const made = (await call(server.h, { url: '/v1/codes?limit=1', tenant: t })).json.data[0];
    assert.equal(made.url, 'https://example.com/spring');
    assert.equal(made.rules[0].url, 'https://example.com/iphone');
    await ctx.close();
  });
});
