// The code editor on a 360 px phone (preview pinned beside Create, optional sections folded), the
// navigation per role, colour pickers, the expiry in the language's own format, downloads named by
// the code, the custom domain's routing records, the code image's placeholder, the data exports that
// survive a reload and the language stored on the user. Real Chromium against a real server.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { call, seedMember, seedTenant } from '../support/harness.js';
import { createCode } from '../support/codes.js';
import { accessibleAtBothWidths, accessibleEverywhere, PHONE, setWidth } from '../support/axe.js';
import {
  chromiumMissing,
  expectAccessible,
  launch,
  logIn,
  newContext,
  screenshot,
  startServer,
  type WebServer,
} from './browser.js';

const skip = chromiumMissing();

/** The page's full height (what a thumb scrolls through). */
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

describe('dashboard: phone editor, navigation per role and the smaller items', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  before(async () => {
    [server, browser] = await Promise.all([startServer({ PRIVACY_EXPORT_SWEEP_MS: '0' }), launch()]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('phone: the preview is pinned beside Create, optional sections start folded, the page is short', async () => {
    const t = await seedTenant(server.h, 'pro');
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await setWidth(page, PHONE);
    await page.goto('/codes/new');
    await page.getByRole('heading', { name: 'New code' }).waitFor();
    const height = await pageHeight(page);
    // 4,001 px before the sections folded and the preview moved into the bar (docs/dashboard.md).
    assert.ok(height < 1500, `the new-code page is ${height} px tall at 360 px`);
    const bar = page.getByTestId('preview-bar');
    const box = await bar.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height, `the preview bar spans ${JSON.stringify(box)}`);
    await bar.getByRole('button', { name: 'Create code' }).waitFor();
    for (const name of ['Style', 'Design', 'Expiry', 'Routing rules', 'UTM parameters'])
      assert.equal(
        await page
          .locator('details.fold', { has: page.locator('summary', { hasText: name }) })
          .first()
          .evaluate((d) => (d as HTMLDetailsElement).open),
        false,
        `${name} starts folded`,
      );
    await page.getByLabel('Destination URL').fill('https://example.com/spring');
    await bar.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview' });
    await dialog.getByTestId('preview-img').waitFor();
    await screenshot(page, 'phone-editor-preview');
    await expectAccessible(page, 'phone editor, preview open');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, 'phone-editor');
    await expectAccessible(page, 'phone editor');

    // A section opens with a tap; one that holds a value starts open on the edit page.
    await page.locator('summary', { hasText: 'Style' }).click();
    await page.getByLabel('Foreground').fill('#0A3D91');
    await bar.getByRole('button', { name: 'Create code' }).click();
    await page.waitForURL(/\/codes\/qr_/);
    const id = page.url().split('/codes/')[1];
    await page.goto(`/codes/${id}/edit`);
    await page.getByLabel('Foreground').waitFor();
    assert.equal(
      await page.locator('details.fold', { has: page.locator('summary', { hasText: 'Style' }) }).getAttribute('open'),
      '',
    );
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width);

    // On a desktop the preview sits beside the form and nothing is folded.
    await setWidth(page, { width: 1280, height: 860 });
    await page.locator('aside.preview').waitFor();
    assert.equal(await page.locator('details.fold').count(), 0);
    await accessibleEverywhere(page, 'code editor');
    await ctx.close();
  });

  it('the navigation shows what the role may use: an approver sees no settings but Privacy', async () => {
    const t = await seedTenant(server.h, 'pro');
    const approver = await seedMember(server.h, t, { workspace: 'approver' });
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, approver.email, approver.password);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Approvals' }).waitFor();
    await nav.getByRole('link', { name: 'Privacy' }).waitFor();
    for (const hidden of ['API keys', 'Webhooks', 'Batch create', 'Members', 'Permissions', 'Custom domain', 'Billing'])
      assert.equal(await nav.getByRole('link', { name: hidden, exact: true }).count(), 0, `${hidden} is hidden`);
    await screenshot(page, 'nav-approver');
    await accessibleAtBothWidths(page, 'navigation of an approver');
    await ctx.close();

    const adminCtx = await newContext(browser, server.url);
    const admin = await adminCtx.newPage();
    await logIn(admin, t.email, t.password);
    const adminNav = admin.getByRole('navigation', { name: 'Main' });
    for (const shown of ['API keys', 'Webhooks', 'Batch create', 'Members', 'Permissions', 'Custom domain', 'Billing'])
      await adminNav.getByRole('link', { name: shown, exact: true }).waitFor();
    await adminCtx.close();
  });

  it('colours have a picker in sync with the text box; expiry is typed as German writes dates', async () => {
    const t = await seedTenant(server.h, 'pro');
    const ctx = await newContext(browser, server.url, 'en-US');
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await page.goto('/codes/new');
    const fg = page.getByLabel('Foreground');
    const picker = page.getByRole('group', { name: 'Style' }).getByLabel('Colour picker').first();
    await fg.fill('#0a3d91');
    assert.equal(await picker.inputValue(), '#0a3d91');
    await picker.fill('#114477');
    assert.equal(await fg.inputValue(), '#114477'.toUpperCase());
    await page.getByLabel('Eye colour').fill('#abc');
    assert.equal(
      await page.getByRole('group', { name: 'Design' }).getByLabel('Colour picker').first().inputValue(),
      '#aabbcc',
    );
    await page.getByLabel('Eye colour').fill('');

    // The page in German, the browser in English: the date is TT.MM.JJJJ, not mm/dd/yyyy.
    await page.locator('.lang select').first().selectOption('de');
    await page.getByRole('heading', { name: 'Neuer Code' }).waitFor();
    const day = page.getByTestId('expires-day');
    assert.equal(await day.getAttribute('placeholder'), 'TT.MM.JJJJ');
    await page.getByLabel('Ziel-URL').fill('https://example.com/herbst');
    await day.fill('27.10.2030');
    await day.blur();
    await page.getByTestId('expires-time').fill('17:30');
    await page.getByRole('button', { name: 'Code anlegen' }).click();
    await page.waitForURL(/\/codes\/qr_/);
    const id = page.url().split('/codes/')[1];
    const code = (await call(server.h, { url: `/v1/codes/${id}`, tenant: t })).json.data;
    const local = await page.evaluate(() => new Date(2030, 9, 27, 17, 30).toISOString());
    assert.equal(code.expires_at, local);
    await page.goto(`/codes/${id}/edit`);
    assert.equal(await page.getByTestId('expires-day').inputValue(), '27.10.2030');
    assert.equal(await page.getByTestId('expires-time').inputValue(), '17:30');
    await expectAccessible(page, 'editor (de) with an expiry');
    await ctx.close();
  });

  it('a download is named by the code, and its image shows a placeholder until it loads', async () => {
    const t = await seedTenant(server.h, 'pro');
    const code = await createCode(server.h, t, { type: 'url', url: 'https://example.com/p', title: 'Spring Poster' });
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    // Hold the image back to see what stands in for it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/v1\/codes\/[^/]+\/qr\.svg/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/codes/${code.id}`);
    const placeholder = page.getByTestId('qr-placeholder').first();
    await placeholder.waitFor();
    const look = await placeholder.evaluate((e) => getComputedStyle(e));
    assert.notEqual(look.backgroundColor, 'rgb(255, 255, 255)');
    assert.match(look.backgroundImage, /conic-gradient/);
    release();
    await page.goto(`/codes/${code.id}/edit`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('group', { name: 'Download' }).getByRole('button', { name: 'PNG' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'spring-poster.png');
    await ctx.close();
  });

  it('the custom domain screen says where to point the domain (CNAME, else A/AAAA)', async () => {
    const t = await seedTenant(server.h, 'pro');
    const set = await call(server.h, {
      method: 'PATCH',
      url: `/v1/workspaces/${t.workspaceId}`,
      tenant: t,
      body: { custom_domain: 'qr.brand-d.example' },
    });
    assert.equal(set.statusCode, 200, set.body);
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await page.goto('/settings/domains');
    const routing = page.getByTestId('domain-routing');
    await routing.getByText('Point the domain at this service').waitFor();
    assert.equal(await routing.getByTestId('domain-cname-target').textContent(), '127.0.0.1');
    await routing.getByText('A and AAAA records').waitFor();
    await screenshot(page, 'domain-routing');
    await accessibleEverywhere(page, 'custom domain with routing');
    await ctx.close();
  });

  it('an export survives a reload; the language picker stores the language on the user', async () => {
    const t = await seedTenant(server.h, 'pro');
    const me = await seedMember(server.h, t, { workspace: 'editor' });
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, me.email, me.password);
    await page.goto('/privacy');
    await page.getByText('You have not requested an export in this organization yet.').waitFor();
    await page.getByRole('button', { name: 'Export my data' }).click();
    await page.getByTestId('export-row').first().waitFor();
    await page.reload();
    const row = page.getByTestId('export-row').first();
    await row.getByText('Export ready.').waitFor();
    await row.getByText('My data').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download ZIP' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^qrs-user-export-exp_[0-9A-Z]{26}\.zip$/);
    await screenshot(page, 'privacy-exports');
    await accessibleEverywhere(page, 'privacy with an export');

    const locale = async () =>
      (await server.h.db.selectFrom('users').select('locale').where('id', '=', me.userId).executeTakeFirstOrThrow())
        .locale;
    await page.getByTestId('language-switch').first().selectOption('de');
    await page.getByRole('heading', { name: 'Datenschutz' }).waitFor();
    for (let i = 0; i < 100 && (await locale()) !== 'de'; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(await locale(), 'de');
    await page.goto('/account');
    const select = page.getByTestId('account-language');
    assert.equal(await select.inputValue(), 'de');
    await select.selectOption('en');
    await page.getByText('Saved: the dashboard and your e-mail are in English.').waitFor();
    assert.equal(await locale(), 'en');
    await accessibleEverywhere(page, 'account with the language');

    await ctx.close();
  });
});
