import { it } from 'node:test';
import assert from 'node:assert/strict';
import { expectProblem, randomSlug, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, auditOf, memberWith, req } from '../../support/callers.js';

// The analytics workspace settings `timezone` and `scan_retention_days`.
forEachDialect('workspace settings', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('defaults to UTC and unlimited retention; POST accepts both, canonicalising the zone name', async () => {
    const t = await seedTenant(h, 'pro');
    const def = await req(h, asKey(t), 'GET', `/v1/workspaces/${t.workspaceId}`);
    assert.equal(def.json.data.timezone, 'UTC');
    assert.equal(def.json.data.scan_retention_days, null);
    const plain = await req(h, asKey(t), 'POST', '/v1/workspaces', { name: 'Plain', slug: randomSlug('ws') });
    assert.equal(plain.json.data.timezone, 'UTC');
    assert.equal(plain.json.data.scan_retention_days, null);
    const res = await req(h, asKey(t), 'POST', '/v1/workspaces', {
      name: 'Berlin',
      slug: randomSlug('ws'),
      timezone: 'europe/berlin',
      scan_retention_days: 90,
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json.data.timezone, 'Europe/Berlin');
    assert.equal(res.json.data.scan_retention_days, 90);
    const [entry] = await auditOf(h, res.json.data.id);
    assert.deepEqual(JSON.parse(entry.changes).timezone, { old: null, new: 'Europe/Berlin' });
    const read = await req(h, asKey(t), 'GET', `/v1/workspaces/${res.json.data.id}`);
    assert.equal(read.json.data.scan_retention_days, 90);
  });

  it('PATCH sets and clears them, audited with changes; an unchanged value writes no entry', async () => {
    const t = await seedTenant(h, 'pro');
    const admin = await memberWith(h, t, 'org_admin');
    const res = await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${t.workspaceId}`, {
      timezone: 'America/New_York',
      scan_retention_days: 30,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.timezone, 'America/New_York');
    assert.equal(res.json.data.scan_retention_days, 30);
    const [entry] = await auditOf(h, t.workspaceId);
    assert.equal(entry.action, 'workspaces.updated');
    assert.deepEqual(JSON.parse(entry.changes), {
      timezone: { old: 'UTC', new: 'America/New_York' },
      scan_retention_days: { old: null, new: 30 },
    });
    const before = (await auditOf(h, t.workspaceId)).length;
    assert.equal(
      (await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${t.workspaceId}`, { scan_retention_days: 30 }))
        .statusCode,
      200,
    );
    assert.equal((await auditOf(h, t.workspaceId)).length, before);
    const cleared = await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${t.workspaceId}`, {
      scan_retention_days: null,
      timezone: 'UTC',
    });
    assert.equal(cleared.json.data.scan_retention_days, null);
    assert.equal(cleared.json.data.timezone, 'UTC');
  });

  it('bad values are 422 with a pointer and change nothing', async () => {
    const t = await seedTenant(h, 'pro');
    const admin = await memberWith(h, t, 'org_admin');
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ timezone: 'Mars/Olympus' }, '/timezone', 'timezone'],
      [{ timezone: '+01:00' }, '/timezone', 'timezone'],
      [{ timezone: '' }, '/timezone', 'minLength'],
      [{ timezone: 5 }, '/timezone'],
      [{ scan_retention_days: 0 }, '/scan_retention_days'],
      [{ scan_retention_days: 3651 }, '/scan_retention_days'],
      [{ scan_retention_days: 1.5 }, '/scan_retention_days'],
      [{ scan_retention_days: '30' }, '/scan_retention_days'],
    ];
    const auditBefore = (await auditOf(h, t.workspaceId)).length;
    for (const [body, pointer, code] of cases) {
      const patched = await req(h, asMember(admin), 'PATCH', `/v1/workspaces/${t.workspaceId}`, body);
      assertErrorAt(expectProblem(patched, 422, 'validation-error'), pointer, code);
      const slug = randomSlug('ws');
      const created = await req(h, asKey(t), 'POST', '/v1/workspaces', { name: 'X', slug, ...body });
      assertErrorAt(expectProblem(created, 422, 'validation-error'), pointer, code);
      assert.equal(
        await h.db.selectFrom('workspaces').select('id').where('slug', '=', slug).executeTakeFirst(),
        undefined,
      );
    }
    const ws = await req(h, asKey(t), 'GET', `/v1/workspaces/${t.workspaceId}`);
    assert.equal(ws.json.data.timezone, 'UTC');
    assert.equal(ws.json.data.scan_retention_days, null);
    assert.equal((await auditOf(h, t.workspaceId)).length, auditBefore);
  });

  it('another organization cannot change them (404)', async () => {
    const a = await seedTenant(h, 'pro');
    const b = await seedTenant(h, 'pro');
    const bAdmin = await memberWith(h, b, 'org_admin');
    expectProblem(
      await req(h, asMember(bAdmin), 'PATCH', `/v1/workspaces/${a.workspaceId}`, { scan_retention_days: 1 }),
      404,
      'not-found',
    );
    const ws = await h.db
      .selectFrom('workspaces')
      .select(['scan_retention_days', 'timezone'])
      .where('id', '=', a.workspaceId)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...ws }, { scan_retention_days: null, timezone: 'UTC' });
  });
});
