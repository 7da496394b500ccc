import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, seedTenant } from '../support/harness.js';
import { forEachDialect, useHarness } from '../support/suite.js';

forEachDialect('harness smoke', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('a seeded tenant reads its organization', async () => {
    const t = await seedTenant(h);
    const res = await call(h, { url: '/v1/organizations', tenant: t });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json.data.id, t.organizationId);
  });
});
