// People, not ids (docs/decisions.md D65): audit entries, comments and API keys carry their actor's
// name and address (or the key's name) beside the id, so the dashboard needs no member list.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedMember, seedTenant } from '../../support/harness.js';
import { forEachDialect, sessionOf, useHarness } from '../../support/suite.js';
import { createCode } from '../../support/codes.js';

forEachDialect('actor names', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('audit entries, comments and keys name the user or key that acted', async () => {
    const t = await seedTenant(h);
    const owner = await sessionOf(h, t);
    const editor = await seedMember(h, t, { workspace: 'editor' });
    await h.db.updateTable('users').set({ name: 'Anna Berg' }).where('id', '=', editor.userId).execute();
    const code = await createCode(h, editor, { type: 'url', url: 'https://anna.example.com/', title: 'Spring poster' });
    const url = `/v1/codes/${code.id}/comments`;
    const byAnna = await call(h, { method: 'POST', url, headers: editor.headers, body: { body: 'Looks good' } });
    assert.equal(byAnna.statusCode, 201, byAnna.body);
    assert.deepEqual(byAnna.json.data.author, {
      id: editor.userId,
      type: 'user',
      name: 'Anna Berg',
      email: editor.email,
    });
    const keys = await call(h, { url: '/v1/api-keys', headers: owner.headers });
    assert.equal(keys.statusCode, 200, keys.body);
    const key = keys.json.data[0];
    // The bootstrap key acts for the bootstrap user, who gave no name: the address stands in.
    assert.deepEqual(key.creator, { id: t.userId, type: 'user', name: null, email: t.email });
    const byKey = await call(h, { method: 'POST', url, tenant: t, body: { body: 'From the build' } });
    assert.deepEqual(byKey.json.data.author, { id: key.id, type: 'api', name: key.name, email: null });

    const list = await call(h, { url, headers: owner.headers });
    assert.deepEqual(
      list.json.data.map((c: { author: { name: string } }) => c.author.name),
      [key.name, 'Anna Berg'],
    );
    const log = await call(h, { url: `/v1/audit-logs?resource_id=${code.id}`, tenant: t });
    assert.equal(log.statusCode, 200, log.body);
    const created = log.json.data.find((e: { action: string }) => e.action === 'codes.created');
    assert.equal(created.actor_id, editor.userId);
    assert.equal(created.actor_type, 'user');
    assert.deepEqual(created.actor, { id: editor.userId, type: 'user', name: 'Anna Berg', email: editor.email });
    const one = await call(h, { url: `/v1/audit-logs/${created.id}`, headers: owner.headers });
    assert.deepEqual(one.json.data.actor, created.actor);
    const keyEntry = await call(h, { url: `/v1/audit-logs?actor_id=${key.id}&limit=1`, tenant: t });
    assert.deepEqual(keyEntry.json.data[0].actor, { id: key.id, type: 'api', name: key.name, email: null });

    // An erased user keeps the id in old entries, with neither name nor address.
    await h.db
      .updateTable('users')
      .set({ erased_at: new Date().toISOString() })
      .where('id', '=', editor.userId)
      .execute();
    const after = await call(h, { url: `/v1/audit-logs/${created.id}`, tenant: t });
    assert.deepEqual(after.json.data.actor, { id: editor.userId, type: 'user', name: null, email: null });
  });

  it('system entries have no actor; another organization sees none of the names', async () => {
    const a = await seedTenant(h);
    const b = await seedTenant(h);
    const member = await seedMember(h, a, { workspace: 'editor' });
    await h.db.updateTable('users').set({ name: 'Only In A' }).where('id', '=', member.userId).execute();
    const code = await createCode(h, member, { type: 'url', url: 'https://a-only.example.com/' });
    await call(h, {
      method: 'POST',
      url: `/v1/codes/${code.id}/comments`,
      headers: member.headers,
      body: { body: 'x' },
    });
    const all = await call(h, { url: '/v1/audit-logs?limit=100', tenant: a });
    for (const e of all.json.data)
      if (e.actor_type === 'system') assert.equal(e.actor, null);
      else assert.equal(e.actor?.id, e.actor_id);
    const entry = all.json.data.find((e: { actor_id: string }) => e.actor_id === member.userId);
    expectProblem(await call(h, { url: `/v1/audit-logs/${entry.id}`, tenant: b }), 404, 'not-found');
    expectProblem(await call(h, { url: `/v1/codes/${code.id}/comments`, tenant: b }), 404, 'not-found');
    const theirs = await call(h, { url: '/v1/audit-logs?limit=100', tenant: b });
    assert.ok(!theirs.body.includes('Only In A'));
    assert.ok(!theirs.body.includes(member.email));
  });
});
