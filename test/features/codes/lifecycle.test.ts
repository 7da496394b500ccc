import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedMember, seedTenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { workspaceRow } from '../../../src/features/workspaces/workspaces.fns.js';
import { auditOf, createCode } from '../../support/codes.js';
import { randomBytes } from 'node:crypto';
import { insertCode } from '../../../src/features/codes/codes.repo.js';
import { newId } from '../../../src/lib/ids.js';

forEachDialect('codes lifecycle', (dialect) => {
  const { h, t } = useHarness(dialect, { tenant: 'business' });

  it('lists newest first with pagination, total_count and filters', async () => {
    const u = await seedTenant(h);
    const a = await createCode(h, u, {
      type: 'url',
      url: 'https://shop.example.com/Spring',
      title: 'Spring sale',
      tags: ['promo'],
    });
    const b = await createCode(h, u, { type: 'text', content: { text: 'hi' }, title: 'Note', tags: ['promo', 'x'] });
    const c = await createCode(h, u, { type: 'url', url: 'https://blog.example.com', title: 'Blog' });
    let res = await call(h, { url: '/v1/codes?limit=2', tenant: u });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res.json.data.map((x: { id: string }) => x.id),
      [c.id, b.id],
    );
    assert.deepEqual(res.json.meta.pagination, { has_more: true, next_cursor: b.id, total_count: 3 });
    res = await call(h, { url: `/v1/codes?limit=2&cursor=${b.id}`, tenant: u });
    assert.deepEqual(
      res.json.data.map((x: { id: string }) => x.id),
      [a.id],
    );
    assert.equal(res.json.meta.pagination.next_cursor, null);
    res = await call(h, { url: '/v1/codes?type=text', tenant: u });
    assert.deepEqual(
      res.json.data.map((x: { id: string }) => x.id),
      [b.id],
    );
    res = await call(h, { url: '/v1/codes?tag=promo', tenant: u });
    assert.deepEqual(
      res.json.data.map((x: { id: string }) => x.id),
      [b.id, a.id],
    );
    res = await call(h, { url: '/v1/codes?q=SPRING', tenant: u });
    assert.deepEqual(
      res.json.data.map((x: { id: string }) => x.id),
      [a.id],
    );
    res = await call(h, { url: '/v1/codes?q=blog.example', tenant: u });
    assert.deepEqual(
      res.json.data.map((x: { id: string }) => x.id),
      [c.id],
    );
    await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: u, body: { status: 'paused' } });
    res = await call(h, { url: '/v1/codes?status=paused', tenant: u });
    assert.deepEqual(
      res.json.data.map((x: { id: string }) => x.id),
      [c.id],
    );
    res = await call(h, { url: '/v1/codes?status=active', tenant: u });
    assert.equal(res.json.meta.pagination.total_count, 2);
  });

  it('bad list parameters are 422 problems', async () => {
    for (const q of ['limit=0', 'limit=101', 'limit=x', 'cursor=nope', 'status=weird', 'type=barcode', 'bogus=1']) {
      expectProblem(await call(h, { url: `/v1/codes?${q}`, tenant: t }), 422, 'validation-error');
    }
  });

  it('PATCH changes fields, audits old/new, and an empty change writes no entry', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://a.example.com/', title: 'Old' });
    const res = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${c.id}`,
      tenant: t,
      body: {
        title: 'New',
        url: 'https://b.example.com/',
        tags: ['t1'],
        max_scans: 10,
        expires_at: '2030-01-01T00:00:00Z',
        style: { foreground: '#112233', error_correction: 'H', margin: 2 },
        destinations: [
          { url: 'https://c.example.com', weight: 3 },
          { url: 'https://d.example.com', weight: 1 },
        ],
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json.data;
    assert.equal(d.title, 'New');
    assert.equal(d.url, 'https://b.example.com/');
    assert.equal(d.expires_at, '2030-01-01T00:00:00.000Z');
    assert.deepEqual(d.style, {
      foreground: '#112233',
      background: null,
      error_correction: 'H',
      margin: 2,
      module_shape: null,
      eye_shape: null,
      eye_color: null,
      gradient: null,
      logo_id: null,
      logo_size: null,
      frame: null,
      brand_kit_id: null,
    });
    assert.equal(d.short_code, c.short_code);
    const log = await auditOf(h, c.id);
    assert.deepEqual(
      log.map((e) => e.action),
      ['codes.created', 'codes.updated'],
    );
    assert.deepEqual(log[1].changes.title, { old: 'Old', new: 'New' });
    assert.deepEqual(log[1].changes.url, { old: 'https://a.example.com/', new: 'https://b.example.com/' });
    assert.equal(log[1].actor_type, 'api');
    assert.equal(log[0].changes.id.old, null);
    await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: { title: 'New' } });
    assert.equal((await auditOf(h, c.id)).length, 2);
  });

  it('bad PATCH input is a problem and changes nothing', async () => {
    const c = await createCode(h, t, { type: 'text', content: { text: 'keep' } });
    const cases: Array<[unknown, number, string]> = [
      [{ url: 'https://x.example.com' }, 422, '/url'],
      [{ content: { text: '' } }, 422, '/content/text'],
      [{ type: 'url' }, 422, '/type'],
      [{ expires_at: '2030-01-01T00:00:00Z' }, 422, '/expires_at'],
      [{ status: 'deleted' }, 422, '/status'],
    ];
    for (const [body, status, pointer] of cases) {
      const res = await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body });
      const p = expectProblem(res, status, 'validation-error');
      assert.equal(p.errors[0].pointer, pointer, JSON.stringify(p.errors));
    }
    expectProblem(
      await call(h, { method: 'PATCH', url: `/v1/codes/${c.id}`, tenant: t, body: '{"title":' }),
      400,
      'bad-request',
    );
    const got = await call(h, { url: `/v1/codes/${c.id}`, tenant: t });
    assert.deepEqual(got.json.data, c);
    assert.equal((await auditOf(h, c.id)).length, 1);
  });

  it('DELETE is soft: 200 with the final state, then 404, audited', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://gone.example.com' });
    const res = await call(h, { method: 'DELETE', url: `/v1/codes/${c.id}`, tenant: t });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json.data.status, 'deleted');
    expectProblem(await call(h, { url: `/v1/codes/${c.id}`, tenant: t }), 404, 'not-found');
    expectProblem(await call(h, { method: 'DELETE', url: `/v1/codes/${c.id}`, tenant: t }), 404, 'not-found');
    const row = await h.db
      .selectFrom('codes')
      .select(['status', 'deleted_at'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'deleted');
    assert.ok(row.deleted_at);
    assert.deepEqual(
      (await auditOf(h, c.id)).map((e) => e.action),
      ['codes.created', 'codes.deleted'],
    );
    const list = await call(h, { url: '/v1/codes?limit=100', tenant: t });
    assert.ok(!list.json.data.some((x: { id: string }) => x.id === c.id));
  });

  it('batch creates up to 1,000 codes all-or-nothing, one audit entry each', async () => {
    const u = await seedTenant(h);
    const codes = Array.from({ length: 1000 }, (_, i) =>
      i % 2 ? { type: 'url', url: `https://e.example.com/${i}` } : { type: 'text', content: { text: `t${i}` } },
    );
    const res = await call(h, { method: 'POST', url: '/v1/codes/batch', tenant: u, body: { codes } });
    assert.equal(res.statusCode, 201, res.body.slice(0, 300));
    assert.equal(res.json.data.length, 1000);
    assert.equal(
      new Set(res.json.data.map((c: { short_code: string | null }) => c.short_code).filter(Boolean)).size,
      500,
    );
    const n = await h.db
      .selectFrom('audit_logs')
      .select(h.db.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', u.workspaceId)
      .where('action', '=', 'codes.created')
      .executeTakeFirstOrThrow();
    assert.equal(Number(n.n), 1000);
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/codes/batch', tenant: u, body: { codes: [...codes, codes[0]] } }),
      422,
      'validation-error',
    );
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/codes/batch', tenant: u, body: { codes: [] } }),
      422,
      'validation-error',
    );
  });

  it('a batch with one bad item creates nothing and points at the item', async () => {
    const u = await seedTenant(h);
    const codes = [
      { type: 'url', url: 'https://ok.example.com/0' },
      { type: 'url', url: 'https://ok.example.com/1' },
      { type: 'url', url: 'https://ok.example.com/2' },
      { type: 'url', url: 'javascript:alert(1)' },
      { type: 'wifi', content: { ssid: 'x', encryption: 'WPA3', password: 'p' } },
    ];
    const res = await call(h, { method: 'POST', url: '/v1/codes/batch', tenant: u, body: { codes } });
    const p = expectProblem(res, 422, 'validation-error');
    const pointers = p.errors.map((e: { pointer: string }) => e.pointer);
    assert.ok(pointers.includes('/codes/3/url'), JSON.stringify(pointers));
    assert.ok(
      pointers.some((x: string) => x.startsWith('/codes/4/content')),
      JSON.stringify(pointers),
    );
    const n = await h.db
      .selectFrom('codes')
      .select(h.db.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', u.workspaceId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(n.n), 0);
    const schemaBad = await call(h, {
      method: 'POST',
      url: '/v1/codes/batch',
      tenant: u,
      body: { codes: [codes[0], { type: 'url', url: 'https://x.example.com', weight: 1 }] },
    });
    assert.equal(expectProblem(schemaBad, 422, 'validation-error').errors[0].pointer, '/codes/1/weight');
  });

  it('a short-code collision is retried on the unique index', async () => {
    const first = await createCode(h, t, { type: 'url', url: 'https://one.example.com' });
    const fresh = `F${randomBytes(6).toString('hex')}`;
    const seq = [first.short_code, first.short_code, fresh];
    const now = new Date().toISOString();
    await h.db.transaction().execute(async (trx) => {
      const got = await insertCode(
        trx,
        {
          id: newId('qr'),
          organization_id: t.organizationId,
          workspace_id: t.workspaceId,
          type: 'url',
          dynamic: 1,
          url: 'https://two.example.com',
          content: null,
          title: null,
          tags: '[]',
          status: 'active',
          destinations: null,
          expires_at: null,
          fallback_url: null,
          max_scans: null,
          style: '{}',
          rejection_reason: null,
          reviewed_by: null,
          reviewed_at: null,
          created_by: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        },
        () => seq.shift()!,
      );
      assert.equal(got, fresh);
    });
  });

  it('another workspace of the same organization gets 404, even for an org_admin session', async () => {
    const u = await seedTenant(h);
    const c = await createCode(h, u, { type: 'url', url: 'https://ws1.example.com' });
    const ws2 = workspaceRow(u.organizationId, { name: 'Second', slug: 'second' }, false, new Date());
    await h.db.insertInto('workspaces').values(ws2).execute();
    const admin = await seedMember(h, u, { org: 'org_admin' });
    const headers = { ...admin.headers, 'x-workspace-id': ws2.id };
    for (const [method, url, body] of [
      ['GET', `/v1/codes/${c.id}`],
      ['PATCH', `/v1/codes/${c.id}`, { title: 'x' }],
      ['DELETE', `/v1/codes/${c.id}`],
      ['POST', `/v1/codes/${c.id}/approve`],
      ['POST', `/v1/codes/${c.id}/reject`, { reason: 'no' }],
      ['GET', `/v1/codes/${c.id}/comments`],
      ['POST', `/v1/codes/${c.id}/comments`, { body: 'hi' }],
      ['GET', `/v1/codes/${c.id}/scans`],
      ['GET', `/v1/codes/${c.id}/stats`],
    ] as Array<[string, string, unknown?]>) {
      expectProblem(await call(h, { method: method as 'GET', url, headers, body }), 404, 'not-found');
    }
    assert.equal((await call(h, { url: '/v1/codes', headers })).json.meta.pagination.total_count, 0);
    const own = await call(h, { url: `/v1/codes/${c.id}`, headers: admin.headers });
    assert.equal(own.statusCode, 200);
  });

  it('another tenant gets 404 on every code route', async () => {
    const c = await createCode(h, t, { type: 'url', url: 'https://mine.example.com' });
    const o = await seedTenant(h);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/v1/codes/${c.id}`],
      ['PATCH', `/v1/codes/${c.id}`, { title: 'x' }],
      ['DELETE', `/v1/codes/${c.id}`],
      ['POST', `/v1/codes/${c.id}/approve`],
      ['POST', `/v1/codes/${c.id}/reject`, { reason: 'no' }],
      ['GET', `/v1/codes/${c.id}/comments`],
      ['POST', `/v1/codes/${c.id}/comments`, { body: 'hi' }],
      ['DELETE', `/v1/codes/${c.id}/comments/cmt_01JD3Y2K8Q9XW4T5N6M7P8R9S0`],
      ['GET', `/v1/codes/${c.id}/scans`],
      ['GET', `/v1/codes/${c.id}/stats`],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(h, { method: method as 'GET', url, tenant: o, body });
      if (url.endsWith('/approve') || url.endsWith('/reject'))
        expectProblem(res, 403, 'forbidden'); // API keys may not review at all
      else expectProblem(res, 404, 'not-found');
    }
    const list = await call(h, { url: '/v1/codes', tenant: o });
    assert.equal(list.json.meta.pagination.total_count, 0);
    expectProblem(await call(h, { url: '/v1/codes/qr_garbage', tenant: t }), 404, 'not-found');
    expectProblem(await call(h, { url: '/v1/codes' }), 401, 'authentication');
    const got = await call(h, { url: `/v1/codes/${c.id}`, tenant: t });
    assert.equal(got.json.data.title, null);
  });
});
