import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedMember, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, auditOf, req } from '../../support/callers.js';

const WORKSPACE_FIELDS = [
  'approval_required',
  'created_at',
  'custom_domain',
  'custom_domain_status',
  'custom_domain_verification',
  'default_locale',
  'description',
  'id',
  'is_default',
  'name',
  'organization_id',
  'primary_color',
  'scan_retention_days',
  'settings',
  'slug',
  'status',
  'timezone',
  'updated_at',
];

forEachDialect('workspaces', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  async function create(t: Tenant, body: Record<string, unknown> = {}) {
    const res = await req(h, asKey(t), 'POST', '/v1/workspaces', {
      name: 'Client A',
      slug: randomSlug('ws'),
      ...body,
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json.data;
  }

  it('POST creates a workspace with D5 defaults and the exact D5 object; audited', async () => {
    const t = await seedTenant(h, 'pro');
    const ws = await create(t, { description: 'for client A' });
    assert.deepEqual(Object.keys(ws).sort(), WORKSPACE_FIELDS);
    assert.match(ws.id, /^ws_[0-9A-Z]{26}$/);
    assert.equal(ws.organization_id, t.organizationId);
    assert.equal(ws.default_locale, 'de');
    assert.equal(ws.approval_required, false);
    assert.equal(ws.is_default, false);
    assert.equal(ws.status, 'active');
    assert.equal(ws.primary_color, null);
    assert.equal(ws.custom_domain, null);
    assert.deepEqual(ws.settings, {});
    assert.equal(ws.description, 'for client A');
    assert.match(ws.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const [entry] = await auditOf(h, ws.id);
    assert.equal(entry.action, 'workspaces.created');
    assert.equal(entry.resource_id, ws.id);
    assert.equal(entry.actor_type, 'api');
    assert.deepEqual(JSON.parse(entry.changes).name, { old: null, new: 'Client A' });
    const full = await create(t, { default_locale: 'en-GB', approval_required: true, primary_color: '#1A2B3c' });
    assert.equal(full.default_locale, 'en-GB');
    assert.equal(full.approval_required, true);
    assert.equal(full.primary_color, '#1A2B3c');
  });

  it('GET lists and reads; org_admins and keys see all, other users only their workspaces', async () => {
    const t = await seedTenant(h, 'pro');
    const a = await create(t);
    const b = await create(t);
    const keyList = await req(h, asKey(t), 'GET', '/v1/workspaces');
    assert.equal(keyList.statusCode, 200, keyList.body);
    assert.deepEqual(
      keyList.json.data.map((w: any) => w.id),
      [b.id, a.id, t.workspaceId],
    );
    assert.equal(keyList.json.meta.pagination.total_count, 3);
    const page = await req(h, asKey(t), 'GET', '/v1/workspaces?limit=2');
    assert.equal(page.json.meta.pagination.has_more, true);
    const next = await req(
      h,
      asKey(t),
      'GET',
      `/v1/workspaces?limit=2&cursor=${page.json.meta.pagination.next_cursor}`,
    );
    assert.deepEqual(
      next.json.data.map((w: any) => w.id),
      [t.workspaceId],
    );
    const admin = await seedMember(h, t, { org: 'org_admin' });
    assert.equal((await req(h, asMember(admin), 'GET', '/v1/workspaces')).json.data.length, 3);
    const editor = await seedMember(h, t, { workspace: 'editor', workspaceId: a.id });
    // The editor has no role in the default workspace, so without a header it acts in its own.
    assert.deepEqual(
      (await req(h, asMember(editor), 'GET', '/v1/workspaces')).json.data.map((w: any) => w.id),
      [a.id],
    );
    expectProblem(await req(h, asMember(editor, t.workspaceId), 'GET', '/v1/workspaces'), 404, 'not-found');
    const mine = await req(h, asMember(editor, a.id), 'GET', '/v1/workspaces');
    assert.deepEqual(
      mine.json.data.map((w: any) => w.id),
      [a.id],
    );
    expectProblem(await req(h, asMember(editor, a.id), 'GET', `/v1/workspaces/${b.id}`), 404, 'not-found');
    assert.equal((await req(h, asMember(editor, a.id), 'GET', `/v1/workspaces/${a.id}`)).json.data.id, a.id);
    assert.equal((await req(h, asKey(t), 'GET', `/v1/workspaces/${b.id}`)).json.data.slug, b.slug);
    expectProblem(await req(h, asKey(t), 'GET', '/v1/workspaces?limit=101'), 422, 'validation-error');
    expectProblem(await req(h, asKey(t), 'GET', '/v1/workspaces?status=deleted'), 422, 'validation-error');
  });

  it('POST rejects bad input (slug, colour, name, locale, unknown fields, duplicate slug) and creates nothing', async () => {
    const t = await seedTenant(h, 'business');
    const existing = await create(t);
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ name: 'x'.repeat(256), slug: randomSlug() }, 422, '/name', 'maxLength'],
      [{ name: 'Ok', slug: 'UPPER' }, 422, '/slug', 'pattern'],
      [{ name: 'Ok', slug: 'x' }, 422, '/slug', 'minLength'],
      [{ name: 'Ok', slug: randomSlug(), primary_color: 'red' }, 422, '/primary_color', 'pattern'],
      [{ name: 'Ok', slug: randomSlug(), primary_color: '#12345' }, 422, '/primary_color', 'pattern'],
      [{ name: 'Ok', slug: randomSlug(), default_locale: 'german!' }, 422, '/default_locale', 'pattern'],
      [{ name: 'Ok', slug: randomSlug(), approval_required: 'yes' }, 422, '/approval_required', 'type'],
      [{ name: 'Ok', slug: randomSlug(), custom_domain: 'a.example.com' }, 422, '/custom_domain', 'unknown_field'],
      [{ name: 'Ok', slug: existing.slug }, 422, '/slug', 'taken'],
      [{ name: 'Ok' }, 400, '/slug', 'required'],
    ];
    for (const [body, status, pointer, code] of cases) {
      const res = await req(h, asKey(t), 'POST', '/v1/workspaces', body);
      assertErrorAt(expectProblem(res, status, status === 400 ? 'bad-request' : 'validation-error'), pointer, code);
    }
    const rows = await h.db
      .selectFrom('workspaces')
      .select('id')
      .where('organization_id', '=', t.organizationId)
      .execute();
    assert.equal(rows.length, 2);
  });

  it('plan limit: free allows 1; archived workspaces do not count; 403 names plan and limit', async () => {
    const t = await seedTenant(h, 'free');
    const res = await req(h, asKey(t), 'POST', '/v1/workspaces', { name: 'Two', slug: randomSlug() });
    const p = expectProblem(res, 403, 'plan-limit-exceeded');
    assert.equal(p.plan, 'free');
    assert.equal(p.limit, 1);
    const pro = await seedTenant(h, 'pro');
    const a = await create(pro);
    await create(pro);
    expectProblem(
      await req(h, asKey(pro), 'POST', '/v1/workspaces', { name: 'Four', slug: randomSlug() }),
      403,
      'plan-limit-exceeded',
    );
    const admin = await seedMember(h, pro, { org: 'org_admin' });
    assert.equal((await req(h, asMember(admin), 'DELETE', `/v1/workspaces/${a.id}`)).statusCode, 200);
    await create(pro);
    const agency = await seedTenant(h, 'agency');
    for (let i = 0; i < 12; i++) await create(agency);
  });

  it('plan limit holds under two concurrent creates at limit-1: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await seedTenant(h, 'pro');
      await create(t);
      const results = await Promise.all(
        [0, 1].map(() => req(h, asKey(t), 'POST', '/v1/workspaces', { name: 'Race', slug: randomSlug() })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      assert.deepEqual(codes, [201, 403], results.map((r) => r.body).join('\n'));
      const active = await h.db
        .selectFrom('workspaces')
        .select('id')
        .where('organization_id', '=', t.organizationId)
        .where('status', '=', 'active')
        .execute();
      assert.equal(active.length, 3);
    }
  });

  it('PATCH updates every D5 field; custom_domain is lower-cased; audited with changes', async () => {
    const t = await seedTenant(h, 'pro');
    const ws = await create(t);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const slug = randomSlug('ren');
    const domain = `QR.${randomSlug('d')}.Example.COM`;
    const res = await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${ws.id}`, {
      name: 'Renamed',
      description: 'desc',
      approval_required: true,
      custom_domain: domain,
      settings: { a: 1 },
      slug,
      default_locale: 'fr',
      primary_color: '#ABCDEF',
    });
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json.data;
    assert.equal(d.name, 'Renamed');
    assert.equal(d.custom_domain, domain.toLowerCase());
    assert.equal(d.slug, slug);
    assert.equal(d.approval_required, true);
    assert.deepEqual(d.settings, { a: 1 });
    const [entry] = await auditOf(h, ws.id);
    assert.equal(entry.action, 'workspaces.updated');
    assert.equal(entry.actor_type, 'user');
    assert.equal(entry.actor_id, admin.userId);
    const changes = JSON.parse(entry.changes);
    assert.deepEqual(changes.approval_required, { old: false, new: true });
    assert.deepEqual(changes.name, { old: 'Client A', new: 'Renamed' });
    assert.ok(!('updated_at' in changes));
    const cleared = await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${ws.id}`, {
      custom_domain: null,
      description: null,
    });
    assert.equal(cleared.json.data.custom_domain, null);
    assert.equal(cleared.json.data.description, null);
  });

  it('PATCH rejects bad host names, colours, duplicate slug/domain and changes nothing', async () => {
    const t = await seedTenant(h, 'pro');
    const ws = await create(t);
    const other = await create(t);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const taken = `${randomSlug('d')}.example.com`;
    assert.equal(
      (await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${other.id}`, { custom_domain: taken })).statusCode,
      200,
    );
    // Only a verified domain is exclusive (test/features/workspaces/custom-domains.test.ts verifies through DNS).
    await h.db
      .updateTable('workspaces')
      .set({ custom_domain_verified_at: new Date().toISOString() })
      .where('id', '=', other.id)
      .execute();
    const before = (await req(h, asMember(admin), 'GET', `/v1/workspaces/${ws.id}`)).json.data;
    const auditBefore = (await auditOf(h, ws.id)).length;
    const bad = [
      'https://qr.example.com',
      'qr.example.com:8443',
      '192.168.1.10',
      '[::1]',
      'localhost',
      'qr.example.com/path',
      'qr..example.com',
      '-qr.example.com',
      'qr_1.example.com',
      'a.'.repeat(130) + 'com',
      'qr.example.com.',
      ' ',
    ];
    for (const host of bad) {
      const res = await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${ws.id}`, { custom_domain: host });
      assertErrorAt(expectProblem(res, 422, 'validation-error'), '/custom_domain');
    }
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${ws.id}`, { custom_domain: taken.toUpperCase() }),
        422,
        'validation-error',
      ),
      '/custom_domain',
      'taken',
    );
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${ws.id}`, { slug: other.slug }),
        422,
        'validation-error',
      ),
      '/slug',
      'taken',
    );
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${ws.id}`, { primary_color: '#GGGGGG' }),
        422,
        'validation-error',
      ),
      '/primary_color',
      'pattern',
    );
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${ws.id}`, { name: '' }),
        422,
        'validation-error',
      ),
      '/name',
    );
    assertErrorAt(
      expectProblem(
        await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${ws.id}`, { status: 'archived' }),
        422,
        'validation-error',
      ),
      '/status',
      'unknown_field',
    );
    const after = (await req(h, asMember(admin), 'GET', `/v1/workspaces/${ws.id}`)).json.data;
    assert.deepEqual(after, before);
    assert.equal((await auditOf(h, ws.id)).length, auditBefore);
  });

  it('PATCH: ws_admin of that workspace may; editors, approvers, viewers, API keys and admins of other workspaces may not', async () => {
    const t = await seedTenant(h, 'pro');
    const ws = await create(t);
    const wsAdmin = await seedMember(h, t, { workspace: 'ws_admin', workspaceId: ws.id });
    assert.equal(
      (await req(h, asMember(wsAdmin, ws.id), 'PATCH', `/v1/workspaces/${ws.id}`, { name: 'By ws admin' })).statusCode,
      200,
    );
    const defaultAdmin = await seedMember(h, t, { workspace: 'ws_admin' });
    expectProblem(
      await req(h, asMember(defaultAdmin), 'PATCH', `/v1/workspaces/${ws.id}`, { name: 'Nope' }),
      404,
      'not-found',
    );
    await h.db
      .insertInto('workspace_members')
      .values({
        workspace_id: ws.id,
        user_id: defaultAdmin.userId,
        role: 'viewer',
        created_at: new Date().toISOString(),
      })
      .execute();
    expectProblem(
      await req(h, asMember(defaultAdmin), 'PATCH', `/v1/workspaces/${ws.id}`, { name: 'Nope' }),
      403,
      'forbidden',
    );
    for (const role of ['editor', 'approver', 'viewer'] as const) {
      const m = await seedMember(h, t, { workspace: role, workspaceId: ws.id });
      expectProblem(
        await req(h, asMember(m, ws.id), 'PATCH', `/v1/workspaces/${ws.id}`, { name: 'Nope' }),
        403,
        'forbidden',
      );
    }
    expectProblem(await req(h, asKey(t), 'PATCH', `/v1/workspaces/${ws.id}`, { name: 'Nope' }), 403, 'forbidden');
    assert.equal(
      (await h.db.selectFrom('workspaces').select('name').where('id', '=', ws.id).executeTakeFirstOrThrow()).name,
      'By ws admin',
    );
  });

  it("DELETE archives (200, final state, audited in the caller's workspace); the archived workspace's keys get 401", async () => {
    const t = await seedTenant(h, 'pro');
    const ws = await create(t);
    const { createKeyForWorkspace } = await import('../../../src/cli/commands.js');
    const key = await createKeyForWorkspace(h.db, h.config, ws.id, 'in ws');
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const res = await req(h, asMember(admin), 'DELETE', `/v1/workspaces/${ws.id}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.status, 'archived');
    assert.equal(res.json.data.id, ws.id);
    const [entry] = await auditOf(h, t.workspaceId);
    assert.equal(entry.action, 'workspaces.archived');
    assert.equal(entry.resource_id, ws.id);
    assert.deepEqual(JSON.parse(entry.changes).status, { old: 'active', new: 'archived' });
    expectProblem(
      await call(h, { url: '/v1/organizations', headers: { authorization: `Bearer ${key.api_key}` } }),
      401,
      'authentication',
    );
    const again = await req(h, asMember(admin), 'DELETE', `/v1/workspaces/${ws.id}`);
    assert.equal(again.statusCode, 200);
    assert.equal((await auditOf(h, t.workspaceId)).filter((e) => e.action === 'workspaces.archived').length, 1);
    const archived = await req(h, asKey(t), 'GET', '/v1/workspaces?status=archived');
    assert.deepEqual(
      archived.json.data.map((w: any) => w.id),
      [ws.id],
    );
    expectProblem(await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${ws.id}`, { name: 'x' }), 409, 'conflict');
  });

  it('DELETE: every role tries; default and own workspace are protected (409)', async () => {
    const t = await seedTenant(h, 'business');
    const target = await create(t);
    const second = await create(t);
    for (const role of ['editor', 'approver', 'viewer'] as const) {
      const m = await seedMember(h, t, { workspace: role, workspaceId: target.id });
      expectProblem(await req(h, asMember(m, target.id), 'DELETE', `/v1/workspaces/${target.id}`), 403, 'forbidden');
    }
    expectProblem(await req(h, asKey(t), 'DELETE', `/v1/workspaces/${target.id}`), 403, 'forbidden');
    const admin = await seedMember(h, t, { org: 'org_admin' });
    expectProblem(
      await req(h, asMember(admin), 'DELETE', `/v1/workspaces/${t.workspaceId}`),
      409,
      'workspace-protected',
    );
    expectProblem(
      await req(h, asMember(admin, target.id), 'DELETE', `/v1/workspaces/${target.id}`),
      409,
      'workspace-protected',
    );
    // ws_admin of both: archiving the one it acts in is protected, the other one works.
    const wsAdmin = await seedMember(h, t, { workspace: 'ws_admin', workspaceId: second.id });
    await h.db
      .insertInto('workspace_members')
      .values({
        workspace_id: target.id,
        user_id: wsAdmin.userId,
        role: 'ws_admin',
        created_at: new Date().toISOString(),
      })
      .execute();
    expectProblem(
      await req(h, asMember(wsAdmin, target.id), 'DELETE', `/v1/workspaces/${target.id}`),
      409,
      'workspace-protected',
    );
    const statuses = await h.db
      .selectFrom('workspaces')
      .select(['id', 'status'])
      .where('organization_id', '=', t.organizationId)
      .execute();
    assert.ok(statuses.every((s) => s.status === 'active'));
    const ok = await req(h, asMember(wsAdmin, second.id), 'DELETE', `/v1/workspaces/${target.id}`);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json.data.status, 'archived');
  });

  it("isolation: another tenant's workspace is 404 for read, update and archive", async () => {
    const a = await seedTenant(h, 'pro');
    const b = await seedTenant(h, 'pro');
    const ws = await create(a);
    const bAdmin = await seedMember(h, b, { org: 'org_admin' });
    for (const c of [asKey(b), asMember(bAdmin)]) {
      expectProblem(await req(h, c, 'GET', `/v1/workspaces/${ws.id}`), 404, 'not-found');
      expectProblem(await req(h, c, 'GET', `/v1/workspaces/${a.workspaceId}`), 404, 'not-found');
      const list = await req(h, c, 'GET', '/v1/workspaces');
      assert.ok(list.json.data.every((w: any) => w.organization_id === b.organizationId));
    }
    expectProblem(await req(h, asMember(bAdmin), 'PATCH', `/v1/workspaces/${ws.id}`, { name: 'x' }), 404, 'not-found');
    expectProblem(await req(h, asMember(bAdmin), 'DELETE', `/v1/workspaces/${ws.id}`), 404, 'not-found');
    // Picking another organization's workspace by header does not work either.
    expectProblem(
      await call(h, { url: '/v1/workspaces', headers: { ...bAdmin.headers, 'x-workspace-id': ws.id } }),
      404,
      'not-found',
    );
    const row = await h.db.selectFrom('workspaces').selectAll().where('id', '=', ws.id).executeTakeFirstOrThrow();
    assert.equal(row.name, 'Client A');
    assert.equal(row.status, 'active');
  });
});
