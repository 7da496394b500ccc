// Issue #56 item 2: folders and campaigns of a workspace's codes, through the API on both databases:
// nesting one level, delete only when empty, codes filed on create, update and in bulk, a
// campaign's UTM parameters inherited, analytics by folder, and another workspace's folders unseen.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedMember, seedTenant, type Harness, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode, scan } from '../../support/codes.js';

async function folder(h: Harness, t: Tenant, body: Record<string, unknown>) {
  const res = await call(h, { method: 'POST', url: '/v1/folders', tenant: t, body });
  assert.equal(res.statusCode, 201, res.body);
  return res.json.data as { id: string; parent_id: string | null; code_count: number; utm: unknown };
}

const ids = (res: { json: any }) => res.json.data.map((x: { id: string }) => x.id).sort();

forEachDialect('folders and campaigns', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('creates, nests one level, renames, lists with code counts, and deletes only an empty folder', async () => {
    const t = await seedTenant(h, 'business');
    const clients = await folder(h, t, { name: 'Clients' });
    const acme = await folder(h, t, { name: 'Acme', parent_id: clients.id });
    assert.equal(acme.parent_id, clients.id);

    // One level only: a subfolder cannot hold a folder, a folder cannot sit in itself.
    let res = await call(h, {
      method: 'POST',
      url: '/v1/folders',
      tenant: t,
      body: { name: 'Deep', parent_id: acme.id },
    });
    expectProblem(res, 422, 'validation-error');
    assert.equal(res.json.errors[0].pointer, '/parent_id');
    res = await call(h, { method: 'PATCH', url: `/v1/folders/${clients.id}`, tenant: t, body: { parent_id: acme.id } });
    expectProblem(res, 422, 'validation-error');
    res = await call(h, {
      method: 'PATCH',
      url: `/v1/folders/${clients.id}`,
      tenant: t,
      body: { parent_id: clients.id },
    });
    expectProblem(res, 422, 'validation-error');
    // Bad input changes nothing.
    for (const body of [
      { name: '' },
      { name: 'x', kind: 'bucket' },
      { name: 'x', starts_on: '2026-05-02', ends_on: '2026-05-01' },
      { name: 'x', extra: 1 },
    ]) {
      res = await call(h, { method: 'POST', url: '/v1/folders', tenant: t, body });
      assert.ok([400, 422].includes(res.statusCode), `${JSON.stringify(body)}: ${res.statusCode}`);
      assert.match(String(res.headers['content-type']), /problem\+json/);
    }
    res = await call(h, { url: '/v1/folders', tenant: t });
    assert.deepEqual(ids(res), [clients.id, acme.id].sort());

    res = await call(h, { method: 'PATCH', url: `/v1/folders/${acme.id}`, tenant: t, body: { name: 'Acme Corp' } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.name, 'Acme Corp');
    res = await call(h, { url: '/v1/folders?parent_id=none', tenant: t });
    assert.deepEqual(ids(res), [clients.id]);

    const code = await createCode(h, t, { type: 'url', url: 'https://acme.example.com/', folder_id: acme.id });
    assert.equal(code.folder_id, acme.id);
    res = await call(h, { url: `/v1/folders/${acme.id}`, tenant: t });
    assert.equal(res.json.data.code_count, 1);

    // Not empty: 409 and nothing changes, for codes and for subfolders.
    res = await call(h, { method: 'DELETE', url: `/v1/folders/${acme.id}`, tenant: t });
    expectProblem(res, 409, 'conflict');
    res = await call(h, { method: 'DELETE', url: `/v1/folders/${clients.id}`, tenant: t });
    expectProblem(res, 409, 'conflict');
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes/move',
      tenant: t,
      body: { code_ids: [code.id], folder_id: null },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data[0].folder_id, null);
    res = await call(h, { method: 'DELETE', url: `/v1/folders/${acme.id}`, tenant: t });
    assert.equal(res.statusCode, 200, res.body);
    res = await call(h, { method: 'DELETE', url: `/v1/folders/${clients.id}`, tenant: t });
    assert.equal(res.statusCode, 200, res.body);
    res = await call(h, { url: '/v1/folders', tenant: t });
    assert.deepEqual(res.json.data, []);
    const audit = await call(h, { url: '/v1/audit-logs?limit=100', tenant: t });
    const actions = audit.json.data.filter((e: any) => e.resource_type === 'folders').map((e: any) => e.action);
    assert.deepEqual(actions.sort(), [
      'folders.created',
      'folders.created',
      'folders.deleted',
      'folders.deleted',
      'folders.updated',
    ]);
  });

  it('files codes on create, update and in bulk, filters the list by folder, and inherits a campaign UTM', async () => {
    const t = await seedTenant(h, 'business');
    const spring = await folder(h, t, {
      name: 'Spring',
      kind: 'campaign',
      starts_on: '2026-03-01',
      ends_on: '2026-05-31',
      utm: { source: 'poster', campaign: 'spring' },
    });
    const wave = await folder(h, t, { name: 'Wave 2', parent_id: spring.id });
    const inherits = await createCode(h, t, { type: 'url', url: 'https://shop.example.com/', folder_id: spring.id });
    assert.deepEqual(inherits.utm, { source: 'poster', campaign: 'spring' });
    const own = await createCode(h, t, {
      type: 'url',
      url: 'https://shop.example.com/b',
      folder_id: spring.id,
      utm: { source: 'flyer' },
    });
    assert.deepEqual(own.utm, { source: 'flyer' });
    const loose = await createCode(h, t, { type: 'url', url: 'https://shop.example.com/c' });
    const other = await createCode(h, t, { type: 'url', url: 'https://shop.example.com/d' });

    let res = await call(h, { method: 'PATCH', url: `/v1/codes/${loose.id}`, tenant: t, body: { folder_id: wave.id } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.folder_id, wave.id);
    res = await call(h, { url: `/v1/codes?folder_id=${spring.id}`, tenant: t });
    assert.deepEqual(ids(res), [inherits.id, own.id, loose.id].sort(), "a folder lists its subfolders' codes too");
    res = await call(h, { url: `/v1/codes?folder_id=${wave.id}`, tenant: t });
    assert.deepEqual(ids(res), [loose.id]);
    res = await call(h, { url: '/v1/codes?folder_id=none', tenant: t });
    assert.deepEqual(ids(res), [other.id]);

    // A bulk move is checked whole: one unknown code and nothing moves.
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes/move',
      tenant: t,
      body: { code_ids: [other.id, 'qr_nope'], folder_id: wave.id },
    });
    expectProblem(res, 422, 'validation-error');
    assert.equal(res.json.errors[0].pointer, '/code_ids/1');
    res = await call(h, { url: `/v1/codes/${other.id}`, tenant: t });
    assert.equal(res.json.data.folder_id, null);
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes/move',
      tenant: t,
      body: { code_ids: [other.id], folder_id: 'fld_nope' },
    });
    expectProblem(res, 422, 'validation-error');
    assert.equal(res.json.errors[0].pointer, '/folder_id');
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://x.example.com/', folder_id: 'fld_nope' },
    });
    expectProblem(res, 422, 'validation-error');
    assert.equal(res.json.errors[0].pointer, '/folder_id');
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes/move',
      tenant: t,
      body: { code_ids: [other.id, inherits.id], folder_id: wave.id },
    });
    assert.equal(res.statusCode, 200, res.body);
    res = await call(h, { url: `/v1/codes?folder_id=${wave.id}`, tenant: t });
    assert.deepEqual(ids(res), [loose.id, other.id, inherits.id].sort());
  });

  it('reads analytics by folder, its subfolders included', async () => {
    const t = await seedTenant(h, 'business');
    const top = await folder(h, t, { name: 'Posters' });
    const sub = await folder(h, t, { name: 'Berlin', parent_id: top.id });
    const a = await createCode(h, t, { type: 'url', url: 'https://a.example.com/', folder_id: top.id });
    const b = await createCode(h, t, { type: 'url', url: 'https://b.example.com/', folder_id: sub.id });
    const c = await createCode(h, t, { type: 'url', url: 'https://c.example.com/' });
    for (const [code, n] of [
      [a, 2],
      [b, 3],
      [c, 4],
    ] as const)
      for (let i = 0; i < n; i++) assert.equal((await scan(h, code.short_code)).statusCode, 302);
    await h.app.scans.flush();
    const get = (q: string) => call(h, { url: `/v1/analytics?${q}`, tenant: t });
    let res = await get(`folder_id=${top.id}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.totals.scans, 5);
    assert.equal(res.json.data.folder_id, top.id);
    res = await get(`folder_id=${sub.id}`);
    assert.equal(res.json.data.totals.scans, 3);
    res = await get(`folder_id=${sub.id}&code_id=${a.id}`);
    assert.equal(res.json.data.totals.scans, 0);
    res = await get(`folder_id=${top.id}&code_id=${b.id}`);
    assert.equal(res.json.data.totals.scans, 3);
    res = await get('folder_id=fld_nope');
    expectProblem(res, 422, 'validation-error');
    assert.equal(res.json.errors[0].pointer, '/query/folder_id');
    res = await get(`folder_id=${top.id}&tag=x`);
    expectProblem(res, 422, 'validation-error');
  });

  it("another workspace's or organization's key sees none of it: 404, and no filing into it", async () => {
    const t = await seedTenant(h, 'business');
    const stranger = await seedTenant(h, 'business');
    const mine = await folder(h, t, { name: 'Mine' });
    const code = await createCode(h, t, { type: 'url', url: 'https://a.example.com/', folder_id: mine.id });
    for (const req of [
      { url: `/v1/folders/${mine.id}` },
      { method: 'PATCH' as const, url: `/v1/folders/${mine.id}`, body: { name: 'Taken' } },
      { method: 'DELETE' as const, url: `/v1/folders/${mine.id}` },
    ]) {
      const res = await call(h, { ...req, tenant: stranger });
      expectProblem(res, 404, 'not-found');
    }
    assert.deepEqual((await call(h, { url: '/v1/folders', tenant: stranger })).json.data, []);
    let res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: stranger,
      body: { type: 'url', url: 'https://s.example.com/', folder_id: mine.id },
    });
    expectProblem(res, 422, 'validation-error');
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes/move',
      tenant: stranger,
      body: { code_ids: [code.id], folder_id: null },
    });
    expectProblem(res, 422, 'validation-error');
    res = await call(h, { url: `/v1/analytics?folder_id=${mine.id}`, tenant: stranger });
    expectProblem(res, 422, 'validation-error');
    // A viewer reads folders but cannot change them.
    const viewer = await seedMember(h, t, { workspace: 'viewer' });
    res = await call(h, { url: '/v1/folders', headers: viewer.headers });
    assert.equal(res.statusCode, 200, res.body);
    res = await call(h, { method: 'POST', url: '/v1/folders', headers: viewer.headers, body: { name: 'No' } });
    expectProblem(res, 403, 'forbidden');
    res = await call(h, { url: `/v1/folders/${mine.id}`, tenant: t });
    assert.equal(res.json.data.name, 'Mine');
  });
});
