import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedMember, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, auditOf, req } from '../../support/callers.js';

forEachDialect('members', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  async function newWorkspace(t: Tenant) {
    return (await req(h, asKey(t), 'POST', '/v1/workspaces', { name: 'W', slug: randomSlug() })).json.data;
  }

  it('POST invites instead of adding (same answer for new and existing addresses); accepting applies the roles', async () => {
    const t = await seedTenant(h, 'pro');
    const ws = await newWorkspace(t);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const email = `${randomSlug('new')}@example.com`;
    const res = await req(h, asMember(admin), 'POST', '/v1/members', {
      email,
      name: 'New',
      workspaces: [{ workspace_id: ws.id, role: 'editor' }],
    });
    assert.equal(res.statusCode, 201, res.body);
    const inv = res.json.data;
    assert.equal(inv.email, email);
    assert.equal(inv.role, 'member');
    assert.equal(inv.status, 'pending');
    assert.deepEqual(inv.workspaces, [{ workspace_id: ws.id, role: 'editor' }]);
    assert.ok(!('initial_password' in inv));
    assert.equal(await h.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), undefined);
    // An existing user of another organization: same answer, not a member until it accepts.
    const other = await seedTenant(h);
    const invited = await req(h, asMember(admin), 'POST', '/v1/members', {
      email: other.email.toUpperCase(),
      role: 'org_admin',
    });
    assert.equal(invited.statusCode, 201, invited.body);
    assert.deepEqual(Object.keys(invited.json.data).sort(), Object.keys(inv).sort());
    expectProblem(await req(h, asMember(admin), 'GET', `/v1/members/${other.userId}`), 404, 'not-found');
    const session = await loginHeaders(other);
    assert.equal(
      (
        await call(h, {
          method: 'POST',
          url: `/auth/invitations/${invited.json.data.id}/accept`,
          headers: session,
          body: { token: new URL(invited.json.data.invitation_url).searchParams.get('token') },
        })
      ).statusCode,
      200,
    );
    const member = await req(h, asMember(admin), 'GET', `/v1/members/${other.userId}`);
    assert.equal(member.statusCode, 200, member.body);
    assert.equal(member.json.data.role, 'org_admin');
    // Inviting a member again is the same uniform answer and adds nothing.
    const dup = await req(h, asMember(admin), 'POST', '/v1/members', { email: other.email });
    assert.equal(dup.statusCode, 201, dup.body);
    assert.equal(dup.json.data.status, 'pending');
  });

  it('lists members with roles (org_admin: all; ws_admin: its workspace); pagination', async () => {
    const t = await seedTenant(h, 'pro');
    const ws = await newWorkspace(t);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const wsAdmin = await seedMember(h, t, { workspace: 'ws_admin' });
    const editor = await seedMember(h, t, { workspace: 'editor' });
    const elsewhere = await seedMember(h, t, { workspace: 'viewer', workspaceId: ws.id });
    const all = await req(h, asMember(admin), 'GET', '/v1/members');
    assert.equal(all.statusCode, 200, all.body);
    assert.equal(all.json.meta.pagination.total_count, 5);
    const byId = Object.fromEntries(all.json.data.map((m: any) => [m.user_id, m]));
    assert.equal(byId[t.userId].role, 'org_admin');
    assert.deepEqual(byId[editor.userId].workspaces, [{ workspace_id: t.workspaceId, role: 'editor' }]);
    assert.deepEqual(byId[elsewhere.userId].workspaces, [{ workspace_id: ws.id, role: 'viewer' }]);
    const scoped = await req(h, asMember(wsAdmin), 'GET', '/v1/members');
    assert.deepEqual(scoped.json.data.map((m: any) => m.user_id).sort(), [wsAdmin.userId, editor.userId].sort());
    expectProblem(await req(h, asMember(wsAdmin), 'GET', `/v1/members/${elsewhere.userId}`), 404, 'not-found');
    assert.equal((await req(h, asMember(wsAdmin), 'GET', `/v1/members/${editor.userId}`)).statusCode, 200);
    const p1 = await req(h, asMember(admin), 'GET', '/v1/members?limit=2');
    const p2 = await req(
      h,
      asMember(admin),
      'GET',
      `/v1/members?limit=2&cursor=${p1.json.meta.pagination.next_cursor}`,
    );
    assert.equal(p2.json.data.length, 2);
    assert.ok(p2.json.data[0].user_id < p1.json.data[1].user_id);
  });

  it('PATCH changes org role and workspace roles (null removes); the change takes effect for the session', async () => {
    const t = await seedTenant(h, 'pro');
    const ws = await newWorkspace(t);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const viewer = await seedMember(h, t, { workspace: 'viewer' });
    expectProblem(await req(h, asMember(viewer), 'DELETE', `/v1/workspaces/${ws.id}`), 403, 'forbidden');
    const res = await req(h, asMember(admin), 'PATCH', `/v1/members/${viewer.userId}`, {
      workspaces: [
        { workspace_id: t.workspaceId, role: 'ws_admin' },
        { workspace_id: ws.id, role: 'ws_admin' },
      ],
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json.data.workspaces.map((w: any) => w.role),
      ['ws_admin', 'ws_admin'],
    );
    assert.equal((await req(h, asMember(viewer), 'DELETE', `/v1/workspaces/${ws.id}`)).statusCode, 200);
    const removed = await req(h, asMember(admin), 'PATCH', `/v1/members/${viewer.userId}`, {
      workspaces: [{ workspace_id: t.workspaceId, role: null }],
    });
    assert.deepEqual(removed.json.data.workspaces, []);
    expectProblem(await req(h, asMember(viewer), 'GET', '/v1/workspaces'), 404, 'not-found');
    const promoted = await req(h, asMember(admin), 'PATCH', `/v1/members/${viewer.userId}`, { role: 'org_admin' });
    assert.equal(promoted.json.data.role, 'org_admin');
    assert.equal((await req(h, asMember(viewer), 'GET', '/v1/workspaces')).statusCode, 200);
    const actions = (await auditOf(h, t.workspaceId)).map((e) => e.action);
    assert.ok(actions.includes('workspaces.member_updated'));
    assert.ok(actions.includes('workspaces.member_removed'));
  });

  it('the last org_admin cannot be demoted or removed (409); nothing changes', async () => {
    const t = await seedTenant(h);
    const res = await call(h, {
      method: 'PATCH',
      url: `/v1/members/${t.userId}`,
      body: { role: 'member' },
      headers: await loginHeaders(t),
    });
    expectProblem(res, 409, 'conflict');
    expectProblem(
      await call(h, { method: 'DELETE', url: `/v1/members/${t.userId}`, headers: await loginHeaders(t) }),
      409,
      'conflict',
    );
    const row = await h.db
      .selectFrom('memberships')
      .select('role')
      .where('user_id', '=', t.userId)
      .where('organization_id', '=', t.organizationId)
      .executeTakeFirstOrThrow();
    assert.equal(row.role, 'org_admin');
    // With a second admin the first may step down.
    await seedMember(h, t, { org: 'org_admin' });
    assert.equal(
      (
        await call(h, {
          method: 'PATCH',
          url: `/v1/members/${t.userId}`,
          body: { role: 'member' },
          headers: await loginHeaders(t),
        })
      ).statusCode,
      200,
    );
  });

  it('two admins demoting each other at once: exactly one succeeds, one org_admin remains', async () => {
    const t = await seedTenant(h);
    const a = await seedMember(h, t, { org: 'org_admin' });
    await h.db.updateTable('memberships').set({ role: 'member' }).where('user_id', '=', t.userId).execute();
    const b = await seedMember(h, t, { org: 'org_admin' });
    const results = await Promise.all([
      req(h, asMember(a), 'PATCH', `/v1/members/${b.userId}`, { role: 'member' }),
      req(h, asMember(b), 'PATCH', `/v1/members/${a.userId}`, { role: 'member' }),
    ]);
    const codes = results.map((r) => r.statusCode).sort((x, y) => x - y);
    // The loser hits the last-admin rule (409), or authenticates after the winner committed: then
    // it is a plain member (403), and with no workspace role at all it finds no workspace (404).
    assert.equal(codes[0], 200, results.map((r) => r.body).join('\n'));
    assert.ok([403, 404, 409].includes(codes[1]), results.map((r) => r.body).join('\n'));
    const admins = await h.db
      .selectFrom('memberships')
      .select('user_id')
      .where('organization_id', '=', t.organizationId)
      .where('role', '=', 'org_admin')
      .execute();
    assert.equal(admins.length, 1);
  });

  async function loginHeaders(t: Tenant) {
    const res = await call(h, {
      method: 'POST',
      url: '/auth/login',
      remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      body: { email: t.email, password: t.password },
    });
    assert.equal(res.statusCode, 200, res.body);
    const token = /qrs_session=([^;]+)/.exec(String(res.headers['set-cookie']))![1];
    return { cookie: `qrs_session=${token}`, 'x-csrf-token': res.json.data.csrf_token as string };
  }

  it('DELETE removes the member from the organization and its workspaces; its sessions end (401)', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const editor = await seedMember(h, t, { workspace: 'editor' });
    const res = await req(h, asMember(admin), 'DELETE', `/v1/members/${editor.userId}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.status, 'removed');
    assert.deepEqual(res.json.data.workspaces, []);
    expectProblem(await req(h, asMember(editor), 'GET', '/v1/organizations'), 401, 'authentication');
    assert.equal(
      await h.db.selectFrom('memberships').select('user_id').where('user_id', '=', editor.userId).executeTakeFirst(),
      undefined,
    );
    assert.equal(
      await h.db
        .selectFrom('workspace_members')
        .select('user_id')
        .where('user_id', '=', editor.userId)
        .executeTakeFirst(),
      undefined,
    );
    expectProblem(await req(h, asMember(admin), 'DELETE', `/v1/members/${editor.userId}`), 404, 'not-found');
    assert.equal((await auditOf(h, t.workspaceId))[0].action, 'workspaces.member_removed');
  });

  it("bad input changes nothing: unknown workspace, another org's workspace, duplicates, bad roles, bad e-mail", async () => {
    const t = await seedTenant(h);
    const other = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const email = `${randomSlug('bad')}@example.com`;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { email, workspaces: [{ workspace_id: other.workspaceId, role: 'editor' }] },
        '/workspaces/0/workspace_id',
        'not_found',
      ],
      [
        {
          email,
          workspaces: [
            { workspace_id: t.workspaceId, role: 'editor' },
            { workspace_id: t.workspaceId, role: 'viewer' },
          ],
        },
        '/workspaces/1/workspace_id',
        'duplicate',
      ],
      [{ email, workspaces: [{ workspace_id: t.workspaceId, role: 'owner' }] }, '/workspaces/0/role', 'enum'],
      [{ email, role: 'superuser' }, '/role', 'enum'],
      [{ email: 'not-mail' }, '/email', 'format'],
    ];
    for (const [body, pointer, code] of cases) {
      assertErrorAt(
        expectProblem(await req(h, asMember(admin), 'POST', '/v1/members', body), 422, 'validation-error'),
        pointer,
        code,
      );
    }
    assert.equal(await h.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(), undefined);
    assert.deepEqual(
      await h.db.selectFrom('invitations').select('id').where('organization_id', '=', t.organizationId).execute(),
      [],
    );
    const editor = await seedMember(h, t, { workspace: 'editor' });
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'PATCH', `/v1/members/${editor.userId}`, {
          workspaces: [{ workspace_id: other.workspaceId, role: 'ws_admin' }],
        }),
        422,
        'validation-error',
      ),
      '/workspaces/0/workspace_id',
      'not_found',
    );
    const roles = await h.db
      .selectFrom('workspace_members')
      .select(['workspace_id', 'role'])
      .where('user_id', '=', editor.userId)
      .execute();
    assert.deepEqual(roles, [{ workspace_id: t.workspaceId, role: 'editor' }]);
  });

  it('only org_admin sessions manage members; ws_admins may read; API keys and other roles get 403', async () => {
    const t = await seedTenant(h);
    const target = await seedMember(h, t, { workspace: 'viewer' });
    const callers = [asKey(t)];
    for (const role of ['ws_admin', 'editor', 'approver', 'viewer'] as const)
      callers.push(asMember(await seedMember(h, t, { workspace: role })));
    for (const c of callers) {
      expectProblem(await req(h, c, 'POST', '/v1/members', { email: `${randomSlug()}@example.com` }), 403, 'forbidden');
      expectProblem(await req(h, c, 'PATCH', `/v1/members/${target.userId}`, { role: 'org_admin' }), 403, 'forbidden');
      expectProblem(await req(h, c, 'DELETE', `/v1/members/${target.userId}`), 403, 'forbidden');
    }
    for (const c of [callers[0], callers[2], callers[3], callers[4]])
      expectProblem(await req(h, c, 'GET', '/v1/members'), 403, 'forbidden');
    const row = await h.db
      .selectFrom('memberships')
      .select('role')
      .where('user_id', '=', target.userId)
      .executeTakeFirstOrThrow();
    assert.equal(row.role, 'member');
  });

  it("isolation: another organization's members are 404 for read, update and remove", async () => {
    const a = await seedTenant(h);
    const b = await seedTenant(h);
    const bEditor = await seedMember(h, b, { workspace: 'editor' });
    const aAdmin = await seedMember(h, a, { org: 'org_admin' });
    expectProblem(await req(h, asMember(aAdmin), 'GET', `/v1/members/${bEditor.userId}`), 404, 'not-found');
    expectProblem(
      await req(h, asMember(aAdmin), 'PATCH', `/v1/members/${bEditor.userId}`, { role: 'org_admin' }),
      404,
      'not-found',
    );
    expectProblem(await req(h, asMember(aAdmin), 'DELETE', `/v1/members/${bEditor.userId}`), 404, 'not-found');
    const list = await req(h, asMember(aAdmin), 'GET', '/v1/members');
    assert.ok(!list.json.data.some((m: any) => m.user_id === bEditor.userId || m.user_id === b.userId));
    assert.equal((await req(h, asMember(bEditor), 'GET', '/v1/organizations')).statusCode, 200);
  });
});
