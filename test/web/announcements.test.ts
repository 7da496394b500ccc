// The announcement banner: an operator publishes a notice (the CLI's function), the user sees it at
// the top of the dashboard, dismisses it by mouse and by keyboard, and it stays gone after a reload.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { call, seedTenant } from '../support/harness.js';
import { publishAnnouncement, type AnnouncementInput } from '../../src/features/announcements/index.js';
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

describe('dashboard: announcement banner', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  const publish = (input: AnnouncementInput) =>
    publishAnnouncement({ db: server.h.db, config: server.h.config, clock: server.h.app.deps.clock }, input);

  it('shows the notice, dismisses it for good, by mouse and by keyboard, in English and German', async () => {
    const t = await seedTenant(server.h);
    const first = await publish({
      title: 'Field renamed on 1 March',
      body: 'old_field becomes new_field.',
      titleDe: 'Feld wird am 1. März umbenannt',
      bodyDe: 'Aus old_field wird new_field.',
      severity: 'breaking',
      link: `${server.url}/docs/api/versioning`,
      endsAt: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    });
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);

    const banner = page.getByRole('status', { name: 'Field renamed on 1 March' });
    await banner.waitFor();
    await banner.getByText('API change:').waitFor();
    await banner.getByRole('link', { name: 'Read more' }).waitFor();
    await expectAccessible(page, 'announcement banner');

    // German, from the notice's own translation.
    await page.locator('.lang select').selectOption('de');
    const bannerDe = page.getByRole('status', { name: 'Feld wird am 1. März umbenannt' });
    await bannerDe.getByText('Aus old_field wird new_field.').waitFor();
    await page.locator('.lang select').selectOption('en');

    await banner.getByRole('button', { name: 'Dismiss announcement: Field renamed on 1 March' }).click();
    await banner.waitFor({ state: 'detached' });
    // Focus is not lost with the button: it lands on the page's main region.
    await page.waitForFunction(() => document.activeElement?.id === 'main');

    // A second notice, published meanwhile: once it shows after the reload, the list has loaded, and
    // the first is still gone (the dismissal is on the server, not in this tab).
    const second = await publish({ title: 'Maintenance on Sunday', body: 'Read-only from 02:00 to 02:30 UTC.' });
    await page.reload();
    const secondBanner = page.getByRole('status', { name: 'Maintenance on Sunday' });
    await secondBanner.waitFor();
    assert.equal(await page.getByRole('status', { name: 'Field renamed on 1 March' }).count(), 0);

    // Keyboard only: the close button takes focus, Enter closes.
    const close = secondBanner.getByRole('button', { name: 'Dismiss announcement: Maintenance on Sunday' });
    await close.focus();
    await page.keyboard.press('Enter');
    await secondBanner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Codes' }).waitFor();

    // Both dismissals are the user's, kept by the server: a fresh session lists neither.
    const ctx2 = await newContext(browser, server.url);
    const page2 = await ctx2.newPage();
    const listed = page2.waitForResponse((r) => new URL(r.url()).pathname === '/v1/announcements' && r.ok());
    await logIn(page2, t.email, t.password);
    const ids = ((await (await listed).json()) as { data: Array<{ id: string }> }).data.map((a) => a.id);
    assert.ok(!ids.includes(first.id) && !ids.includes(second.id), JSON.stringify(ids));
    assert.equal(await page2.getByTestId('announcements').count(), 0);
    // The API key (not a user) never dismissed them.
    const forKey = (await call(server.h, { url: '/v1/announcements', tenant: t })).json.data.map(
      (a: { id: string }) => a.id,
    );
    assert.ok(forKey.includes(first.id) && forKey.includes(second.id));
    await ctx.close();
    await ctx2.close();
  });
});
