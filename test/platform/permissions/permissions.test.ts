import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, seedMember, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asMember, req } from '../../support/callers.js';
import { PERMISSIONS } from '../../../src/http/permissions.js';
import { ROLES } from '../../../src/lib/roles.js';

forEachDialect('permission table', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('answers the table the auth hook enforces, to every role', async () => {
    const t = await seedTenant(h);
    const viewer = await seedMember(h, t, { workspace: 'viewer' });
    for (const res of [
      await call(h, { url: '/v1/permissions', tenant: t }),
      await req(h, asMember(viewer), 'GET', '/v1/permissions'),
    ]) {
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json.data.roles, [...ROLES]);
      assert.deepEqual(
        Object.fromEntries(res.json.data.actions.map((a: { action: string; roles: string[] }) => [a.action, a.roles])),
        JSON.parse(JSON.stringify(PERMISSIONS)),
      );
    }
  });

  it('needs a caller', async () => {
    const res = await call(h, { url: '/v1/permissions' });
    assert.equal(res.statusCode, 401);
    assert.match(res.headers['content-type'] as string, /problem\+json/);
  });
});
