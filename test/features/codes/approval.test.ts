import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedMember, seedTenant, type Member } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { auditOf, createCode, scan } from '../../support/codes.js';

forEachDialect('approval workflow', (dialect) => {
  let editor: Member, approver: Member, wsAdmin: Member, orgAdmin: Member, viewer: Member;
  const { h, t } = useHarness(dialect, { tenant: 'pro' });
  before(async () => {
    await h.db.updateTable('workspaces').set({ approval_required: 1 }).where('id', '=', t.workspaceId).execute();
    editor = await seedMember(h, t, { workspace: 'editor' });
    approver = await seedMember(h, t, { workspace: 'approver' });
    wsAdmin = await seedMember(h, t, { workspace: 'ws_admin' });
    viewer = await seedMember(h, t, { workspace: 'viewer' });
    orgAdmin = await seedMember(h, t, { org: 'org_admin' });
  });

  const as = (m: Member, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    call(h, { method, url, headers: m.headers, body });

  it('editor and API key creations wait for approval; the short URL is 404 meanwhile', async () => {
    const byEditor = await createCode(h, editor, { type: 'url', url: 'https://wait.example.com/' });
    assert.equal(byEditor.status, 'pending_approval');
    const byKey = await createCode(h, t, { type: 'url', url: 'https://wait.example.com/k' });
    assert.equal(byKey.status, 'pending_approval');
    assert.equal((await scan(h, byEditor.short_code)).statusCode, 404);
    const list = await call(h, { url: '/v1/codes?status=pending_approval&limit=100', tenant: t });
    assert.ok(list.json.data.some((c: { id: string }) => c.id === byKey.id));
  });

  it('ws_admin and org_admin creations are active at once', async () => {
    assert.equal((await createCode(h, wsAdmin, { type: 'url', url: 'https://now.example.com/' })).status, 'active');
    assert.equal((await createCode(h, orgAdmin, { type: 'url', url: 'https://now.example.com/o' })).status, 'active');
  });

  it('approve: approver, ws_admin and org_admin may; editor, viewer and API key may not', async () => {
    for (const reviewer of [approver, wsAdmin, orgAdmin]) {
      const c = await createCode(h, editor, { type: 'url', url: 'https://ok.example.com/' });
      expectProblem(await as(editor, 'POST', `/v1/codes/${c.id}/approve`), 403, 'forbidden');
      expectProblem(await as(viewer, 'POST', `/v1/codes/${c.id}/approve`), 403, 'forbidden');
      expectProblem(await call(h, { method: 'POST', url: `/v1/codes/${c.id}/approve`, tenant: t }), 403, 'forbidden');
      const res = await as(reviewer, 'POST', `/v1/codes/${c.id}/approve`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json.data.status, 'active');
      assert.ok(res.json.data.reviewed_at);
      assert.equal((await scan(h, c.short_code)).statusCode, 302);
      expectProblem(await as(reviewer, 'POST', `/v1/codes/${c.id}/approve`), 409, 'conflict');
      const log = await auditOf(h, c.id);
      assert.deepEqual(
        log.map((e) => e.action),
        ['codes.created', 'codes.approved'],
      );
      assert.deepEqual(log[1].changes.status, { old: 'pending_approval', new: 'active' });
      assert.equal(log[1].actor_id, reviewer.userId);
      assert.equal(log[0].actor_id, editor.userId);
    }
  });

  it('reject needs a reason, keeps the short URL dead (410), and re-pointing resubmits', async () => {
    const c = await createCode(h, editor, { type: 'url', url: 'https://bad.example.com/' });
    expectProblem(await as(approver, 'POST', `/v1/codes/${c.id}/reject`, {}), 400, 'bad-request');
    expectProblem(await as(approver, 'POST', `/v1/codes/${c.id}/reject`, { reason: '' }), 422, 'validation-error');
    const res = await as(approver, 'POST', `/v1/codes/${c.id}/reject`, { reason: 'Off-brand landing page' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json.data.status, 'rejected');
    assert.equal(res.json.data.rejection_reason, 'Off-brand landing page');
    assert.equal((await scan(h, c.short_code)).statusCode, 410);
    expectProblem(await as(editor, 'PATCH', `/v1/codes/${c.id}`, { status: 'active' }), 422, 'validation-error');
    const again = await as(editor, 'PATCH', `/v1/codes/${c.id}`, { url: 'https://better.example.com/' });
    assert.equal(again.json.data.status, 'pending_approval');
    assert.equal(again.json.data.rejection_reason, null);
    const log = await auditOf(h, c.id);
    assert.deepEqual(
      log.map((e) => e.action),
      ['codes.created', 'codes.rejected', 'codes.updated'],
    );
    assert.deepEqual(log[1].changes.rejection_reason, { old: null, new: 'Off-brand landing page' });
  });

  it('re-pointing a live code by an editor sends it back to review; a title change does not', async () => {
    const c = await createCode(h, wsAdmin, { type: 'url', url: 'https://live.example.com/' });
    let res = await as(editor, 'PATCH', `/v1/codes/${c.id}`, { title: 'Just a title' });
    assert.equal(res.json.data.status, 'active');
    res = await as(editor, 'PATCH', `/v1/codes/${c.id}`, {
      destinations: [{ url: 'https://x.example.com/', weight: 1 }],
    });
    assert.equal(res.json.data.status, 'pending_approval');
    assert.equal((await scan(h, c.short_code)).statusCode, 404);
    res = await as(wsAdmin, 'POST', `/v1/codes/${c.id}/approve`);
    assert.equal((await scan(h, c.short_code)).headers.location, 'https://x.example.com/');
    res = await as(wsAdmin, 'PATCH', `/v1/codes/${c.id}`, { url: 'https://admin.example.com/', destinations: null });
    assert.equal(res.json.data.status, 'active', 'admin changes go live');
    assert.equal((await scan(h, c.short_code)).headers.location, 'https://admin.example.com/');
  });

  it('viewers and approvers cannot write codes', async () => {
    expectProblem(
      await as(viewer, 'POST', '/v1/codes', { type: 'url', url: 'https://v.example.com' }),
      403,
      'forbidden',
    );
    expectProblem(
      await as(approver, 'POST', '/v1/codes', { type: 'url', url: 'https://v.example.com' }),
      403,
      'forbidden',
    );
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      headers: { cookie: editor.headers.cookie },
      body: { type: 'url', url: 'https://v.example.com' },
    });
    expectProblem(res, 403, 'forbidden'); // CSRF token missing
  });

  it('without approval_required, editors create active codes', async () => {
    const u = await seedTenant(h);
    const ed = await seedMember(h, u, { workspace: 'editor' });
    assert.equal((await createCode(h, ed, { type: 'url', url: 'https://free.example.com' })).status, 'active');
  });
});
