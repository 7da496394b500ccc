import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, createHarness, dialects, seedTenant, type Harness } from '../support/harness.js';

for (const dialect of dialects()) {
  describe(`harness smoke [${dialect.name}]`, () => {
    let h: Harness;
    before(async () => {
      h = await createHarness(dialect);
    });
    after(async () => {
      await h.close();
    });

    it('a seeded tenant reads its organization', async () => {
      const t = await seedTenant(h);
      const res = await call(h, { url: '/v1/organizations', tenant: t });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json.data.id, t.organizationId);
    });
  });
}
