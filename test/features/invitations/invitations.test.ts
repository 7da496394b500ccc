import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedMember, seedTenant, type Member } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, auditOf, req } from '../../support/callers.js';

type Session = { cookie: string; 'x-csrf-token': string };

forEachDialect('invitations', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  const ip = () => `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  async function login(email: string, password: string): Promise<Session> {
    const res = await call(h, {
      method: 'POST',
      url: '/auth/login',
      remoteAddress: ip(),
      body: { email, password },
    });
    assert.equal(res.statusCode, 200, res.body);
    const token = /qrs_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1];
    return { cookie: `qrs_session=${token}`, 'x-csrf-token': res.json.data.csrf_token as string };
  }
  const received = (s: Session) => call(h, { url: '/auth/invitations', headers: { cookie: s.cookie } });
  // The newest link of each invitation, as the invitee's e-mail would carry it.
  const links = new Map<string, string>();
  async function invite(admin: Member, body: unknown) {
    const res = await req(h, asMember(admin), 'POST', '/v1/members', body);
    if (res.statusCode === 201)
      links.set(res.json.data.id, new URL(res.json.data.invitation_url).searchParams.get('token')!);
    return res;
  }
  const respond = (s: Partial<Session>, id: string, answer: 'accept' | 'decline') =>
    call(h, {
      method: 'POST',
      url: `/auth/invitations/${id}/${answer}`,
      headers: s,
      body: answer === 'accept' ? { token: links.get(id) ?? 'no-link' } : undefined,
    });
  const membership = (orgId: string, userId: string) =>
    h.db
      .selectFrom('memberships')
      .select('role')
      .where('organization_id', '=', orgId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  const invitationRows = (orgId: string) =>
    h.db.selectFrom('invitations').selectAll().where('organization_id', '=', orgId).execute();

  async function setup() {
    const t = await seedTenant(h, 'pro');
    const ws = (await req(h, asKey(t), 'POST', '/v1/workspaces', { name: 'W', slug: randomSlug() })).json.data;
    const admin = await seedMember(h, t, { org: 'org_admin' });
    return { t, ws, admin };
  }

  it('no existence oracle: existing user, unknown address and current member get the same 201 and body shape; nobody is added', async () => {
    const { t, ws, admin } = await setup();
    const existing = await seedTenant(h);
    const member = await seedMember(h, t, { workspace: 'viewer' });
    const unknown = `${randomSlug('nobody')}@example.com`;
    const body = (email: string) => ({
      email,
      role: 'member',
      workspaces: [{ workspace_id: ws.id, role: 'editor' }],
    });
    const answers = [];
    for (const email of [existing.email.toUpperCase(), unknown, member.email]) {
      const res = await invite(admin, body(email));
      assert.equal(res.statusCode, 201, res.body);
      answers.push(res);
    }
    const shape = (d: any) =>
      Object.fromEntries(
        Object.entries(d).map(([k, v]) => [
          k,
          k === 'id' || k.endsWith('_at') || k === 'email' || k === 'invitation_url' ? typeof v : v,
        ]),
      );
    const [a, b, c] = answers.map((r) => r.json.data);
    assert.deepEqual(shape(a), shape(b));
    assert.deepEqual(shape(b), shape(c));
    assert.deepEqual(Object.keys(answers[0].headers).sort(), Object.keys(answers[1].headers).sort());
    assert.equal(a.status, 'pending');
    assert.equal(a.email, existing.email.toLowerCase());
    assert.match(a.id, /^inv_[0-9A-Z]{26}$/);
    assert.deepEqual(a.workspaces, [{ workspace_id: ws.id, role: 'editor' }]);
    assert.equal(a.invited_by, admin.userId);
    assert.equal(Date.parse(a.expires_at) - Date.parse(a.created_at), 14 * 86_400_000);
    assert.ok(!('initial_password' in a));
    // Nothing added, no account created.
    assert.equal(await membership(t.organizationId, existing.userId), undefined);
    assert.equal(
      await h.db.selectFrom('users').select('id').where('email', '=', unknown).executeTakeFirst(),
      undefined,
    );
    assert.deepEqual(
      await h.db.selectFrom('workspace_members').select('user_id').where('workspace_id', '=', ws.id).execute(),
      [],
    );
    const entries = (await auditOf(h, t.workspaceId)).filter((e) => e.action === 'workspaces.invitation_created');
    assert.equal(entries.length, 3);
    assert.deepEqual(
      JSON.parse(entries.find((e) => e.changes.includes(a.id))!.changes)[`invitation:${a.id}`].new.status,
      'pending',
    );
  });

  it('the invitee sees it in a session and accepts: membership and workspace roles in one go, audited', async () => {
    const { t, ws, admin } = await setup();
    const invitee = await seedTenant(h);
    const inv = (
      await invite(admin, {
        email: invitee.email,
        workspaces: [{ workspace_id: ws.id, role: 'editor' }],
      })
    ).json.data;
    const s = await login(invitee.email, invitee.password);
    const list = await received(s);
    assert.equal(list.statusCode, 200, list.body);
    assert.equal(list.json.meta.pagination.total_count, 1);
    assert.equal(list.json.data[0].id, inv.id);
    assert.equal(list.json.data[0].organization.id, t.organizationId);
    expectProblem(await respond({ cookie: s.cookie }, inv.id, 'accept'), 403, 'forbidden');
    assert.equal(await membership(t.organizationId, invitee.userId), undefined);
    const res = await respond(s, inv.id, 'accept');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.status, 'accepted');
    assert.equal((await membership(t.organizationId, invitee.userId))?.role, 'member');
    const roles = await h.db
      .selectFrom('workspace_members')
      .select(['workspace_id', 'role'])
      .where('user_id', '=', invitee.userId)
      .where('workspace_id', '=', ws.id)
      .execute();
    assert.deepEqual(roles, [{ workspace_id: ws.id, role: 'editor' }]);
    // The new member acts in the organization with the invited role.
    const codes = await call(h, {
      url: '/v1/workspaces',
      headers: { cookie: s.cookie, 'x-organization-id': t.organizationId },
    });
    assert.equal(codes.statusCode, 200, codes.body);
    assert.deepEqual(
      codes.json.data.map((w: any) => w.id),
      [ws.id],
    );
    const [added] = await auditOf(h, ws.id);
    assert.equal(added.action, 'workspaces.member_added');
    assert.equal(added.actor_id, invitee.userId);
    assert.ok(
      (await auditOf(h, t.workspaceId)).some(
        (e) => e.action === 'workspaces.invitation_accepted' && e.changes.includes(inv.id),
      ),
    );
    assert.equal((await received(s)).json.data.length, 0);
    expectProblem(await respond(s, inv.id, 'accept'), 409, 'conflict');
    const admins = await req(h, asMember(admin), 'GET', '/v1/invitations');
    assert.ok(!admins.json.data.some((i: any) => i.id === inv.id));
  });

  it('an unknown address accepts after signing up with it', async () => {
    const { t, admin } = await setup();
    const email = `${randomSlug('late')}@example.com`;
    const inv = (await invite(admin, { email, role: 'org_admin' })).json.data;
    const signup = await call(h, {
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: ip(),
      body: { email: email.toUpperCase(), password: 'a long enough secret', org_name: 'Own' },
    });
    assert.equal(signup.statusCode, 201, signup.body);
    const s = {
      cookie: `qrs_session=${/qrs_session=([^;]+)/.exec(String(signup.headers['set-cookie']))![1]}`,
      'x-csrf-token': signup.json.data.csrf_token,
    };
    assert.deepEqual(
      (await received(s)).json.data.map((i: any) => i.id),
      [inv.id],
    );
    assert.equal((await respond(s, inv.id, 'accept')).statusCode, 200);
    assert.equal((await membership(t.organizationId, signup.json.data.user.id))?.role, 'org_admin');
  });

  it('another user cannot see or accept it (404); without a session 401; a current member accepting gets nothing new', async () => {
    const { t, ws, admin } = await setup();
    const invitee = await seedTenant(h);
    const inv = (await invite(admin, { email: invitee.email })).json.data;
    const stranger = await seedTenant(h);
    const s = await login(stranger.email, stranger.password);
    assert.equal((await received(s)).json.data.length, 0);
    expectProblem(await respond(s, inv.id, 'accept'), 404, 'not-found');
    expectProblem(await respond(s, inv.id, 'decline'), 404, 'not-found');
    expectProblem(await respond(s, 'inv_nope', 'accept'), 404, 'not-found');
    expectProblem(await respond({}, inv.id, 'accept'), 401, 'authentication');
    expectProblem(await call(h, { url: '/auth/invitations' }), 401, 'authentication');
    assert.equal(await membership(t.organizationId, stranger.userId), undefined);
    assert.equal((await invitationRows(t.organizationId))[0].accepted_at, null);
    // Already a member as viewer: accepting an org_admin + ws_admin invitation changes nothing.
    const viewer = await seedMember(h, t, { workspace: 'viewer' });
    const again = (
      await invite(admin, {
        email: viewer.email,
        role: 'org_admin',
        workspaces: [{ workspace_id: ws.id, role: 'ws_admin' }],
      })
    ).json.data;
    const res = await respond(viewer.headers, again.id, 'accept');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await membership(t.organizationId, viewer.userId))?.role, 'member');
    const roles = await h.db
      .selectFrom('workspace_members')
      .select(['workspace_id', 'role'])
      .where('user_id', '=', viewer.userId)
      .execute();
    assert.deepEqual(roles, [{ workspace_id: t.workspaceId, role: 'viewer' }]);
  });

  it('decline closes it without adding anything; revoke and expiry close it too (409); re-inviting refreshes the open one', async () => {
    const { t, ws, admin } = await setup();
    const a = await seedTenant(h);
    const sa = await login(a.email, a.password);
    const first = (await invite(admin, { email: a.email })).json.data;
    const declined = await respond(sa, first.id, 'decline');
    assert.equal(declined.statusCode, 200, declined.body);
    assert.equal(declined.json.data.status, 'declined');
    expectProblem(await respond(sa, first.id, 'accept'), 409, 'conflict');
    assert.equal(await membership(t.organizationId, a.userId), undefined);

    // Re-inviting while one is open refreshes it: same id, new roles, new expiry.
    const second = (await invite(admin, { email: a.email })).json.data;
    assert.notEqual(second.id, first.id);
    const refreshed = await invite(admin, {
      email: a.email,
      workspaces: [{ workspace_id: ws.id, role: 'viewer' }],
    });
    assert.equal(refreshed.statusCode, 201);
    assert.equal(refreshed.json.data.id, second.id);
    assert.deepEqual(refreshed.json.data.workspaces, [{ workspace_id: ws.id, role: 'viewer' }]);
    assert.equal((await invitationRows(t.organizationId)).length, 2);

    const listed = await req(h, asMember(admin), 'GET', '/v1/invitations');
    assert.equal(listed.statusCode, 200, listed.body);
    assert.deepEqual(
      listed.json.data.map((i: any) => i.id),
      [second.id],
    );
    const revoked = await req(h, asMember(admin), 'DELETE', `/v1/invitations/${second.id}`);
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.equal(revoked.json.data.status, 'revoked');
    expectProblem(await req(h, asMember(admin), 'DELETE', `/v1/invitations/${second.id}`), 409, 'conflict');
    expectProblem(await respond(sa, second.id, 'accept'), 409, 'conflict');
    assert.equal((await received(sa)).json.data.length, 0);
    assert.equal((await req(h, asMember(admin), 'GET', '/v1/invitations')).json.data.length, 0);
    assert.ok(
      (await auditOf(h, t.workspaceId)).some(
        (e) => e.action === 'workspaces.invitation_revoked' && e.actor_id === admin.userId,
      ),
    );

    // Expiry.
    const third = (await invite(admin, { email: a.email })).json.data;
    await h.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', third.id)
      .execute();
    assert.equal((await received(sa)).json.data.length, 0);
    assert.equal((await req(h, asMember(admin), 'GET', '/v1/invitations')).json.data.length, 0);
    const expired = expectProblem(await respond(sa, third.id, 'accept'), 409, 'conflict');
    assert.match(expired.detail, /expired/);
    assert.equal(await membership(t.organizationId, a.userId), undefined);
    // Inviting again revives the expired invitation with a fresh expiry.
    const revived = (await invite(admin, { email: a.email })).json.data;
    assert.equal(revived.id, third.id);
    assert.equal(revived.status, 'pending');
    assert.equal((await respond(sa, third.id, 'accept')).statusCode, 200);
    assert.equal((await membership(t.organizationId, a.userId))?.role, 'member');
  });

  it("tenancy: another organization's admin gets 404 and sees nothing; keys and non-admins get 403", async () => {
    const { t, admin } = await setup();
    const other = await setup();
    const inv = (await invite(admin, { email: `${randomSlug('x')}@example.com` })).json.data;
    expectProblem(await req(h, asMember(other.admin), 'DELETE', `/v1/invitations/${inv.id}`), 404, 'not-found');
    assert.equal((await req(h, asMember(other.admin), 'GET', '/v1/invitations')).json.data.length, 0);
    const editor = await seedMember(h, t, { workspace: 'ws_admin' });
    for (const c of [asKey(t), asMember(editor)]) {
      expectProblem(await req(h, c, 'GET', '/v1/invitations'), 403, 'forbidden');
      expectProblem(await req(h, c, 'DELETE', `/v1/invitations/${inv.id}`), 403, 'forbidden');
    }
    expectProblem(await req(h, asMember(admin), 'DELETE', '/v1/invitations/inv_unknown'), 404, 'not-found');
    assert.equal((await invitationRows(t.organizationId))[0].revoked_at, null);
  });

  it('bad input: 422 with a pointer, 400 for invalid JSON; no invitation is written', async () => {
    const { t, admin } = await setup();
    const other = await seedTenant(h);
    const email = `${randomSlug('bad')}@example.com`;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { email, workspaces: [{ workspace_id: other.workspaceId, role: 'editor' }] },
        '/workspaces/0/workspace_id',
        'not_found',
      ],
      [{ email, role: 'owner' }, '/role', 'enum'],
      [{ email: 'nope' }, '/email', 'format'],
      [{ email, extra: 1 }, '/extra', 'additional_property'],
    ];
    for (const [body, pointer, code] of cases) {
      const res = expectProblem(await invite(admin, body), 422, 'validation-error');
      assertErrorAt(res, pointer, pointer === '/extra' ? undefined : code);
    }
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/members', body: '{"email":', headers: admin.headers }),
      400,
      'bad-request',
    );
    assert.deepEqual(await invitationRows(t.organizationId), []);
  });
});
