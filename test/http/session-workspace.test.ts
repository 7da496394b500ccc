import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, randomSlug, seedMember, seedTenant } from '../support/harness.js';
import { forEachDialect, useHarness } from '../support/suite.js';

forEachDialect('session workspace selection', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it("acts in the member's own workspace when it holds no role in the default one", async () => {
    const t = await seedTenant(h, 'business');
    const ws = await call(h, {
      method: 'POST',
      url: '/v1/workspaces',
      tenant: t,
      body: { name: 'Client', slug: randomSlug('ws') },
    });
    assert.equal(ws.statusCode, 201);
    const editor = await seedMember(h, t, { workspace: 'editor', workspaceId: ws.json.data.id });

    const created = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      headers: editor.headers,
      body: { type: 'url', url: 'https://example.com/a' },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json.data.workspace_id, ws.json.data.id);

    // Naming a workspace the member has no role in stays a 404, never a fallback.
    const elsewhere = await call(h, {
      url: '/v1/codes',
      headers: { ...editor.headers, 'x-workspace-id': t.workspaceId },
    });
    expectProblem(elsewhere, 404, 'not-found');
  });

  it('answers 404 for a member with no workspace role at all', async () => {
    const t = await seedTenant(h);
    const loner = await seedMember(h, t, {});
    expectProblem(await call(h, { url: '/v1/codes', headers: loner.headers }), 404, 'not-found');
  });
});
