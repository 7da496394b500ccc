// Journeys of the dashboard's team screens: members and invitations (admin side and the invitee's accept), the
// permission table, the approval queue, comments, the audit diff and deleting a code. Real
// Chromium against a real server on a SQLite file; axe on every new screen, desktop and phone,
// English and German.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { call, seedMember, seedTenant } from '../support/harness.js';
import { createCode } from '../support/codes.js';
import { PERMISSIONS } from '../../src/http/permissions.js';
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
import { accessibleEverywhere } from '../support/axe.js';

const skip = chromiumMissing();

describe('dashboard: team, approvals, comments, audit', { skip }, () => {
  let server: WebServer;
  let browser: Browser;
  before(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an admin invites, the invitee accepts and sees the workspace; resend, revoke, change role', async () => {
    const admin = await seedTenant(server.h, 'pro');
    const invitee = await seedTenant(server.h);
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, admin.email, admin.password);
    await page.getByRole('navigation').getByRole('link', { name: 'Members' }).click();
    await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await page.getByTestId('members-table').getByRole('cell', { name: admin.email }).waitFor();

    // Bad input: a clear message under the field, nothing sent.
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.locator('.field-error[data-pointer="/email"]').waitFor();
    assert.deepEqual((await (await page.request.get('/v1/invitations')).json()).data, [], 'nothing sent');

    await page.getByLabel('E-mail').fill(invitee.email);
    await page.getByLabel('Role in Default').selectOption('editor');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${invitee.email}`).waitFor();
    // The link is shown once, with a copy button, for an operator without e-mail delivery.
    const shown = page.getByTestId('invitation-link');
    await shown.getByRole('button', { name: 'Copy invitation link' }).waitFor();
    const firstLink = new URL(await shown.getByRole('textbox').inputValue());
    const invRow = page.getByTestId('invitations-table').getByRole('row').filter({ hasText: invitee.email });
    await invRow.getByText('Default: Editor').waitFor();
    // Resending mints a new link (the first stops working); the answer carries it once, and without
    // mail that link is how the invitee accepts.
    const resent = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/members',
    );
    await invRow.getByRole('button', { name: /Resend/ }).click();
    const invitationUrl = new URL((await (await resent).json()).data.invitation_url as string);
    assert.equal(invitationUrl.pathname, firstLink.pathname);
    assert.notEqual(invitationUrl.search, firstLink.search, 'resending minted a new link');
    // A second invitation, revoked.
    await page.getByLabel('E-mail').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const other = page.getByTestId('invitations-table').getByRole('row').filter({ hasText: 'someone@example.com' });
    await other.getByRole('button', { name: /Revoke/ }).click();
    await other.waitFor({ state: 'detached' });
    await screenshot(page, 'members');
    await accessibleEverywhere(page, 'members', async (lang) => {
      await page.getByRole('heading', { name: lang === 'en' ? 'Members' : 'Mitglieder', level: 1 }).waitFor();
    });

    // The invitee logs in, sees the invitation, accepts, and can work in the inviting organization.
    const ctx2 = await newContext(browser, server.url);
    const page2 = await ctx2.newPage();
    await logIn(page2, invitee.email, invitee.password);
    const banner = page2.getByTestId('received-invitations');
    await banner.getByText('Join Test Org as Member.').waitFor();
    await expectAccessible(page2, 'received invitation');
    await screenshot(page2, 'invitation-received');
    // The banner alone cannot accept: that needs the link's secret (the invitation attack).
    assert.equal(await banner.getByRole('button', { name: /Accept/ }).count(), 0);
    await page2.goto(invitationUrl.pathname + invitationUrl.search);
    await page2.getByRole('heading', { name: 'Invitation to Test Org' }).waitFor();
    await expectAccessible(page2, 'accept invitation by link');
    await page2.getByRole('button', { name: 'Accept and join Test Org' }).click();
    await page2.getByTestId('received-invitations').waitFor({ state: 'detached' });
    const orgSwitch = page2.getByLabel('Organization');
    await orgSwitch.waitFor();
    await orgSwitch.selectOption({ index: (await orgSwitch.locator('option').allTextContents()).indexOf('Test Org') });
    await page2
      .getByTestId('workspace-switcher')
      .getByRole('option', { name: 'Default' })
      .waitFor({ state: 'attached' });
    await page2.getByRole('heading', { name: 'Codes' }).waitFor();

    // Back on the admin side: the invitee is a member now; its role is changed, then it is removed.
    await page.reload();
    const row = page.getByTestId('members-table').getByRole('row').filter({ hasText: invitee.email });
    await row.getByLabel(`Role of ${invitee.email} in Default`).selectOption('approver');
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="members-table"] select') as HTMLSelectElement | null)?.disabled,
    );
    const saved = await (await page.request.get('/v1/members')).json();
    const m = saved.data.find((x: { email: string }) => x.email === invitee.email);
    assert.deepEqual(m.workspaces, [{ workspace_id: admin.workspaceId, role: 'approver' }]);
    await row.getByRole('button', { name: /Remove/ }).click();
    await row.getByRole('button', { name: 'Confirm' }).click();
    await row.waitFor({ state: 'detached' });
    await ctx2.close();
    await ctx.close();
  });

  it('the permission table is the one the server enforces', async () => {
    const t = await seedTenant(server.h);
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    await page.getByRole('link', { name: 'Permissions' }).click();
    const table = page.getByTestId('permission-table');
    await table.waitFor();
    assert.equal(await table.locator('tbody tr').count(), Object.keys(PERMISSIONS).length);
    const approve = table.getByRole('row').filter({ has: page.getByText('codes.approve', { exact: true }) });
    assert.equal(await approve.locator('td.perm-yes').count(), PERMISSIONS['codes.approve'].length);
    await screenshot(page, 'permissions');
    await accessibleEverywhere(page, 'permissions', async () => {
      await table.waitFor();
    });
    await ctx.close();
  });

  it('an approver approves and the short URL redirects; an editor sees no Approve button and the API refuses', async () => {
    const t = await seedTenant(server.h, 'pro');
    await server.h.db.updateTable('workspaces').set({ approval_required: 1 }).where('id', '=', t.workspaceId).execute();
    const editor = await seedMember(server.h, t, { workspace: 'editor' });
    const approver = await seedMember(server.h, t, { workspace: 'approver' });
    const good = await createCode(server.h, editor, {
      type: 'url',
      url: 'https://approved.example.com/',
      title: 'Spring flyer',
    });
    const bad = await createCode(server.h, editor, { type: 'url', url: 'https://typo.example.com/', title: 'Typo' });
    assert.equal(good.status, 'pending_approval');
    assert.equal((await fetch(good.short_url, { redirect: 'manual' })).status, 404);

    // The editor: states and the warning, no Approve button; the API refuses the editor as well.
    const ectx = await newContext(browser, server.url);
    const ep = await ectx.newPage();
    await logIn(ep, editor.email, editor.password);
    await ep.goto(`/codes/${good.id}`);
    await ep.getByTestId('approval-state').getByText('does not scan yet').waitFor();
    await ep.getByText('Downloaded or printed copies lead nowhere').waitFor();
    await ep.getByRole('link', { name: /Approvals/ }).click();
    await ep.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    await ep.getByRole('link', { name: 'Spring flyer' }).waitFor();
    assert.equal(await ep.getByRole('button', { name: /Approve/ }).count(), 0);
    assert.equal(await ep.getByTestId('approval-badge').count(), 0);
    const csrf = (await (await ep.request.get('/auth/me')).json()).data.csrf_token;
    const refused = await ep.request.post(`/v1/codes/${good.id}/approve`, { headers: { 'x-csrf-token': csrf } });
    assert.equal(refused.status(), 403);

    // The approver: a badge counts both, approve one, reject the other (a reason is required).
    const actx = await newContext(browser, server.url);
    const ap = await actx.newPage();
    await logIn(ap, approver.email, approver.password);
    await ap.getByTestId('approval-badge').getByText('2').waitFor();
    await ap.getByRole('link', { name: /Approvals/ }).click();
    const item = (title: string) => ap.locator('.approval-item').filter({ hasText: title });
    await item('Spring flyer').waitFor();
    await screenshot(ap, 'approvals');
    await accessibleEverywhere(ap, 'approvals', async () => {
      await item('Spring flyer').waitFor();
    });
    await item('Typo')
      .getByRole('button', { name: /Reject/ })
      .click();
    await item('Typo').getByRole('button', { name: 'Reject', exact: true }).click();
    await item('Typo').locator('.field-error').getByText('Please give a reason').waitFor();
    assert.equal(
      (await call(server.h, { url: `/v1/codes/${bad.id}`, tenant: t })).json.data.status,
      'pending_approval',
    );
    await item('Typo').getByLabel('Reason for rejecting').fill('The domain is misspelt.');
    await item('Typo').getByRole('button', { name: 'Reject', exact: true }).click();
    await item('Spring flyer')
      .getByRole('button', { name: /Approve/ })
      .click();
    await ap.getByText('No code is waiting for approval.').waitFor();
    await ap.getByTestId('approval-badge').waitFor({ state: 'detached' });
    const live = await fetch(good.short_url, { redirect: 'manual' });
    assert.equal(live.status, 302);
    assert.equal(live.headers.get('location'), 'https://approved.example.com/');

    // The editor sees the reason and where to resubmit.
    await ep.reload();
    await ep.getByTestId('rejection-reason').getByText('The domain is misspelt.').waitFor();
    await ep.getByRole('link', { name: 'Edit and submit again' }).waitFor();
    await actx.close();
    await ectx.close();
  });

  it('comments, an audit diff after an edit, and deleting a code whose short URL then answers 410', async () => {
    const t = await seedTenant(server.h, 'pro');
    const code = await createCode(server.h, t, { type: 'url', url: 'https://before.example.com/', title: 'Poster' });
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, t.email, t.password);
    const csrf = (await (await page.request.get('/auth/me')).json()).data.csrf_token;
    const edit = await page.request.patch(`/v1/codes/${code.id}`, {
      headers: { 'x-csrf-token': csrf },
      data: { url: 'https://after.example.com/' },
    });
    assert.equal(edit.status(), 200);

    await page.goto(`/codes/${code.id}`);
    const comments = page.getByTestId('comments');
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await comments.locator('.field-error[data-pointer="/body"]').waitFor();
    // Each comment is sent once the form has settled from the previous one (emptied, button enabled),
    // as a person would; a refused send is reported with the alert the page shows.
    const addComment = async (text: string) => {
      const box = comments.getByLabel('New comment');
      const send = comments.getByRole('button', { name: 'Add comment' });
      await page.waitForFunction(
        ([b]) =>
          (b as HTMLTextAreaElement).value === '' &&
          !(b.closest('form')!.querySelector('button') as HTMLButtonElement).disabled,
        [await box.elementHandle()],
      );
      await box.fill(text);
      await send.click();
      try {
        await comments.locator('.comment-body', { hasText: text }).waitFor();
      } catch (err) {
        const alert = await comments.getByRole('alert').allTextContents();
        throw new Error(`comment "${text}" did not appear; alerts: ${JSON.stringify(alert)}`, { cause: err });
      }
    };
    await addComment('First draft');
    await addComment('Second thought');
    const bodies = await comments.locator('.comment-body').allTextContents();
    assert.deepEqual(bodies, ['Second thought', 'First draft'], 'newest first');
    await comments
      .locator('.comment')
      .filter({ hasText: 'First draft' })
      .getByRole('button', { name: 'Delete comment' })
      .click();
    await comments.getByText('First draft').waitFor({ state: 'detached' });

    // The code's history says the edit in a sentence, from before to after.
    const history = page.getByTestId('code-history');
    const moved = `${t.email} changed the destination from “https://before.example.com/” to “https://after.example.com/”.`;
    await history.getByText(moved).waitFor();
    await accessibleEverywhere(page, 'code detail extras', async () => {
      await history.getByTestId('audit-entry').first().waitFor();
    });

    // The workspace's audit log, filtered.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Resource type').selectOption('codes');
    await page.getByLabel('Action').fill('codes.updated');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/action=codes.updated/);
    const entries = page.getByTestId('audit-entries');
    await entries.getByText('1 entry').waitFor();
    await entries.getByText('Destination: “https://before.example.com/” → “https://after.example.com/”').waitFor();
    await page.getByLabel('Actor').fill(t.userId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/actor=/);
    await entries.getByText('1 entry').waitFor();
    await page.getByLabel('Actor').fill('usr_nobody');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await entries.getByText('No entries.').waitFor();
    await page.getByLabel('Actor').fill('');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await entries.getByText('1 entry').waitFor();
    await screenshot(page, 'audit');
    await accessibleEverywhere(page, 'audit log', async () => {
      await entries.getByTestId('audit-entry').first().waitFor();
    });

    // Delete: the confirmation says what the short URL answers; afterwards it answers 410.
    await page.goto(`/codes/${code.id}`);
    await page.getByRole('button', { name: 'Delete code' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`${code.short_url} answers 410 Gone`).waitFor();
    await screenshot(page, 'code-delete');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('heading', { name: 'Codes' }).waitFor();
    assert.equal((await fetch(code.short_url, { redirect: 'manual' })).status, 410);
    await ctx.close();
  });

  it("another organization's code is not found, and its comments and history are not shown", async () => {
    const a = await seedTenant(server.h);
    const b = await seedTenant(server.h);
    const code = await createCode(server.h, a, { type: 'url', url: 'https://a.example.com/', title: 'Mine' });
    const ctx = await newContext(browser, server.url);
    const page = await ctx.newPage();
    await logIn(page, b.email, b.password);
    await page.goto(`/codes/${code.id}`);
    await page.getByRole('alert').waitFor();
    assert.equal(await page.getByTestId('comments').count(), 0);
    assert.equal((await page.request.get(`/v1/codes/${code.id}/comments`)).status(), 404);
    const audit = await (await page.request.get(`/v1/audit-logs?resource_id=${code.id}`)).json();
    assert.deepEqual(audit.data, []);
    await ctx.close();
  });
});
