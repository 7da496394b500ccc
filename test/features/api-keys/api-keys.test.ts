import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedMember, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, auditOf, req } from '../../support/callers.js';

const KEY_FIELDS = [
  'created_at',
  'created_by',
  'creator',
  'expires_at',
  'hint',
  'id',
  'last_used_at',
  'name',
  'revoked_at',
  'status',
  'workspace_id',
];

forEachDialect('api keys', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('an org_admin creates a key: 201 with the secret once; it works; listing shows no secret; audited without secrets', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const res = await req(h, asMember(admin), 'POST', '/v1/api-keys', { name: 'CI', expires_at: expires });
    assert.equal(res.statusCode, 201, res.body);
    const k = res.json.data;
    assert.deepEqual(Object.keys(k).sort(), [...KEY_FIELDS, 'api_key'].sort());
    assert.match(k.api_key, /^qrs_sk_[0-9A-Za-z]{40}$/);
    assert.ok(k.api_key.startsWith(k.hint));
    assert.equal(k.workspace_id, t.workspaceId);
    assert.equal(k.created_by, admin.userId);
    assert.equal(k.expires_at, expires);
    assert.equal(k.status, 'active');
    const use = await call(h, { url: '/v1/organizations', headers: { authorization: `Bearer ${k.api_key}` } });
    assert.equal(use.statusCode, 200);
    await h.app.deps.lastUsed.flush();
    const listed = await req(h, asMember(admin), 'GET', '/v1/api-keys');
    assert.equal(listed.statusCode, 200, listed.body);
    assert.ok(!listed.body.includes(k.api_key));
    const mine = listed.json.data.find((x: any) => x.id === k.id);
    assert.deepEqual(Object.keys(mine).sort(), KEY_FIELDS);
    assert.ok(mine.last_used_at, 'last_used_at is set after use');
    assert.equal(listed.json.meta.pagination.total_count, 2); // plus the bootstrap key
    const one = await req(h, asMember(admin), 'GET', `/v1/api-keys/${k.id}`);
    assert.equal(one.json.data.id, k.id);
    const [entry] = await auditOf(h, t.workspaceId);
    assert.equal(entry.action, 'api_keys.created');
    assert.equal(entry.resource_id, k.id);
    assert.equal(entry.actor_id, admin.userId);
    assert.ok(!entry.changes.includes(k.api_key.slice(8)), 'secret never in audit');
    assert.ok(!/key_hash|api_key"/.test(entry.changes));
    const stored = await h.db.selectFrom('api_keys').selectAll().where('id', '=', k.id).executeTakeFirstOrThrow();
    assert.notEqual(stored.key_hash, k.api_key);
    assert.equal(stored.key_hash.length, 64);
  });

  it('DELETE revokes: 200 final state; the key gets 401 on its very next request; audited once', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { workspace: 'ws_admin' });
    const k = (await req(h, asMember(admin), 'POST', '/v1/api-keys', { name: 'to revoke' })).json.data;
    assert.equal(
      (await call(h, { url: '/v1/workspaces', headers: { authorization: `Bearer ${k.api_key}` } })).statusCode,
      200,
    );
    const res = await req(h, asMember(admin), 'DELETE', `/v1/api-keys/${k.id}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.status, 'revoked');
    assert.ok(res.json.data.revoked_at);
    expectProblem(
      await call(h, { url: '/v1/workspaces', headers: { authorization: `Bearer ${k.api_key}` } }),
      401,
      'authentication',
    );
    const again = await req(h, asMember(admin), 'DELETE', `/v1/api-keys/${k.id}`);
    assert.equal(again.statusCode, 200);
    assert.equal(again.json.data.revoked_at, res.json.data.revoked_at);
    const entries = (await auditOf(h, t.workspaceId)).filter((e) => e.resource_id === k.id);
    assert.deepEqual(
      entries.map((e) => e.action),
      ['api_keys.revoked', 'api_keys.created'],
    );
    assert.ok(JSON.parse(entries[0].changes).revoked_at.new);
  });

  it('API keys and non-admin roles cannot create, list, read or revoke keys (403); nothing changes', async () => {
    const t = await seedTenant(h);
    const keyId = (
      await h.db.selectFrom('api_keys').select('id').where('workspace_id', '=', t.workspaceId).executeTakeFirstOrThrow()
    ).id;
    const callers = [asKey(t)];
    for (const role of ['editor', 'approver', 'viewer'] as const)
      callers.push(asMember(await seedMember(h, t, { workspace: role })));
    for (const c of callers) {
      expectProblem(await req(h, c, 'POST', '/v1/api-keys', { name: 'x' }), 403, 'forbidden');
      expectProblem(await req(h, c, 'GET', '/v1/api-keys'), 403, 'forbidden');
      expectProblem(await req(h, c, 'GET', `/v1/api-keys/${keyId}`), 403, 'forbidden');
      expectProblem(await req(h, c, 'DELETE', `/v1/api-keys/${keyId}`), 403, 'forbidden');
    }
    const keys = await h.db
      .selectFrom('api_keys')
      .select(['id', 'revoked_at'])
      .where('organization_id', '=', t.organizationId)
      .execute();
    assert.deepEqual(keys, [{ id: keyId, revoked_at: null }]);
  });

  it('a ws_admin manages keys only of workspaces it administers; org_admin of any', async () => {
    const t = await seedTenant(h, 'pro');
    const other = (await req(h, asKey(t), 'POST', '/v1/workspaces', { name: 'Other', slug: randomSlug() })).json.data;
    const wsAdmin = await seedMember(h, t, { workspace: 'ws_admin' });
    expectProblem(
      await req(h, asMember(wsAdmin), 'POST', '/v1/api-keys', { name: 'x', workspace_id: other.id }),
      403,
      'forbidden',
    );
    expectProblem(await req(h, asMember(wsAdmin), 'GET', `/v1/api-keys?workspace_id=${other.id}`), 403, 'forbidden');
    const orgAdmin = await seedMember(h, t, { org: 'org_admin' });
    const k = await req(h, asMember(orgAdmin), 'POST', '/v1/api-keys', { name: 'for other', workspace_id: other.id });
    assert.equal(k.statusCode, 201, k.body);
    assert.equal(k.json.data.workspace_id, other.id);
    // The ws_admin of the default workspace cannot see the other workspace, so its key is a 404.
    expectProblem(await req(h, asMember(wsAdmin), 'DELETE', `/v1/api-keys/${k.json.data.id}`), 404, 'not-found');
    const viewerThere = await seedMember(h, t, { workspace: 'ws_admin' });
    await h.db
      .insertInto('workspace_members')
      .values({
        workspace_id: other.id,
        user_id: viewerThere.userId,
        role: 'viewer',
        created_at: new Date().toISOString(),
      })
      .execute();
    expectProblem(await req(h, asMember(viewerThere), 'DELETE', `/v1/api-keys/${k.json.data.id}`), 403, 'forbidden');
    const list = await req(h, asMember(orgAdmin), 'GET', `/v1/api-keys?workspace_id=${other.id}`);
    assert.deepEqual(
      list.json.data.map((x: any) => x.id),
      [k.json.data.id],
    );
    // The key acts in its workspace.
    const ws = await call(h, {
      url: '/v1/organizations',
      headers: { authorization: `Bearer ${k.json.data.api_key}` },
    });
    assert.equal(ws.statusCode, 200);
    assert.equal(
      (
        await h.db
          .selectFrom('api_keys')
          .select('revoked_at')
          .where('id', '=', k.json.data.id)
          .executeTakeFirstOrThrow()
      ).revoked_at,
      null,
    );
  });

  it('rejects bad input: past expiry, unknown/other-org workspace, long name, unknown field; creates nothing', async () => {
    const t = await seedTenant(h);
    const other = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'x', expires_at: new Date(Date.now() - 1000).toISOString() }, '/expires_at', 'in_past'],
      [{ name: 'x', expires_at: 'tomorrow' }, '/expires_at', 'format'],
      [{ name: 'x', workspace_id: other.workspaceId }, '/workspace_id', 'not_found'],
      [{ name: 'x', workspace_id: 'ws_nope' }, '/workspace_id', 'not_found'],
      [{ name: 'x'.repeat(256) }, '/name', 'maxLength'],
      [{ name: 'x', scopes: ['all'] }, '/scopes', 'unknown_field'],
    ];
    for (const [body, pointer, code] of cases) {
      assertErrorAt(
        expectProblem(await req(h, asMember(admin), 'POST', '/v1/api-keys', body), 422, 'validation-error'),
        pointer,
        code,
      );
    }
    expectProblem(await req(h, asMember(admin), 'POST', '/v1/api-keys', {}), 400, 'bad-request');
    const count = await h.db
      .selectFrom('api_keys')
      .select('id')
      .where('organization_id', 'in', [t.organizationId, other.organizationId])
      .execute();
    assert.equal(count.length, 2);
    expectProblem(
      await req(h, asMember(admin), 'GET', `/v1/api-keys?workspace_id=${other.workspaceId}`),
      422,
      'validation-error',
    );
  });

  it('an expired key gets 401 and is listed as expired', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const k = (
      await req(h, asMember(admin), 'POST', '/v1/api-keys', {
        name: 'short',
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      })
    ).json.data;
    await h.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', k.id)
      .execute();
    expectProblem(
      await call(h, { url: '/v1/organizations', headers: { authorization: `Bearer ${k.api_key}` } }),
      401,
      'authentication',
    );
    assert.equal((await req(h, asMember(admin), 'GET', `/v1/api-keys/${k.id}`)).json.data.status, 'expired');
  });

  it("isolation: another organization's key is 404 to read and revoke, and stays valid", async () => {
    const a = await seedTenant(h);
    const b = await seedTenant(h);
    const bKeyId = (
      await h.db.selectFrom('api_keys').select('id').where('workspace_id', '=', b.workspaceId).executeTakeFirstOrThrow()
    ).id;
    const aAdmin = await seedMember(h, a, { org: 'org_admin' });
    expectProblem(await req(h, asMember(aAdmin), 'GET', `/v1/api-keys/${bKeyId}`), 404, 'not-found');
    expectProblem(await req(h, asMember(aAdmin), 'DELETE', `/v1/api-keys/${bKeyId}`), 404, 'not-found');
    const list = await req(h, asMember(aAdmin), 'GET', '/v1/api-keys');
    assert.ok(list.json.data.every((k: any) => k.workspace_id === a.workspaceId));
    assert.equal((await call(h, { url: '/v1/organizations', tenant: b })).statusCode, 200);
  });
});
