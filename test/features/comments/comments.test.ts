import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedMember } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { auditOf, createCode } from '../../support/codes.js';

forEachDialect('comments', (dialect) => {
  const { h, t } = useHarness(dialect);

  it('create, list newest first with pagination, delete by author or admin only', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://c.example.com' });
    const editor = await seedMember(h, t, { workspace: 'editor' });
    const other = await seedMember(h, t, { workspace: 'editor' });
    const admin = await seedMember(h, t, { workspace: 'ws_admin' });
    const viewer = await seedMember(h, t, { workspace: 'viewer' });
    const url = `/v1/codes/${c.id}/comments`;
    const a = await call(h, { method: 'POST', url, headers: editor.headers, body: { body: 'first' } });
    assert.equal(a.statusCode, 201);
    assert.match(a.json.data.id, /^cmt_[0-9A-Z]{26}$/);
    assert.equal(a.json.data.author_id, editor.userId);
    assert.equal(a.json.data.author_type, 'user');
    const b = await call(h, { method: 'POST', url, tenant: t, body: { body: 'second' } });
    assert.equal(b.json.data.author_type, 'api');
    const c3 = await call(h, { method: 'POST', url, headers: other.headers, body: { body: 'third' } });
    expectProblem(
      await call(h, { method: 'POST', url, headers: viewer.headers, body: { body: 'no' } }),
      403,
      'forbidden',
    );
    expectProblem(await call(h, { method: 'POST', url, tenant: t, body: { body: '' } }), 422, 'validation-error');
    expectProblem(await call(h, { method: 'POST', url, tenant: t, body: {} }), 400, 'bad-request');

    let list = await call(h, { url: `${url}?limit=2`, headers: viewer.headers });
    assert.deepEqual(
      list.json.data.map((x: { body: string }) => x.body),
      ['third', 'second'],
    );
    assert.deepEqual(list.json.meta.pagination, { has_more: true, next_cursor: b.json.data.id, total_count: 3 });

    expectProblem(
      await call(h, { method: 'DELETE', url: `${url}/${a.json.data.id}`, headers: other.headers }),
      403,
      'forbidden',
    );
    const del = await call(h, { method: 'DELETE', url: `${url}/${a.json.data.id}`, headers: editor.headers });
    assert.equal(del.statusCode, 200);
    assert.ok(del.json.data.deleted_at);
    const del2 = await call(h, { method: 'DELETE', url: `${url}/${c3.json.data.id}`, headers: admin.headers });
    assert.equal(del2.statusCode, 200);
    expectProblem(
      await call(h, { method: 'DELETE', url: `${url}/${c3.json.data.id}`, headers: admin.headers }),
      404,
      'not-found',
    );
    list = await call(h, { url, tenant: t });
    assert.deepEqual(
      list.json.data.map((x: { body: string }) => x.body),
      ['second'],
    );
    assert.deepEqual(
      (await auditOf(h, a.json.data.id)).map((e) => e.action),
      ['comments.created', 'comments.deleted'],
    );
  });

  it('a comment is only reachable through its own code', async () => {
    const c1 = await createCode(h, t, { type: 'url', url: 'https://c1.example.com' });
    const c2 = await createCode(h, t, { type: 'url', url: 'https://c2.example.com' });
    const cm = await call(h, { method: 'POST', url: `/v1/codes/${c1.id}/comments`, tenant: t, body: { body: 'x' } });
    expectProblem(
      await call(h, { method: 'DELETE', url: `/v1/codes/${c2.id}/comments/${cm.json.data.id}`, tenant: t }),
      404,
      'not-found',
    );
    expectProblem(await call(h, { url: `/v1/codes/${c1.id}/comments?cursor=bad`, tenant: t }), 422, 'validation-error');
  });
});
