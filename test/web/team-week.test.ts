// A team's first week across the features, in real Chromium against a real server, every e-mail
// caught by a real SMTP server on loopback, in English and German (the colleague's language): a
// lead signs up and verifies, turns on approvals and invites a colleague; he signs up from the
// mailed link and lands in her workspace; his new code waits for approval, she is told and
// approves, he is told; she mentions him in a comment, he is told; he exports his data and is
// told when it is ready, then downloads it. Each step between features is the point: an
// invitation makes a colleague (D63), notifications reach people (D64), nothing is lost (D66).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signUp as apiSignUp, verifyAddress } from '../support/accounts.js';
import { call, randomSlug } from '../support/harness.js';
import { words, type Lang } from './words.js';
import { chromiumMissing, logIn, mailJourney, newContext, screenshot } from './browser.js';

const skip = chromiumMissing();

describe("dashboard: a team's first week", { skip }, () => {
  const fx = mailJourney();
  const { smtp } = fx;

  /** Waits for a mail to the address whose subject matches, and returns it. */
  async function mailTo(address: string, subject: RegExp, ms = 20_000) {
    const until = Date.now() + ms;
    for (;;) {
      const found = smtp.to(address).find((m) => subject.test(m.subject ?? ''));
      if (found) return found;
      if (Date.now() > until)
        throw new Error(`no mail ${subject} to ${address}; got: ${smtp.to(address).map((m) => m.subject)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const bellSays = async (page: Page, lang: Lang, count: number) => {
    await page.reload();
    await page.getByRole('button', { name: words(lang)('notifications.bellUnread', { count }) }).waitFor();
  };

  for (const lang of ['en', 'de'] as const) {
    it(`(${lang}) sign-up, approvals, an invited colleague, approval notices, a mention, an export`, async () => {
      const t = words(lang);
      const title = `Spring poster ${lang}`;
      // Monday: the lead signs up, proves her address, and turns on approvals in her workspace.
      const lead = await verifyAddress(fx.server.h, smtp, await apiSignUp(fx.server.h));
      const workspaces = await call(fx.server.h, { url: '/v1/workspaces', headers: lead.headers });
      const workspace = (workspaces.json.data as Array<{ id: string; name: string }>).find(
        (w) => w.name === 'Default',
      )!;
      const approvals = await call(fx.server.h, {
        method: 'PATCH',
        url: `/v1/workspaces/${workspace.id}`,
        headers: lead.headers,
        body: { approval_required: true },
      });
      assert.equal(approvals.statusCode, 200, approvals.body);

      // She invites a colleague from the Members screen; his workspace role starts at Editor.
      const lctx = await newContext(fx.browser, fx.server.url);
      const lp = await lctx.newPage();
      await logIn(lp, lead.email, lead.password);
      await lp.getByRole('navigation').getByRole('link', { name: 'Members' }).click();
      await lp.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
      const colleague = `${randomSlug('week')}@corp.example`;
      await lp.getByLabel('E-mail').fill(colleague);
      assert.equal(await lp.getByLabel('Role in Default').inputValue(), 'editor');
      await lp.getByRole('button', { name: 'Send invitation' }).click();
      await lp.getByText(`Invitation sent to ${colleague}`).waitFor();

      // He signs up from the mailed link, in his language, and lands in her workspace.
      await smtp.arrived(colleague, 'Invitation to Signed Up on qrs', 20_000);
      const link = smtp.link(colleague, '/invitations/accept');
      const cctx = await newContext(fx.browser, fx.server.url, lang === 'en' ? 'en-US' : 'de-DE');
      const cp = await cctx.newPage();
      await cp.goto(link.pathname + link.search);
      await cp.getByRole('link', { name: t('invitation.createAccount') }).click();
      await cp.getByLabel(t('auth.name')).fill('Colin League');
      await cp.getByLabel(t('auth.password'), { exact: true }).fill('correct horse battery');
      await cp.getByRole('button', { name: t('invitation.signupButton') }).click();
      await cp.getByRole('heading', { name: t('codes.title'), level: 1 }).waitFor();
      await smtp.arrived(lead.email, 'Colin League joined Signed Up', 20_000);

      // Tuesday: his new dynamic code waits for approval; she is told, by mail and in the bell.
      const csrf = (await (await cp.request.get('/auth/me')).json()).data.csrf_token as string;
      const made = await cp.request.post('/v1/codes', {
        headers: { 'x-csrf-token': csrf },
        data: { type: 'url', url: 'https://example.com/spring', title },
      });
      assert.equal(made.status(), 201, await made.text());
      const code = (await made.json()).data as { id: string; status: string };
      assert.equal(code.status, 'pending_approval');
      await mailTo(lead.email, new RegExp(`^Approval requested: ${title}$`));
      await bellSays(lp, 'en', 2); // and that he joined
      await lp.getByTestId('notification-bell').click();
      await lp.getByTestId('notifications').getByText(`Colin League asks you to approve “${title}”.`).waitFor();
      if (lang === 'en') await screenshot(lp, 'week-approval-requested');
      await lp.keyboard.press('Escape');

      // She approves; he is told in his language.
      const approved = await call(fx.server.h, {
        method: 'POST',
        url: `/v1/codes/${code.id}/approve`,
        headers: lead.headers,
      });
      assert.equal(approved.statusCode, 200, approved.body);
      await mailTo(colleague, new RegExp(`^${lang === 'en' ? 'Approved' : 'Freigegeben'}: ${title}$`));
      await bellSays(cp, lang, 1);

      // Wednesday: she mentions him in a comment; he is told once.
      const commented = await call(fx.server.h, {
        method: 'POST',
        url: `/v1/codes/${code.id}/comments`,
        headers: lead.headers,
        body: { body: `Live now, thanks @${colleague}` },
      });
      assert.equal(commented.statusCode, 201, commented.body);
      await mailTo(colleague, lang === 'en' ? new RegExp(`mentioned you on ${title}$`) : new RegExp(`erwähnt$`));
      await bellSays(cp, lang, 2);
      if (lang === 'en') {
        await cp.getByTestId('notification-bell').click();
        await cp.getByTestId('notifications').waitFor();
        await screenshot(cp, 'week-notified');
        await cp.keyboard.press('Escape');
      }

      // Friday: he exports his data; the ready mail arrives and the export is still listed after a reload.
      await cp.goto('/privacy');
      await cp.getByRole('button', { name: t('privacy.exportMine') }).click();
      await mailTo(colleague, lang === 'en' ? /^Your data export is ready$/ : /^Ihr Datenexport ist fertig$/);
      await cp.reload();
      const row = cp.getByTestId('export-row').first();
      await row.getByText(t('privacy.status.ready')).waitFor();
      const [download] = await Promise.all([
        cp.waitForEvent('download'),
        row.getByRole('button', { name: t('privacy.download') }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^qrs-user-export-exp_[0-9A-Z]{26}\.zip$/);
      if (lang === 'en') await screenshot(cp, 'week-export-ready');
      await Promise.all([lctx.close(), cctx.close()]);
    });
  }
});
