import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Tenant } from '../support/harness.js';
import { forEachDialect, useHarness } from '../support/suite.js';

forEachDialect('API key authentication', (dialect) => {
  const { h, t } = useHarness(dialect);

  const keyId = async (tenant: Tenant) =>
    (
      await h.db
        .selectFrom('api_keys')
        .select('id')
        .where('workspace_id', '=', tenant.workspaceId)
        .executeTakeFirstOrThrow()
    ).id;

  it('rejects missing, malformed, garbage and unknown keys with the same 401', async () => {
    const cases: Record<string, string | undefined> = {
      missing: undefined,
      'not bearer': `Basic ${t.apiKey}`,
      garbage: 'Bearer !!!',
      'wrong prefix': `Bearer xyz_sk_${t.apiKey.slice(7)}`,
      'too short': `Bearer ${t.apiKey.slice(0, -1)}`,
      unknown: `Bearer qrs_sk_${'A'.repeat(40)}`,
    };
    for (const [name, header] of Object.entries(cases)) {
      const res = await call(h, { url: '/v1/organizations', headers: header ? { authorization: header } : {} });
      const p = expectProblem(res, 401, 'authentication');
      assert.ok(p.detail, name);
      assert.ok(res.headers['x-ratelimit-limit'], `${name}: rate-limit headers on a 401`);
    }
  });

  it('stores only a SHA-256 hash of the key', async () => {
    const row = await h.db
      .selectFrom('api_keys')
      .selectAll()
      .where('workspace_id', '=', t.workspaceId)
      .executeTakeFirstOrThrow();
    assert.match(row.key_hash, /^[0-9a-f]{64}$/);
    assert.ok(!JSON.stringify(row).includes(t.apiKey.slice(7)));
  });

  it('rejects a revoked key on its next request', async () => {
    const t2 = await seedTenant(h);
    assert.equal((await call(h, { url: '/v1/organizations', tenant: t2 })).statusCode, 200);
    await h.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', await keyId(t2))
      .execute();
    expectProblem(await call(h, { url: '/v1/organizations', tenant: t2 }), 401, 'authentication');
  });

  it('rejects an expired key', async () => {
    const t2 = await seedTenant(h);
    await h.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', await keyId(t2))
      .execute();
    expectProblem(await call(h, { url: '/v1/organizations', tenant: t2 }), 401, 'authentication');
  });

  it('rejects keys of a soft-deleted organization', async () => {
    const t2 = await seedTenant(h);
    await h.db
      .updateTable('organizations')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', t2.organizationId)
      .execute();
    expectProblem(await call(h, { url: '/v1/organizations', tenant: t2 }), 401, 'authentication');
  });

  it('keeps last_used_at without a write per request', async () => {
    const t2 = await seedTenant(h);
    const id = await keyId(t2);
    for (let i = 0; i < 3; i++) await call(h, { url: '/v1/organizations', tenant: t2 });
    const before = await h.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(before.last_used_at, null, 'not written on the request path');
    await h.app.deps.lastUsed.flush();
    const after = await h.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.ok(after.last_used_at && Date.now() - Date.parse(after.last_used_at) < 60_000);
  });

  it("answers with the calling key's own organization only", async () => {
    const other = await seedTenant(h);
    const res = await call(h, { url: '/v1/organizations', tenant: other });
    assert.equal(res.json.data.id, other.organizationId);
    assert.notEqual(res.json.data.id, t.organizationId);
  });
});
