// An invitation that makes a colleague (docs/decisions.md D63): the link's public preview with its
// statuses (a re-invitation's old link says "replaced", a forged token is a 404), sign-up from the
// link (no organization of one's own, the invited roles, the address verified, nothing written on
// any refusal), and what another organization's user sees of it.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { useMailHarness } from '../../support/mail.js';
import { sessionHeaders, signUp, verifyAddress, type SignedUp } from '../../support/accounts.js';
import { assertErrorAt } from '../../support/callers.js';

const PASSWORD = 'correct horse battery';

forEachDialect('invitations: preview and sign-up from the link', (dialect) => {
  const { h, smtp, clock } = useMailHarness(dialect);

  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  const preview = (token: string, headers: Record<string, string> = {}) =>
    call(h, { url: `/auth/invitations/preview?token=${encodeURIComponent(token)}`, headers });
  const signupFrom = (body: Record<string, unknown>) =>
    call(h, { method: 'POST', url: '/auth/signup', body: { password: PASSWORD, ...body } });
  /**
   * What a sign-up can write for these addresses: their users, their memberships, and the organizations
   * they belong to other than the inviting ones. Scoped, because other test files write to the same
   * database at the same time.
   */
  const counts = async (emails: string[], inviting: string[] = []) => {
    const lower = emails.map((e) => e.toLowerCase());
    const users = await h.db.selectFrom('users').select('id').where('email', 'in', lower).execute();
    const ids = users.map((u) => u.id);
    const memberships = ids.length
      ? await h.db.selectFrom('memberships').select('organization_id').where('user_id', 'in', ids).execute()
      : [];
    const organizations = new Set(memberships.map((m) => m.organization_id).filter((id) => !inviting.includes(id)));
    return { organizations: organizations.size, users: users.length, memberships: memberships.length };
  };

  /** A verified admin with a second workspace "Spring campaign", and an invitation to a new address. */
  async function invited(body: Record<string, unknown> = {}) {
    const admin = await verifyAddress(h, smtp, await signUp(h));
    await h.db.updateTable('users').set({ name: 'Maria Admin' }).where('id', '=', admin.userId).execute();
    const ws = await call(h, {
      method: 'POST',
      url: '/v1/workspaces',
      headers: admin.headers,
      body: { name: 'Spring campaign', slug: randomSlug('spring') },
    });
    assert.equal(ws.statusCode, 201, ws.body);
    const email = `${randomSlug('colleague')}@corp.example`;
    const res = await call(h, {
      method: 'POST',
      url: '/v1/members',
      headers: admin.headers,
      body: { email, workspaces: [{ workspace_id: ws.json.data.id, role: 'editor' }], ...body },
    });
    assert.equal(res.statusCode, 201, res.body);
    return {
      admin,
      email,
      workspaceId: ws.json.data.id as string,
      invitation: res.json.data,
      token: tokenOf(res.json.data.invitation_url),
    };
  }

  it('the preview tells the link holder organization, inviter, roles with workspace names, expiry, address and status', async () => {
    const { admin, email, workspaceId, invitation, token } = await invited();
    const res = await preview(token);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    const me = (await call(h, { url: '/auth/me', headers: admin.headers })).json.data;
    assert.deepEqual(res.json.data, {
      id: invitation.id,
      status: 'pending',
      email,
      organization: { id: admin.organizationId, name: 'Signed Up', slug: me.organizations[0].slug },
      invited_by: { name: 'Maria Admin', email: admin.email },
      role: 'member',
      workspaces: [{ workspace_id: workspaceId, name: 'Spring campaign', role: 'editor' }],
      account_exists: false,
      created_at: invitation.created_at,
      expires_at: invitation.expires_at,
    });
    // A forged token, and one that only looks like a link's, are 404s; an empty one a 400.
    expectProblem(await preview('a'.repeat(43)), 404, 'not-found');
    expectProblem(await preview(token.slice(0, -1)), 404, 'not-found');
    assertErrorAt(
      expectProblem(await call(h, { url: '/auth/invitations/preview' }), 400, 'bad-request'),
      '/query/token',
    );
  });

  it('re-inviting replaces the link: the old one says "replaced" (preview, accept, sign-up), keeps only hashes, the new one works', async () => {
    const { admin, email, workspaceId, invitation, token: oldToken } = await invited();
    const again = await call(h, {
      method: 'POST',
      url: '/v1/members',
      headers: admin.headers,
      body: { email, workspaces: [{ workspace_id: workspaceId, role: 'approver' }] },
    });
    assert.equal(again.json.data.id, invitation.id);
    const newToken = tokenOf(again.json.data.invitation_url);
    assert.equal((await preview(oldToken)).json.data.status, 'replaced');
    // The old link shows what the invitation offers now: the roles of the newer one.
    assert.equal((await preview(oldToken)).json.data.workspaces[0].role, 'approver');
    assert.equal((await preview(newToken)).json.data.status, 'pending');
    const stored = JSON.stringify(await h.db.selectFrom('invitation_replaced_links').selectAll().execute());
    assert.ok(!stored.includes(oldToken) && !stored.includes(newToken), 'only hashes are kept');

    const before = await counts([email], [admin.organizationId]);
    const refused = expectProblem(await signupFrom({ email, invitation_token: oldToken }), 409, 'conflict');
    assert.match(refused.detail, /replaced by a newer invitation/);
    assert.deepEqual(await counts([email], [admin.organizationId]), before, 'nothing written');

    const res = await signupFrom({ email, invitation_token: newToken });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json.data.workspace.id, workspaceId);
    // Once accepted, the old link says so too.
    assert.equal((await preview(oldToken)).json.data.status, 'accepted');
  });

  for (const locale of ['en', 'de'] as const) {
    it(`sign-up (${locale}) from the link: no organization of one's own, the invited roles, the address verified`, async () => {
      const { admin, email, workspaceId, token } = await invited();
      const before = await counts([email], [admin.organizationId]);
      const res = await signupFrom({
        email: email.toUpperCase(),
        name: 'Colin League',
        invitation_token: token,
        locale,
      });
      assert.equal(res.statusCode, 201, res.body);
      const data = res.json.data;
      assert.equal(data.organization.id, admin.organizationId);
      assert.equal(data.workspace.id, workspaceId);
      assert.equal(data.user.email, email);
      assert.equal(data.user.email_verified, true, 'the link proved the address');
      assert.deepEqual(await counts([email], [admin.organizationId]), {
        organizations: before.organizations,
        users: before.users + 1,
        memberships: before.memberships + 1,
      });
      const session = sessionHeaders(res);
      const me = (await call(h, { url: '/auth/me', headers: session })).json.data;
      assert.deepEqual(
        me.organizations.map((o: { id: string; role: string }) => [o.id, o.role]),
        [[admin.organizationId, 'member']],
      );
      assert.equal(me.current.workspace_id, workspaceId);
      assert.deepEqual(
        me.workspaces.map((w: { id: string; role: string }) => [w.id, w.role]),
        [[workspaceId, 'editor']],
      );
      // The new member works there at once: its session lists the workspace's codes.
      const codes = await call(h, { url: '/v1/codes', headers: { ...session, 'x-workspace-id': workspaceId } });
      assert.equal(codes.statusCode, 200, codes.body);
      assert.equal((await preview(token)).json.data.status, 'accepted');
      // No verification mail: the address is proved. The audit log of the workspace names the new member.
      await h.app.jobs.runDue();
      assert.equal(
        smtp.to(email).filter((m) => /verif|bestätig/i.test(m.subject ?? '')).length,
        0,
        smtp
          .to(email)
          .map((m) => m.subject)
          .join(),
      );
      const audit = await call(h, {
        url: '/v1/audit-logs',
        headers: { ...admin.headers, 'x-workspace-id': workspaceId },
      });
      assert.ok(
        audit.json.data.some(
          (e: { action: string; actor_id: string }) =>
            e.action === 'workspaces.member_added' && e.actor_id === data.user.id,
        ),
        audit.body,
      );
    });
  }

  it('an org_admin invitation without workspaces lands in the default workspace; a member one without any in none', async () => {
    const { admin, email, token } = await invited({ role: 'org_admin', workspaces: [] });
    const res = await signupFrom({ email, invitation_token: token });
    assert.equal(res.statusCode, 201, res.body);
    const me = (await call(h, { url: '/auth/me', headers: admin.headers })).json.data;
    assert.equal(res.json.data.workspace.id, me.current.workspace_id);
    assert.equal(res.json.data.workspace.is_default, true);

    const bare = await invited({ workspaces: [] });
    const res2 = await signupFrom({ email: bare.email, invitation_token: bare.token });
    assert.equal(res2.statusCode, 201, res2.body);
    assert.equal(res2.json.data.workspace, null);
    assert.equal(res2.json.data.organization.id, bare.admin.organizationId);
  });

  it('refusals write nothing: another address, a forged token, org_name with a token, no org_name without one, an existing account', async () => {
    const { admin, email, token } = await invited();
    const existing = await signUp(h);
    const other = `${randomSlug('someone-else')}@corp.example`;
    const scoped = () => counts([email, other, existing.email], [admin.organizationId]);
    const before = await scoped();
    // What is refused, the answer, and the fields it names (with their error codes).
    const refusals: Array<[string, Record<string, unknown>, 400 | 422, Array<[string, string?]>]> = [
      ['another address', { email: other, invitation_token: token }, 422, [['/email', 'mismatch']]],
      ['a forged token', { email, invitation_token: 'x'.repeat(43) }, 422, [['/invitation_token', 'invalid_token']]],
      [
        'org_name with a token',
        { email, invitation_token: token, org_name: 'Mine', org_slug: randomSlug() },
        422,
        [
          ['/org_name', 'exclusive'],
          ['/org_slug', 'exclusive'],
        ],
      ],
      ['no org_name without a token', { email }, 400, [['/org_name', 'required']]],
      ['an existing account', { email: existing.email, invitation_token: token }, 422, [['/email', 'taken']]],
      ['a short password', { email, invitation_token: token, password: 'short' }, 422, [['/password']]],
    ];
    for (const [why, body, status, errors] of refusals) {
      const res = await signupFrom(body);
      assert.equal(res.statusCode, status, `${why}: ${res.body}`);
      const problem = expectProblem(res, status, status === 400 ? 'bad-request' : 'validation-error');
      for (const [pointer, code] of errors) assertErrorAt(problem, pointer, code);
    }
    assert.deepEqual(await scoped(), before);
    assert.equal((await preview(token)).json.data.status, 'pending');
    // Without a token, org_name still makes an organization as before.
    const own = await signupFrom({ email, org_name: 'Own Org' });
    assert.equal(own.statusCode, 201, own.body);
    assert.equal((await scoped()).organizations, before.organizations + 1);
  });

  it('an expired, revoked or declined invitation is refused (409) and its preview says why', async () => {
    const revoked = await invited();
    await call(h, {
      method: 'DELETE',
      url: `/v1/invitations/${revoked.invitation.id}`,
      headers: revoked.admin.headers,
    });
    assert.equal((await preview(revoked.token)).json.data.status, 'revoked');
    let before = await counts([revoked.email], [revoked.admin.organizationId]);
    expectProblem(await signupFrom({ email: revoked.email, invitation_token: revoked.token }), 409, 'conflict');
    assert.deepEqual(await counts([revoked.email], [revoked.admin.organizationId]), before);

    const declined = await invited();
    const someone = await signUp(h, { email: `${randomSlug('d')}@corp.example` });
    await verifyAddress(h, smtp, someone);
    const toSomeone = await call(h, {
      method: 'POST',
      url: '/v1/members',
      headers: declined.admin.headers,
      body: { email: someone.email },
    });
    assert.equal((await preview(tokenOf(toSomeone.json.data.invitation_url))).json.data.account_exists, true);
    await call(h, {
      method: 'POST',
      url: `/auth/invitations/${toSomeone.json.data.id}/decline`,
      headers: someone.headers,
    });
    assert.equal((await preview(tokenOf(toSomeone.json.data.invitation_url))).json.data.status, 'declined');

    const expired = await invited();
    clock.advance(15 * 86_400_000);
    assert.equal((await preview(expired.token)).json.data.status, 'expired');
    before = await counts([expired.email], [expired.admin.organizationId]);
    const refused = expectProblem(
      await signupFrom({ email: expired.email, invitation_token: expired.token }),
      409,
      'conflict',
    );
    assert.match(refused.detail, /expired/);
    assert.deepEqual(await counts([expired.email], [expired.admin.organizationId]), before);
    assert.equal(
      await h.db
        .selectFrom('users')
        .select('id')
        .where('email', 'in', [revoked.email, expired.email])
        .executeTakeFirst(),
      undefined,
    );
  });

  it("tenancy: another organization's user gets 404 for an old link of someone else's invitation, and the new member sees only the inviting organization", async () => {
    const a = await invited();
    const stranger: SignedUp = await verifyAddress(h, smtp, await signUp(h));
    await call(h, {
      method: 'POST',
      url: '/v1/members',
      headers: a.admin.headers,
      body: { email: a.email, workspaces: [{ workspace_id: a.workspaceId, role: 'viewer' }] },
    });
    // The stranger holds the (forwarded) old link: 404, not "replaced", and nothing about it.
    expectProblem(
      await call(h, {
        method: 'POST',
        url: '/auth/invitations/accept',
        headers: stranger.headers,
        body: { token: a.token },
      }),
      404,
      'not-found',
    );
    const fresh = await call(h, {
      method: 'POST',
      url: '/v1/members',
      headers: a.admin.headers,
      body: { email: a.email, workspaces: [{ workspace_id: a.workspaceId, role: 'viewer' }] },
    });
    expectProblem(
      await call(h, {
        method: 'POST',
        url: '/auth/invitations/accept',
        headers: stranger.headers,
        body: { token: tokenOf(fresh.json.data.invitation_url) },
      }),
      404,
      'not-found',
    );
    const res = await signupFrom({ email: a.email, invitation_token: tokenOf(fresh.json.data.invitation_url) });
    assert.equal(res.statusCode, 201, res.body);
    const session = sessionHeaders(res);
    // The stranger's organization and workspace are not the new member's: 404 on both headers.
    const strangerMe = (await call(h, { url: '/auth/me', headers: stranger.headers })).json.data;
    expectProblem(
      await call(h, { url: '/v1/codes', headers: { ...session, 'x-organization-id': stranger.organizationId } }),
      404,
      'not-found',
    );
    expectProblem(
      await call(h, { url: '/v1/codes', headers: { ...session, 'x-workspace-id': strangerMe.current.workspace_id } }),
      404,
      'not-found',
    );
    // The inviting organization's default workspace was not granted: 404 there too.
    const adminMe = (await call(h, { url: '/auth/me', headers: a.admin.headers })).json.data;
    expectProblem(
      await call(h, { url: '/v1/codes', headers: { ...session, 'x-workspace-id': adminMe.current.workspace_id } }),
      404,
      'not-found',
    );
  });
});
