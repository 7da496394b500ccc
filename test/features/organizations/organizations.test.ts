import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedMember, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, req } from '../../support/callers.js';

forEachDialect('organizations', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it("POST creates an organization on the default plan (Enterprise without billing) with a default workspace; the key's creator becomes org_admin", async () => {
    const t = await seedTenant(h, 'pro');
    const slug = randomSlug('org');
    const res = await req(h, asKey(t), 'POST', '/v1/organizations', {
      name: 'Second',
      slug,
      billing_email: 'bill@example.com',
    });
    assert.equal(res.statusCode, 201, res.body);
    const org = res.json.data;
    assert.deepEqual(Object.keys(org).sort(), [
      'billing_email',
      'created_at',
      'id',
      'name',
      'plan',
      'settings',
      'slug',
      'updated_at',
    ]);
    assert.match(org.id, /^org_[0-9A-Z]{26}$/);
    assert.equal(org.plan, 'enterprise');
    assert.equal(org.slug, slug);
    assert.deepEqual(org.settings, {});
    const ws = await h.db.selectFrom('workspaces').selectAll().where('organization_id', '=', org.id).execute();
    assert.equal(ws.length, 1);
    assert.equal(ws[0].slug, 'default');
    assert.equal(ws[0].is_default, 1);
    const m = await h.db.selectFrom('memberships').selectAll().where('organization_id', '=', org.id).execute();
    assert.deepEqual(
      m.map((r) => [r.user_id, r.role]),
      [[t.userId, 'org_admin']],
    );
    const audit = await h.db.selectFrom('audit_logs').selectAll().where('workspace_id', '=', ws[0].id).execute();
    assert.deepEqual(
      audit.map((a) => [a.action, a.actor_type]),
      [['workspaces.created', 'api']],
    );
    assert.match(audit[0].actor_id!, /^key_/);
  });

  it('a session user creating an organization becomes its org_admin', async () => {
    const t = await seedTenant(h);
    const m = await seedMember(h, t, { workspace: 'viewer' });
    const res = await req(h, asMember(m), 'POST', '/v1/organizations', { name: 'Mine', slug: randomSlug('org') });
    assert.equal(res.statusCode, 201, res.body);
    const row = await h.db
      .selectFrom('memberships')
      .selectAll()
      .where('organization_id', '=', res.json.data.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.user_id, m.userId);
    assert.equal(row.role, 'org_admin');
    assert.equal(res.json.data.billing_email, null);
  });

  it('rejects bad input with 400/422 and creates nothing', async () => {
    const t = await seedTenant(h);
    const cases: Array<[unknown, number, string, string?]> = [
      [{ name: 'x'.repeat(256), slug: randomSlug() }, 422, '/name', 'maxLength'],
      [{ name: 'Ok', slug: 'Bad_Slug' }, 422, '/slug', 'pattern'],
      [{ name: 'Ok', slug: 'a' }, 422, '/slug', 'minLength'],
      [{ name: 'Ok', slug: 'a'.repeat(64) }, 422, '/slug', 'maxLength'],
      [{ name: 'Ok', slug: randomSlug(), billing_email: 'not-an-email' }, 422, '/billing_email', 'format'],
      [{ name: 'Ok', slug: randomSlug(), plan: 'enterprise' }, 422, '/plan', 'unknown_field'],
      [{ slug: randomSlug() }, 400, '/name', 'required'],
      [{ name: '   ', slug: randomSlug() }, 422, '/name', 'pattern'],
    ];
    for (const [body, status, pointer, code] of cases) {
      const res = await req(h, asKey(t), 'POST', '/v1/organizations', body);
      const p = expectProblem(res, status, status === 400 ? 'bad-request' : 'validation-error');
      assertErrorAt(p, pointer, code);
    }
    const dup = await req(h, asKey(t), 'POST', '/v1/organizations', {
      name: 'Dup',
      slug: (
        await h.db
          .selectFrom('organizations')
          .select('slug')
          .where('id', '=', t.organizationId)
          .executeTakeFirstOrThrow()
      ).slug,
    });
    assertErrorAt(expectProblem(dup, 422, 'validation-error'), '/slug', 'taken');
    // The database is shared with parallel suites, so look for what these requests could have made.
    const slugs = cases.map(([b]) => (b as { slug?: string }).slug).filter((s): s is string => !!s);
    assert.equal((await h.db.selectFrom('organizations').select('id').where('slug', 'in', slugs).execute()).length, 0);
    assert.equal((await h.db.selectFrom('organizations').select('id').where('name', '=', 'Dup').execute()).length, 0);
  });

  it('POST with an Idempotency-Key creates one organization and replays the answer', async () => {
    const t = await seedTenant(h);
    const body = { name: 'Once', slug: randomSlug('once') };
    const headers = { ...t.auth, 'idempotency-key': crypto.randomUUID() };
    const first = await call(h, { method: 'POST', url: '/v1/organizations', body, headers });
    const again = await call(h, { method: 'POST', url: '/v1/organizations', body, headers });
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(again.statusCode, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.json.data.id, first.json.data.id);
    assert.equal(
      (await h.db.selectFrom('organizations').select('id').where('slug', '=', body.slug).execute()).length,
      1,
    );
  });

  it('two concurrent creates with one slug: one 201, one 422 taken', async () => {
    const t = await seedTenant(h);
    const slug = randomSlug('race');
    const results = await Promise.all(
      [0, 1].map(() => req(h, asKey(t), 'POST', '/v1/organizations', { name: 'Race', slug })),
    );
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 422], results.map((r) => r.body).join('\n'));
    assertErrorAt(results.find((r) => r.statusCode === 422)!.json, '/slug', 'taken');
  });

  it('PATCH updates name, slug, billing_email and settings (API key or org_admin session)', async () => {
    const t = await seedTenant(h);
    const slug = randomSlug('new');
    const res = await req(h, asKey(t), 'PATCH', `/v1/organizations/${t.organizationId}`, {
      name: 'Renamed',
      slug,
      billing_email: 'a@b.example',
      settings: { theme: 'dark', n: 1 },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.name, 'Renamed');
    assert.equal(res.json.data.slug, slug);
    assert.deepEqual(res.json.data.settings, { theme: 'dark', n: 1 });
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const res2 = await req(h, asMember(admin), 'PATCH', `/v1/organizations/${t.organizationId}`, {
      billing_email: null,
    });
    assert.equal(res2.statusCode, 200, res2.body);
    assert.equal(res2.json.data.billing_email, null);
    assert.equal(res2.json.data.name, 'Renamed');
  });

  it('PATCH: bad input and duplicate slug change nothing; non-admins get 403; another org is 404', async () => {
    const t = await seedTenant(h);
    const other = await seedTenant(h);
    const url = `/v1/organizations/${t.organizationId}`;
    const otherSlug = (await call(h, { url: '/v1/organizations', tenant: other })).json.data.slug;
    const before = (await call(h, { url: '/v1/organizations', tenant: t })).json.data;
    assertErrorAt(
      expectProblem(await req(h, asKey(t), 'PATCH', url, { slug: otherSlug }), 422, 'validation-error'),
      '/slug',
      'taken',
    );
    assertErrorAt(
      expectProblem(await req(h, asKey(t), 'PATCH', url, { name: 'y'.repeat(256) }), 422, 'validation-error'),
      '/name',
      'maxLength',
    );
    assertErrorAt(
      expectProblem(await req(h, asKey(t), 'PATCH', url, { settings: 'x' }), 422, 'validation-error'),
      '/settings',
    );
    assertErrorAt(
      expectProblem(
        await req(h, asKey(t), 'PATCH', url, { settings: { big: 'x'.repeat(17_000) } }),
        422,
        'validation-error',
      ),
      '/settings',
      'maxBytes',
    );
    for (const role of ['ws_admin', 'editor', 'approver', 'viewer'] as const) {
      const m = await seedMember(h, t, { workspace: role });
      expectProblem(await req(h, asMember(m), 'PATCH', url, { name: 'Hijack' }), 403, 'forbidden');
    }
    expectProblem(await req(h, asKey(other), 'PATCH', url, { name: 'Hijack' }), 404, 'not-found');
    const otherAdmin = await seedMember(h, other, { org: 'org_admin' });
    expectProblem(await req(h, asMember(otherAdmin), 'PATCH', url, { name: 'Hijack' }), 404, 'not-found');
    const after = (await call(h, { url: '/v1/organizations', tenant: t })).json.data;
    assert.deepEqual(after, before);
  });

  it('DELETE: only an org_admin session; API keys and other roles get 403; another org is 404', async () => {
    const t = await seedTenant(h);
    const other = await seedTenant(h);
    const url = `/v1/organizations/${t.organizationId}`;
    const key = expectProblem(await req(h, asKey(t), 'DELETE', url), 403, 'forbidden');
    assert.match(key.detail, /API key/);
    for (const role of ['ws_admin', 'editor', 'approver', 'viewer'] as const) {
      const m = await seedMember(h, t, { workspace: role });
      expectProblem(await req(h, asMember(m), 'DELETE', url), 403, 'forbidden');
    }
    const otherAdmin = await seedMember(h, other, { org: 'org_admin' });
    expectProblem(await req(h, asMember(otherAdmin), 'DELETE', url), 404, 'not-found');
    const row = await h.db
      .selectFrom('organizations')
      .select('deleted_at')
      .where('id', '=', t.organizationId)
      .executeTakeFirstOrThrow();
    assert.equal(row.deleted_at, null);
  });

  it('DELETE soft-deletes: its keys and sessions get 401 afterwards, rows stay, other tenants unaffected', async () => {
    const t = await seedTenant(h);
    const other = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const editor = await seedMember(h, t, { workspace: 'editor' });
    const res = await req(h, asMember(admin), 'DELETE', `/v1/organizations/${t.organizationId}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.id, t.organizationId);
    expectProblem(await call(h, { url: '/v1/organizations', tenant: t }), 401, 'authentication');
    expectProblem(await call(h, { url: '/v1/workspaces', tenant: t }), 401, 'authentication');
    expectProblem(await req(h, asMember(admin), 'GET', '/v1/organizations'), 401, 'authentication');
    expectProblem(await req(h, asMember(editor), 'GET', '/v1/workspaces'), 401, 'authentication');
    expectProblem(
      await req(h, asMember(admin), 'DELETE', `/v1/organizations/${t.organizationId}`),
      401,
      'authentication',
    );
    const row = await h.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', t.organizationId)
      .executeTakeFirstOrThrow();
    assert.ok(row.deleted_at);
    assert.equal(
      (await h.db.selectFrom('workspaces').select('id').where('organization_id', '=', t.organizationId).execute())
        .length,
      1,
    );
    assert.equal((await call(h, { url: '/v1/organizations', tenant: other })).statusCode, 200);
  });

  it('a user in two organizations keeps the session for the other one after a delete', async () => {
    const a = await seedTenant(h);
    const b = await seedTenant(h);
    const admin = await seedMember(h, a, { org: 'org_admin' });
    await h.db
      .insertInto('memberships')
      .values({
        organization_id: b.organizationId,
        user_id: admin.userId,
        role: 'member',
        created_at: new Date(Date.now() + 1000).toISOString(),
      })
      .execute();
    await h.db
      .insertInto('workspace_members')
      .values({
        workspace_id: b.workspaceId,
        user_id: admin.userId,
        role: 'viewer',
        created_at: new Date().toISOString(),
      })
      .execute();
    assert.equal((await req(h, asMember(admin), 'DELETE', `/v1/organizations/${a.organizationId}`)).statusCode, 200);
    const res = await req(h, asMember(admin), 'GET', '/v1/organizations');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.id, b.organizationId);
    const gone = await call(h, {
      url: '/v1/organizations',
      headers: { ...admin.headers, 'x-organization-id': a.organizationId },
    });
    expectProblem(gone, 404, 'not-found');
  });
});
