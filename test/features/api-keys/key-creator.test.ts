import { it } from 'node:test';
import assert from 'node:assert/strict';
import { expectProblem, randomSlug, seedMember, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createKeyForWorkspace } from '../../../src/cli/commands.js';
import { asKey, asMember, req } from '../../support/callers.js';

/** An API key never exceeds the user who created it (docs/decisions.md D4). */
forEachDialect(`API keys act within their creator's rights`, (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  const keyTenant = (t: Tenant, secret: string): Tenant => ({
    ...t,
    apiKey: secret,
    auth: { authorization: `Bearer ${secret}` },
  });

  /** A pro tenant with a second workspace, and a ws_admin of the default one who made a key through the API. */
  async function setup() {
    const t = await seedTenant(h, 'pro');
    const other = await req(h, asKey(t), 'POST', '/v1/workspaces', { name: 'Other', slug: randomSlug('ws') });
    assert.equal(other.statusCode, 201, other.body);
    const admin = await seedMember(h, t, { workspace: 'ws_admin' });
    const made = await req(h, asMember(admin), 'POST', '/v1/api-keys', { name: 'by ws_admin' });
    assert.equal(made.statusCode, 201, made.body);
    return { t, admin, otherId: other.json.data.id as string, key: keyTenant(t, made.json.data.api_key) };
  }

  it("a ws_admin's key cannot PATCH the organization nor create workspaces, and sees only its own workspace", async () => {
    const { t, otherId, key } = await setup();
    expectProblem(
      await req(h, asKey(key), 'PATCH', `/v1/organizations/${t.organizationId}`, { name: 'Taken over' }),
      403,
      'forbidden',
    );
    expectProblem(
      await req(h, asKey(key), 'POST', '/v1/workspaces', { name: 'W', slug: randomSlug('ws') }),
      403,
      'forbidden',
    );
    const list = await req(h, asKey(key), 'GET', '/v1/workspaces');
    assert.equal(list.statusCode, 200);
    assert.deepEqual(
      list.json.data.map((w: any) => w.id),
      [t.workspaceId],
    );
    assert.equal(list.json.meta.pagination.total_count, 1);
    expectProblem(await req(h, asKey(key), 'GET', `/v1/workspaces/${otherId}`), 404, 'not-found');
    expectProblem(await req(h, asKey(key), 'PATCH', `/v1/workspaces/${otherId}`, { name: 'x' }), 404, 'not-found');
    // Nothing changed.
    const org = await h.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', t.organizationId)
      .executeTakeFirstOrThrow();
    assert.equal(org.name, 'Test Org');
    assert.equal(
      await h.db
        .selectFrom('workspaces')
        .select('id')
        .where('organization_id', '=', t.organizationId)
        .execute()
        .then((r) => r.length),
      2,
    );
  });

  it('a key may PATCH its own workspace while its creator administers it; not after a demotion', async () => {
    const { t, admin, key } = await setup();
    const ok = await req(h, asKey(key), 'PATCH', `/v1/workspaces/${t.workspaceId}`, { name: 'Renamed by key' });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json.data.name, 'Renamed by key');
    const demote = await req(h, asKey(t), 'GET', '/v1/members'); // sanity: the org_admin key works
    assert.equal(demote.statusCode, 403); // members.read is admin-only even for an org_admin's key
    const owner = await seedMember(h, t, { org: 'org_admin' });
    const res = await req(h, asMember(owner), 'PATCH', `/v1/members/${admin.userId}`, {
      workspaces: [{ workspace_id: t.workspaceId, role: 'viewer' }],
    });
    assert.equal(res.statusCode, 200, res.body);
    expectProblem(
      await req(h, asKey(key), 'PATCH', `/v1/workspaces/${t.workspaceId}`, { name: 'again' }),
      403,
      'forbidden',
    );
    // A viewer's key may read but no longer write codes.
    assert.equal((await req(h, asKey(key), 'GET', '/v1/codes')).statusCode, 200);
    expectProblem(
      await req(h, asKey(key), 'POST', '/v1/codes', { type: 'url', name: 'n', url: 'https://example.com/' }),
      403,
      'forbidden',
    );
  });

  it("an org_admin's key sees and creates every workspace and may PATCH the organization", async () => {
    const { t, otherId } = await setup();
    const list = await req(h, asKey(t), 'GET', '/v1/workspaces');
    assert.deepEqual(list.json.data.map((w: any) => w.id).sort(), [t.workspaceId, otherId].sort());
    assert.equal(
      (await req(h, asKey(t), 'PATCH', `/v1/organizations/${t.organizationId}`, { name: 'Renamed' })).statusCode,
      200,
    );
  });

  it('a key stops working (401, as an invalid key) when its creator leaves the organization or loses the workspace', async () => {
    const { t, admin, key } = await setup();
    assert.equal((await req(h, asKey(key), 'GET', '/v1/codes')).statusCode, 200);
    const owner = await seedMember(h, t, { org: 'org_admin' });
    const removed = await req(h, asMember(owner), 'DELETE', `/v1/members/${admin.userId}`);
    assert.equal(removed.statusCode, 200, removed.body);
    const gone = expectProblem(await req(h, asKey(key), 'GET', '/v1/codes'), 401, 'authentication');
    const invalid = expectProblem(
      await req(h, asKey(keyTenant(t, `qrs_sk_${'A'.repeat(40)}`)), 'GET', '/v1/codes'),
      401,
      'authentication',
    );
    assert.equal(gone.detail, invalid.detail);

    const second = await setup();
    const owner2 = await seedMember(h, second.t, { org: 'org_admin' });
    const dropped = await req(h, asMember(owner2), 'PATCH', `/v1/members/${second.admin.userId}`, {
      workspaces: [{ workspace_id: second.t.workspaceId, role: null }],
    });
    assert.equal(dropped.statusCode, 200, dropped.body);
    expectProblem(await req(h, asKey(second.key), 'GET', '/v1/codes'), 401, 'authentication');
  });

  it('a key made by the CLI acts for the bootstrap user (org_admin)', async () => {
    const t = await seedTenant(h, 'pro');
    const { api_key } = await createKeyForWorkspace(h.db, h.config, t.workspaceId, 'cli');
    const key = keyTenant(t, api_key);
    const row = await h.db
      .selectFrom('api_keys')
      .select('created_by')
      .where('workspace_id', '=', t.workspaceId)
      .where('name', '=', 'cli')
      .executeTakeFirstOrThrow();
    assert.equal(row.created_by, t.userId);
    assert.equal(
      (await req(h, asKey(key), 'PATCH', `/v1/organizations/${t.organizationId}`, { name: 'By CLI key' })).statusCode,
      200,
    );
    assert.equal(
      (await req(h, asKey(key), 'POST', '/v1/workspaces', { name: 'W', slug: randomSlug('ws') })).statusCode,
      201,
    );
  });
});
