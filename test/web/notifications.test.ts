// The bell and the notification settings (docs/decisions.md D64): an approver sees the unread
// count, opens the list, follows a notice to its code (which marks it read), marks the rest read,
// and turns a kind off on the account page. axe stays clean at 1280 and 360 px in both languages.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { call, seedMember, seedTenant } from '../support/harness.js';
import { accessibleAtBothWidths, DESKTOP, LANGS, setWidth } from '../support/axe.js';
import { chromiumMissing, logIn, newContext, screenshot, webJourney } from './browser.js';

const skip = chromiumMissing();

describe('dashboard: notifications', { skip }, () => {
  const fx = webJourney();

  const bell = (page: Page) => page.getByTestId('notification-bell');
  async function language(page: Page, lang: string) {
    await setWidth(page, DESKTOP);
    await page.locator('.lang select').first().selectOption(lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  }

  it('bell with the unread count, the list, following a notice, mark all read, and the preferences', async () => {
    const t = await seedTenant(fx.server.h);
    await fx.server.h.db
      .updateTable('workspaces')
      .set({ approval_required: 1 })
      .where('id', '=', t.workspaceId)
      .execute();
    const editor = await seedMember(fx.server.h, t, { workspace: 'editor' });
    await fx.server.h.db.updateTable('users').set({ name: 'Eddie Editor' }).where('id', '=', editor.userId).execute();
    const create = async (title: string) => {
      const res = await call(fx.server.h, {
        method: 'POST',
        url: '/v1/codes',
        headers: editor.headers,
        body: { type: 'url', url: 'https://spring.example.com/', title },
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json.data as { id: string };
    };
    const first = await create('Spring sale');
    await create('Summer menu');

    const ctx = await newContext(fx.browser, fx.server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await bell(page)
      .and(page.getByRole('button', { name: 'Notifications, 2 unread' }))
      .waitFor();

    for (const lang of LANGS) {
      await language(page, lang);
      await bell(page).click();
      const list = page.getByTestId('notifications');
      await list
        .getByText(
          lang === 'de'
            ? 'Eddie Editor bittet Sie, „Spring sale“ freizugeben.'
            : 'Eddie Editor asks you to approve “Spring sale”.',
        )
        .waitFor();
      if (lang === 'en') await screenshot(page, 'notifications-bell');
      await accessibleAtBothWidths(page, `notification list (${lang})`);
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'detached' });
    }
    await language(page, 'en');

    // Following a notice opens its code and marks that one read.
    await bell(page).click();
    await page.getByRole('link', { name: /approve “Spring sale”/ }).click();
    await page.waitForURL(`**/codes/${first.id}`);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();

    await bell(page).click();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    assert.equal(await page.getByTestId('notification').count(), 2);
    await page.keyboard.press('Escape');

    // The preferences on the account page: approval requests no longer by e-mail.
    await page.goto('/account#notifications');
    const prefs = page.getByTestId('notification-prefs');
    await prefs.waitFor();
    for (const lang of LANGS) {
      await language(page, lang);
      await page
        .getByRole('heading', { name: lang === 'de' ? 'Benachrichtigungen' : 'Notifications', exact: true })
        .waitFor();
      await accessibleAtBothWidths(page, `account notifications (${lang})`);
    }
    await language(page, 'en');
    const box = page.getByRole('checkbox', { name: 'A code waits for your approval: By e-mail' });
    assert.equal(await box.isChecked(), true);
    await box.uncheck();
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Notification settings saved.' }).waitFor();
    const saved = await call(fx.server.h, {
      url: '/v1/notifications/preferences',
      headers: await sessionHeaders(page),
    });
    assert.deepEqual(saved.json.data.approval_requested, { in_app: true, email: false });
    await ctx.close();
  });
});

/** The browser's own session, for checking what it saved through the API. */
async function sessionHeaders(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'qrs_session');
  assert.ok(cookie);
  return { cookie: `qrs_session=${cookie.value}` };
}
