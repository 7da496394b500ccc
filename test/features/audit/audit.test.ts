import { it } from 'node:test';
import assert from 'node:assert/strict';
import {
  call,
  createHarness,
  expectProblem,
  randomSlug,
  seedMember,
  seedTenant,
  type Tenant,
} from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, req } from '../../support/callers.js';
import { recordAudit } from '../../../src/features/audit/audit.service.js';
import { TestClock } from '../../support/clock.js';

const ENTRY_FIELDS = [
  'action',
  'actor',
  'actor_id',
  'actor_type',
  'changes',
  'created_at',
  'id',
  'request_id',
  'resource_id',
  'resource_type',
  'subject',
  'workspace_id',
];

forEachDialect('audit log', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  /** n synthetic entries in the tenant's workspace, cycling through types and actions. */
  async function seedEntries(t: Tenant, n: number) {
    const types = ['codes', 'api_keys', 'webhooks', 'workspaces'] as const;
    for (let i = 0; i < n; i++) {
      const type = types[i % 4];
      await recordAudit(
        h.db,
        {
          actorType: 'api',
          actorId: 'key_X',
          requestId: `req_${i}`,
          organizationId: t.organizationId,
          workspaceId: t.workspaceId,
        },
        {
          action: `${type}.${i % 3 === 0 ? 'created' : 'updated'}`,
          resourceType: type,
          resourceId: `res_${i % 5}`,
          after: { n: i },
          at: new Date(),
        },
      );
    }
  }

  it("lists the workspace's entries newest first with the D6 entry shape and exact total_count", async () => {
    const t = await seedTenant(h, 'pro');
    const ws = (await req(h, asKey(t), 'POST', '/v1/workspaces', { name: 'W', slug: randomSlug() })).json.data;
    await req(h, asKey(t), 'POST', '/v1/workspaces', { name: 'W', slug: 'x' }); // 422, no entry
    const res = await req(h, asKey(t), 'GET', '/v1/audit-logs');
    assert.equal(res.statusCode, 200, res.body);
    // The new workspace's creation is logged in that workspace; the default one has the bootstrap entries.
    const actions = res.json.data.map((e: any) => e.action);
    assert.deepEqual(actions, ['api_keys.created', 'workspaces.created']);
    const e = res.json.data[0];
    assert.deepEqual(Object.keys(e).sort(), ENTRY_FIELDS);
    assert.match(e.id, /^aud_[0-9A-Z]{26}$/);
    assert.equal(e.workspace_id, t.workspaceId);
    assert.equal(e.actor_type, 'system');
    assert.equal(typeof e.changes, 'object');
    assert.match(e.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal(res.json.meta.pagination.total_count, 2);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const inWs = await call(h, { url: '/v1/audit-logs', headers: { ...admin.headers, 'x-workspace-id': ws.id } });
    assert.equal(inWs.json.data.length, 1);
    const created = inWs.json.data[0];
    assert.equal(created.action, 'workspaces.created');
    assert.equal(created.actor_type, 'api');
    assert.match(created.actor_id, /^key_/);
    assert.match(created.request_id, /^req_/);
    assert.deepEqual(created.changes.slug, { old: null, new: ws.slug });
  });

  it('filters by resource_type, resource_id and action; paginates with cursor; limit bounds', async () => {
    const t = await seedTenant(h);
    await seedEntries(t, 40);
    const total = 42;
    const all = await req(h, asKey(t), 'GET', '/v1/audit-logs?limit=100');
    assert.equal(all.json.meta.pagination.total_count, total);
    const ids = all.json.data.map((e: any) => e.id);
    assert.deepEqual(ids, [...ids].sort().reverse());
    const byType = await req(h, asKey(t), 'GET', '/v1/audit-logs?resource_type=webhooks');
    assert.equal(byType.json.meta.pagination.total_count, 10);
    assert.ok(byType.json.data.every((e: any) => e.resource_type === 'webhooks'));
    const byRes = await req(h, asKey(t), 'GET', '/v1/audit-logs?resource_id=res_3');
    assert.equal(byRes.json.meta.pagination.total_count, 8);
    const byAction = await req(h, asKey(t), 'GET', '/v1/audit-logs?action=codes.created');
    assert.ok(byAction.json.data.length > 0 && byAction.json.data.every((e: any) => e.action === 'codes.created'));
    const combined = await req(
      h,
      asKey(t),
      'GET',
      '/v1/audit-logs?resource_type=codes&action=codes.updated&resource_id=res_4',
    );
    assert.ok(
      combined.json.data.every(
        (e: any) => e.resource_type === 'codes' && e.action === 'codes.updated' && e.resource_id === 'res_4',
      ),
    );
    const dflt = await req(h, asKey(t), 'GET', '/v1/audit-logs');
    assert.equal(dflt.json.data.length, 42); // default limit 50 holds all 42
    // Walk the pages of 7.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await req(h, asKey(t), 'GET', `/v1/audit-logs?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(page.json.meta.pagination.total_count, total);
      seen.push(...page.json.data.map((e: any) => e.id));
      cursor = page.json.meta.pagination.next_cursor;
      assert.equal(page.json.meta.pagination.has_more, cursor !== null);
    } while (cursor);
    assert.deepEqual(seen, ids);
    // Filtered pagination keeps the filter.
    const p1 = await req(h, asKey(t), 'GET', '/v1/audit-logs?resource_type=codes&limit=3');
    const p2 = await req(
      h,
      asKey(t),
      'GET',
      `/v1/audit-logs?resource_type=codes&limit=3&cursor=${p1.json.meta.pagination.next_cursor}`,
    );
    assert.ok(p2.json.data.every((e: any) => e.resource_type === 'codes' && e.id < p1.json.data[2].id));
  });

  it('bad filters and page parameters are 422 on /query/<name>', async () => {
    const t = await seedTenant(h);
    const cases: Array<[string, string]> = [
      ['resource_type=users', '/query/resource_type'],
      ['resource_type=passports', '/query/resource_type'],
      ['limit=0', '/query/limit'],
      ['limit=101', '/query/limit'],
      ['limit=abc', '/query/limit'],
      ['cursor=nope', '/query/cursor'],
      ['cursor=aud_01JD3Y2K8Q9XW4T5N6M7P8R9S0', '/query/cursor'],
    ];
    for (const [qs, pointer] of cases) {
      assertErrorAt(
        expectProblem(await req(h, asKey(t), 'GET', `/v1/audit-logs?${qs}`), 422, 'validation-error'),
        pointer,
      );
    }
  });

  it('entries are append-only: PUT, PATCH and DELETE answer 405 and change nothing', async () => {
    const t = await seedTenant(h);
    const admin = await seedMember(h, t, { org: 'org_admin' });
    const before = (await req(h, asKey(t), 'GET', '/v1/audit-logs')).json.data;
    const id = before[0].id;
    for (const c of [asKey(t), asMember(admin)]) {
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of ['/v1/audit-logs', `/v1/audit-logs/${id}`]) {
          const res = await req(h, c, method, url, method === 'DELETE' ? undefined : { action: 'forged' });
          assert.ok([404, 405].includes(res.statusCode), `${method} ${url}: ${res.statusCode}`);
          expectProblem(res, res.statusCode, res.statusCode === 405 ? 'method-not-allowed' : 'not-found');
        }
      }
      expectProblem(await req(h, c, 'POST', '/v1/audit-logs', { action: 'forged' }), 405, 'method-not-allowed');
    }
    const afterList = (await req(h, asKey(t), 'GET', '/v1/audit-logs')).json.data;
    assert.deepEqual(afterList, before);
    const one = await req(h, asKey(t), 'GET', `/v1/audit-logs/${id}`);
    assert.deepEqual(one.json.data, before[0]);
  });

  it("every role may read its workspace's log", async () => {
    const t = await seedTenant(h);
    for (const role of ['ws_admin', 'editor', 'approver', 'viewer'] as const) {
      const m = await seedMember(h, t, { workspace: role });
      const res = await req(h, asMember(m), 'GET', '/v1/audit-logs');
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json.meta.pagination.total_count, 2);
    }
  });

  it('total_count stays exact while settled counts are cached and extended (append-only, ULID order)', async () => {
    const clock = new TestClock(Date.now());
    const hc = await createHarness(dialect, {}, { clock });
    try {
      const t = await seedTenant(hc);
      const { monotonicFactory } = await import('ulid');
      const next = monotonicFactory();
      const insertAt = async (ms: number, n: number, type = 'codes') => {
        for (let i = 0; i < n; i++) {
          await hc.db
            .insertInto('audit_logs')
            .values({
              id: `aud_${next(ms)}`,
              organization_id: t.organizationId,
              workspace_id: t.workspaceId,
              actor_type: 'system',
              actor_id: null,
              action: `${type}.updated`,
              resource_type: type,
              resource_id: `res_${i % 3}`,
              changes: '{}',
              request_id: null,
              created_at: new Date(ms).toISOString(),
            })
            .execute();
        }
      };
      const live = async (where: Record<string, string> = {}) => {
        let q = hc.db
          .selectFrom('audit_logs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', t.workspaceId);
        for (const [k, v] of Object.entries(where)) q = q.where(k as 'action', '=', v);
        return Number((await q.executeTakeFirstOrThrow()).n);
      };
      const check = async () => {
        for (const [qs, where] of [
          ['', {}],
          ['resource_type=codes', { resource_type: 'codes' }],
          ['resource_id=res_1', { resource_id: 'res_1' }],
          ['action=webhooks.updated', { action: 'webhooks.updated' }],
        ] as const) {
          const res = await call(hc, { url: `/v1/audit-logs?limit=1${qs ? `&${qs}` : ''}`, tenant: t });
          assert.equal(res.json.meta.pagination.total_count, await live(where), `${qs} at +${clock.t - Date.now()} ms`);
        }
      };
      await insertAt(clock.t - 2 * 3_600_000, 30);
      await insertAt(clock.t - 3_600_000, 10, 'webhooks');
      await check();
      await check(); // served from the cache
      await insertAt(clock.t, 4);
      await check();
      clock.t += 6 * 60_000; // the entries above are settled now; the cache extends its range
      await insertAt(clock.t, 2, 'webhooks');
      await check();
      clock.t += 11 * 60_000; // past the cache's lifetime: recounted from scratch
      await insertAt(clock.t, 1);
      await check();
    } finally {
      await hc.close();
    }
  });

  it("isolation: another workspace's entries are invisible and 404 by id", async () => {
    const a = await seedTenant(h);
    const b = await seedTenant(h);
    const bEntry = (await req(h, asKey(b), 'GET', '/v1/audit-logs')).json.data[0];
    expectProblem(await req(h, asKey(a), 'GET', `/v1/audit-logs/${bEntry.id}`), 404, 'not-found');
    const aAdmin = await seedMember(h, a, { org: 'org_admin' });
    expectProblem(await req(h, asMember(aAdmin), 'GET', `/v1/audit-logs/${bEntry.id}`), 404, 'not-found');
    const list = await req(h, asKey(a), 'GET', `/v1/audit-logs?resource_id=${bEntry.resource_id}`);
    assert.equal(list.json.meta.pagination.total_count, 0);
    // A cursor from another workspace is not an item of this list.
    expectProblem(await req(h, asKey(a), 'GET', `/v1/audit-logs?cursor=${bEntry.id}`), 422, 'validation-error');
    // Same-organization workspaces are separate logs too.
    const pro = await seedTenant(h, 'pro');
    const ws = (await req(h, asKey(pro), 'POST', '/v1/workspaces', { name: 'W', slug: randomSlug() })).json.data;
    const wsEntry = (
      await h.db.selectFrom('audit_logs').select('id').where('workspace_id', '=', ws.id).executeTakeFirstOrThrow()
    ).id;
    expectProblem(await req(h, asKey(pro), 'GET', `/v1/audit-logs/${wsEntry}`), 404, 'not-found');
  });
});
