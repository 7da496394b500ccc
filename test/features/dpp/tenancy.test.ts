// Every /v1/dpp route answers 404 to another organization's key and to a key of another workspace
// of the same organization (docs/decisions.md D3: existence is not revealed); lists never show foreign passports.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedMember, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createKeyForWorkspace } from '../../../src/cli/commands.js';
import { createPassport, publisher, uniqueFixture } from '../../support/passports.js';

forEachDialect('dpp tenancy', (dialect) => {
  let owner: Tenant;
  let passport: any;
  let grantId: string;
  const strangers: Record<string, Tenant> = {};

  const { h } = useHarness(dialect, { tenant: false });
  before(async () => {
    owner = await publisher(h, 'pro');
    passport = await createPassport(h, owner, uniqueFixture('ev'));
    const g = await call(h, {
      method: 'POST',
      url: `/v1/dpp/${passport.id}/access-grants`,
      tenant: owner,
      body: { level: 'authority', expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    grantId = g.json.data.id;
    strangers.otherOrg = await seedTenant(h);
    // A second workspace of the owner's organization, with its own key.
    const ws = await call(h, {
      method: 'POST',
      url: '/v1/workspaces',
      tenant: owner,
      body: { name: 'Second', slug: randomSlug('ws') },
    });
    assert.equal(ws.statusCode, 201, ws.body.slice(0, 300));
    const key = await createKeyForWorkspace(h.db, h.config, ws.json.data.id, 'second');
    strangers.otherWorkspace = {
      ...owner,
      workspaceId: ws.json.data.id,
      apiKey: key.api_key,
      auth: { authorization: `Bearer ${key.api_key}` },
    };
  });

  const routes = () =>
    [
      { method: 'GET', url: `/v1/dpp/${passport.id}` },
      { method: 'PATCH', url: `/v1/dpp/${passport.id}`, body: { battery_status: 'waste' } },
      { method: 'GET', url: `/v1/dpp/${passport.id}/versions` },
      { method: 'POST', url: `/v1/dpp/${passport.id}/publish` },
      { method: 'POST', url: `/v1/dpp/${passport.id}/archive` },
      ...['svg', 'png', 'pdf', 'eps'].map((ext) => ({
        method: 'GET' as const,
        url: `/v1/dpp/${passport.id}/qr.${ext}`,
      })),
      {
        method: 'POST',
        url: `/v1/dpp/${passport.id}/access-grants`,
        body: { level: 'authority', expires_at: new Date(Date.now() + 3_600_000).toISOString() },
      },
      { method: 'GET', url: `/v1/dpp/${passport.id}/access-grants` },
      { method: 'DELETE', url: `/v1/dpp/${passport.id}/access-grants/${grantId}` },
    ] as const;

  for (const who of ['otherOrg', 'otherWorkspace']) {
    it(`a key of ${who === 'otherOrg' ? 'another organization' : 'another workspace'} gets 404 on every passport route and an empty list`, async () => {
      const tenant = strangers[who];
      for (const r of routes()) {
        const res = await call(h, { method: r.method, url: r.url, tenant, body: 'body' in r ? r.body : undefined });
        expectProblem(res, 404, 'not-found');
      }
      const list = await call(h, { url: '/v1/dpp', tenant });
      assert.equal(list.statusCode, 200);
      assert.equal(
        list.json.data.some((p: any) => p.id === passport.id),
        false,
      );
    });
  }

  it('nothing changed for the owner', async () => {
    const res = await call(h, { url: `/v1/dpp/${passport.id}`, tenant: owner });
    assert.equal(res.json.data.version, 1);
    assert.equal(res.json.data.publication_status, 'draft');
    const grants = await call(h, { url: `/v1/dpp/${passport.id}/access-grants`, tenant: owner });
    assert.deepEqual(
      grants.json.data.map((g: any) => [g.id, g.revoked_at]),
      [[grantId, null]],
    );
  });

  it('a missing or invalid key is a 401 on the API routes; a viewer may read but not write', async () => {
    expectProblem(await call(h, { url: '/v1/dpp' }), 401, 'authentication');
    expectProblem(
      await call(h, { url: `/v1/dpp/${passport.id}`, headers: { authorization: 'Bearer qrs_sk_nope' } }),
      401,
      'authentication',
    );
    const viewer = await seedMember(h, owner, { workspace: 'viewer' });
    assert.equal((await call(h, { url: `/v1/dpp/${passport.id}`, headers: viewer.headers })).statusCode, 200);
    expectProblem(
      await call(h, { method: 'POST', url: `/v1/dpp/${passport.id}/publish`, headers: viewer.headers }),
      403,
      'forbidden',
    );
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/dpp', headers: viewer.headers, body: uniqueFixture('ev') }),
      403,
      'forbidden',
    );
  });
});
