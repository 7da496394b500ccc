// The invited colleague's journey (docs/decisions.md D63), in real Chromium against a real server,
// with every e-mail caught by a real SMTP server on loopback: an admin invites (the workspace role
// starts at Editor), the invitee opens the mailed link signed out, signs up from it and lands in the
// inviter's organization and workspace with the invited roles and no organization of his own; a
// user of another organization logs in from the link, comes back to it, accepts in one click and
// is switched to the organization, then switches back in the header. English and German; axe at
// 1280 and 360 px on the invitation page.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signUp as apiSignUp, verifyAddress } from '../support/accounts.js';
import { call, randomSlug, seedTenant } from '../support/harness.js';
import { accessibleAtBothWidths, accessibleEverywhere, setWidth } from '../support/axe.js';
import { words } from './words.js';
import { chromiumMissing, logIn, mailJourney, newContext, screenshot } from './browser.js';

const skip = chromiumMissing();

describe('dashboard: an invitation makes a colleague', { skip }, () => {
  const fx = mailJourney();
  const { smtp } = fx;

  /** The path of the newest invitation link mailed to the address (in English: no account chose German). */
  const mailedLink = async (to: string) => {
    await smtp.arrived(to, 'Invitation to Signed Up on qrs', 20_000);
    const url = smtp.link(to, '/invitations/accept');
    return url.pathname + url.search;
  };
  /** GET /auth/me as the dashboard asks it: with the organization and workspace it has chosen. */
  const me = async (page: Page) => {
    const chosen = await page.evaluate(() => ({
      org: localStorage.getItem('qrs.organization'),
      ws: localStorage.getItem('qrs.workspace'),
    }));
    const headers: Record<string, string> = {};
    if (chosen.org) headers['x-organization-id'] = chosen.org;
    if (chosen.ws) headers['x-workspace-id'] = chosen.ws;
    return (await (await page.request.get('/auth/me', { headers })).json()).data;
  };

  for (const lang of ['en', 'de'] as const) {
    it(`(${lang}) invite, sign up from the link, land in the inviter's workspace; another organization's user accepts and is switched`, async () => {
      const t = words(lang);
      // The inviting admin: a verified sign-up (its organization "Signed Up") with a second workspace.
      const admin = await verifyAddress(fx.server.h, smtp, await apiSignUp(fx.server.h));
      const spring = await call(fx.server.h, {
        method: 'POST',
        url: '/v1/workspaces',
        headers: admin.headers,
        body: { name: 'Spring campaign', slug: randomSlug('spring') },
      });
      assert.equal(spring.statusCode, 201, spring.body);
      const springId = spring.json.data.id as string;

      const actx = await newContext(fx.browser, fx.server.url);
      const ap = await actx.newPage();
      await logIn(ap, admin.email, admin.password);
      const adminMe = await me(ap);
      await ap.getByRole('navigation').getByRole('link', { name: 'Members' }).click();
      await ap.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
      const invitee = `${randomSlug('colleague')}@corp.example`;
      await ap.getByLabel('E-mail').fill(invitee);
      // The workspace the admin works in starts at Editor, the others at No access.
      assert.equal(await ap.getByLabel('Role in Default').inputValue(), 'editor');
      assert.equal(await ap.getByLabel('Role in Spring campaign').inputValue(), '');
      await ap.getByLabel('Role in Spring campaign').selectOption('approver');
      await ap.getByRole('button', { name: 'Send invitation' }).click();
      await ap.getByText(`Invitation sent to ${invitee}`).waitFor();

      // The invitee, signed out, opens the mailed link: organization, inviter, roles, expiry.
      const ictx = await newContext(fx.browser, fx.server.url, lang === 'en' ? 'en-US' : 'de-DE');
      const ip = await ictx.newPage();
      const link = await mailedLink(invitee);
      await ip.goto(link);
      await ip.getByRole('heading', { name: t('invitation.title', { org: 'Signed Up' }), level: 1 }).waitFor();
      await ip.getByText(t('invitation.invitedBy', { inviter: admin.email, org: 'Signed Up' })).waitFor();
      const facts = ip.getByTestId('invitation-facts');
      await facts.getByText(invitee).waitFor();
      await facts.getByText(`Default: ${t('role.editor')}`).waitFor();
      await facts.getByText(`Spring campaign: ${t('role.approver')}`).waitFor();
      if (lang === 'en') {
        await screenshot(ip, 'invitation-signed-out');
        await accessibleEverywhere(ip, 'invitation page, signed out', async (l) => {
          await ip.getByRole('heading', { name: words(l)('invitation.title', { org: 'Signed Up' }) }).waitFor();
        });
      }

      // Sign-up from the link: the address filled in and locked, no organization asked for.
      await ip.getByRole('link', { name: t('invitation.createAccount') }).click();
      await ip.getByRole('heading', { name: t('invitation.signupTitle', { org: 'Signed Up' }) }).waitFor();
      const email = ip.getByLabel(t('auth.email'));
      assert.equal(await email.inputValue(), invitee);
      assert.equal(await email.getAttribute('readonly'), '');
      assert.equal(await ip.getByLabel(t('auth.orgName')).count(), 0);
      await ip.getByLabel(t('auth.name')).fill('Colin League');
      await ip.getByLabel(t('auth.password'), { exact: true }).fill('correct horse battery');
      if (lang === 'en') {
        await screenshot(ip, 'invitation-signup');
        await accessibleEverywhere(ip, 'sign-up from an invitation', async (l) => {
          await ip.getByRole('heading', { name: words(l)('invitation.signupTitle', { org: 'Signed Up' }) }).waitFor();
        });
      }
      await ip.getByRole('button', { name: t('invitation.signupButton') }).click();
      await ip.getByRole('heading', { name: t('codes.title'), level: 1 }).waitFor();

      // Landed: the inviter's organization only, in the first invited workspace, with the invited roles.
      const landed = await me(ip);
      assert.deepEqual(
        landed.organizations.map((o: { id: string; role: string }) => [o.id, o.role]),
        [[admin.organizationId, 'member']],
      );
      assert.equal(landed.current.workspace_id, adminMe.current.workspace_id);
      assert.deepEqual(landed.workspaces.map((w: { name: string; role: string }) => [w.name, w.role]).sort(), [
        ['Default', 'editor'],
        ['Spring campaign', 'approver'],
      ]);
      assert.equal(landed.user.email_verified, true);
      await ip.locator('.org-name').getByText('Signed Up').waitFor();
      assert.equal(await ip.getByTestId('verify-banner').count(), 0, 'the link proved the address');
      if (lang === 'en') await screenshot(ip, 'invitation-landed');

      // A user of another organization, signed in as the colleague, opens that user's link: told so.
      const other = await seedTenant(fx.server.h);
      const invited2 = await call(fx.server.h, {
        method: 'POST',
        url: '/v1/members',
        headers: admin.headers,
        body: { email: other.email, workspaces: [{ workspace_id: springId, role: 'viewer' }] },
      });
      assert.equal(invited2.statusCode, 201, invited2.body);
      const link2 = await mailedLink(other.email);
      await ip.goto(link2);
      await ip.getByText(t('invitation.otherAccount', { current: invitee, email: other.email })).waitFor();

      // That user, signed out, logs in from the link, comes back to it, accepts in one click.
      const octx = await newContext(fx.browser, fx.server.url, lang === 'en' ? 'en-US' : 'de-DE');
      const op = await octx.newPage();
      await op.goto(link2);
      await op.getByText(t('invitation.existing', { email: other.email })).waitFor();
      await op.getByRole('link', { name: t('invitation.logIn') }).click();
      await op.getByLabel(t('auth.email')).fill(other.email);
      await op.getByLabel(t('auth.password')).fill(other.password);
      await op.getByRole('button', { name: t('auth.login') }).click();
      const accept = op.getByRole('button', { name: t('invitation.accept', { org: 'Signed Up' }) });
      await accept.waitFor();
      if (lang === 'en') await accessibleAtBothWidths(op, 'invitation page, signed in as the invitee');
      await setWidth(op, { width: 1280, height: 860 });
      await accept.click();
      await op.getByRole('heading', { name: t('codes.title'), level: 1 }).waitFor();
      // Switched to the organization just joined, in the invited workspace.
      await op.waitForFunction((id) => localStorage.getItem('qrs.organization') === id, admin.organizationId);
      const switched = await me(op);
      assert.equal(switched.current.organization_id, admin.organizationId);
      assert.equal(switched.current.workspace_id, springId);
      const orgSwitch = op.getByLabel(t('switcher.organization'));
      assert.equal(await orgSwitch.inputValue(), admin.organizationId);
      // Back to the user's own organization from the header.
      await orgSwitch.selectOption({ label: 'Test Org' });
      await op.waitForFunction((id) => localStorage.getItem('qrs.organization') === id, other.organizationId);
      await op.getByRole('heading', { name: t('codes.title'), level: 1 }).waitFor();
      assert.equal((await me(op)).current.organization_id, other.organizationId);

      // The link, once used, says so.
      await op.goto(link2);
      await op.getByTestId('invitation-status').getByText(t('invitation.status.accepted')).waitFor();
      await Promise.all([actx.close(), ictx.close(), octx.close()]);
    });
  }
});
