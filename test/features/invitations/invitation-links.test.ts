import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { useMailHarness } from '../../support/mail.js';
import { signUp, verifyAddress, type SignedUp } from '../../support/accounts.js';

forEachDialect('invitations by link', (dialect) => {
  const { h, smtp } = useMailHarness(dialect);

  const acceptLink = (s: SignedUp, token: string) =>
    call(h, { method: 'POST', url: '/auth/invitations/accept', headers: s.headers, body: { token } });
  const membership = (orgId: string, userId: string) =>
    h.db
      .selectFrom('memberships')
      .select('role')
      .where('organization_id', '=', orgId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  // The inviting admin is a signed-up user: its session follows the test's clock.
  const invite = (admin: SignedUp, body: unknown) =>
    call(h, { method: 'POST', url: '/v1/members', headers: admin.headers, body });
  async function verified(s: SignedUp) {
    await h.app.jobs.runDue();
    const token = smtp.link(s.email, '/verify-email').searchParams.get('token');
    assert.equal((await call(h, { method: 'POST', url: '/auth/verify-email', body: { token } })).statusCode, 200);
  }

  it('the attack: signing up with the invited address does not take the invitation (404, then 403 unverified)', async () => {
    const t = await verifyAddress(h, smtp, await signUp(h)); // an unproved inviter gets 403 (D56)
    const target = `new-hire-${Date.now()}@corp.example`;
    const inv = (await invite(t, { email: target, role: 'org_admin' })).json.data;
    const attacker = await signUp(h, { email: target });
    // Unproved: the invitation is not even listed, and accepting it by id is a 404 without the link.
    assert.equal((await call(h, { url: '/auth/invitations', headers: attacker.headers })).json.data.length, 0);
    expectProblem(
      await call(h, {
        method: 'POST',
        url: `/auth/invitations/${inv.id}/accept`,
        headers: attacker.headers,
        body: { token: 'guessed' },
      }),
      404,
      'not-found',
    );
    expectProblem(await acceptLink(attacker, 'a'.repeat(43)), 404, 'not-found');
    // Even holding the real link (say, forwarded), an unproved address cannot accept.
    const real = new URL(inv.invitation_url).searchParams.get('token')!;
    const p = expectProblem(await acceptLink(attacker, real), 403, 'email-unverified');
    assert.equal(p.resend, '/auth/verify-email/resend');
    assert.equal(await membership(t.organizationId, attacker.userId), undefined);
  });

  for (const locale of ['en', 'de'] as const) {
    it(`invitee (${locale}) follows the e-mailed link after verifying: joins with the invited role`, async () => {
      const t = await verifyAddress(h, smtp, await signUp(h)); // an unproved inviter gets 403 (D56)
      const invitee = await signUp(h, { locale });
      await verified(invitee);
      const created = await invite(t, { email: invitee.email });
      assert.equal(created.statusCode, 201, created.body);
      await h.app.jobs.runDue();
      const mail = smtp.find(
        invitee.email,
        locale === 'de' ? 'Einladung zu Signed Up auf qrs' : 'Invitation to Signed Up on qrs',
      );
      const unsubscribe = mail.headerLines.find((l) => l.key === 'list-unsubscribe');
      assert.match(String(unsubscribe?.line), /^List-Unsubscribe: <http:\/\/qrs\.test\//);
      const link = smtp.link(invitee.email, '/invitations/accept');
      assert.equal(link.href, created.json.data.invitation_url);
      const res = await acceptLink(invitee, link.searchParams.get('token')!);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json.data.status, 'accepted');
      assert.equal((await membership(t.organizationId, invitee.userId))?.role, 'member');
      expectProblem(await acceptLink(invitee, link.searchParams.get('token')!), 409, 'conflict');
    });
  }

  it('another verified user holding the link gets 404; re-inviting makes the old link say it was replaced (409); hash at rest', async () => {
    const t = await verifyAddress(h, smtp, await signUp(h)); // an unproved inviter gets 403 (D56)
    const invitee = await signUp(h);
    const other = await signUp(h);
    await verified(invitee);
    await verified(other);
    const first = (await invite(t, { email: invitee.email })).json.data;
    const oldToken = new URL(first.invitation_url).searchParams.get('token')!;
    expectProblem(await acceptLink(other, oldToken), 404, 'not-found');
    const again = (await invite(t, { email: invitee.email })).json.data;
    assert.equal(again.id, first.id);
    assert.match(
      expectProblem(await acceptLink(invitee, oldToken), 409, 'conflict').detail,
      /replaced by a newer invitation/,
    );
    const newToken = new URL(again.invitation_url).searchParams.get('token')!;
    const stored = await h.db.selectFrom('invitations').selectAll().where('id', '=', first.id).execute();
    assert.ok(!JSON.stringify(stored).includes(newToken));
    assert.equal((await acceptLink(invitee, newToken)).statusCode, 200);
  });
});
