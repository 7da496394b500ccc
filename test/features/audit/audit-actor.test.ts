import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, seedMember, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { assertErrorAt } from '../../support/callers.js';
import { createCode } from '../../support/codes.js';

forEachDialect('audit log actor filter', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('lists only the entries one user or key made, with an exact count and cursor pages', async () => {
    const t = await seedTenant(h);
    const editor = await seedMember(h, t, { workspace: 'editor' });
    for (let i = 0; i < 3; i++) await createCode(h, editor, { type: 'url', url: `https://e${i}.example.com/` });
    await createCode(h, t, { type: 'url', url: 'https://key.example.com/' });
    const first = await call(h, { url: `/v1/audit-logs?actor_id=${editor.userId}&limit=2`, tenant: t });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json.meta.pagination.total_count, 3);
    assert.equal(first.json.data.length, 2);
    const next = await call(h, {
      url: `/v1/audit-logs?actor_id=${editor.userId}&limit=2&cursor=${first.json.meta.pagination.next_cursor}`,
      tenant: t,
    });
    assert.equal(next.json.data.length, 1);
    for (const e of [...first.json.data, ...next.json.data]) assert.equal(e.actor_id, editor.userId);
    const both = await call(h, {
      url: `/v1/audit-logs?actor_id=${editor.userId}&action=codes.created&resource_type=codes`,
      tenant: t,
    });
    assert.equal(both.json.data.length, 3);
  });

  it("another workspace's actor finds nothing; a bad value is a clear 422", async () => {
    const a = await seedTenant(h);
    const b = await seedTenant(h);
    const member = await seedMember(h, a, { workspace: 'editor' });
    await createCode(h, member, { type: 'url', url: 'https://a.example.com/' });
    const other = await call(h, { url: `/v1/audit-logs?actor_id=${member.userId}`, tenant: b });
    assert.equal(other.statusCode, 200);
    assert.deepEqual(other.json.data, []);
    const bad = await call(h, { url: '/v1/audit-logs?actor_id=', tenant: a });
    assert.equal(bad.statusCode, 422);
    assertErrorAt(bad.json, '/query/actor_id', 'minLength');
  });
});
