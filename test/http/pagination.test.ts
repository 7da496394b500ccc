import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant } from '../support/harness.js';
import { forEachDialect, useHarness } from '../support/suite.js';
import { recordAudit } from '../../src/features/audit/audit.service.js';
import { probeRoutes } from './probe-routes.js';

forEachDialect('cursor pagination helper', (dialect) => {
  const { h, t } = useHarness(dialect, { routes: (app) => probeRoutes(app, { executed: 0, delayMs: 0 }) });
  before(async () => {
    const actor = {
      actorType: 'system' as const,
      actorId: null,
      requestId: null,
      organizationId: t.organizationId,
      workspaceId: t.workspaceId,
    };
    // bootstrap wrote 2 entries; 5 more make 7
    for (let i = 0; i < 5; i++)
      await recordAudit(h.db, actor, {
        action: `probe.${i}`,
        resourceType: 'codes',
        resourceId: `qr_${i}`,
        at: new Date(),
      });
  });

  it('walks newest first with has_more, next_cursor and an exact total_count', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call(h, { url: `/v1/probe/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`, tenant: t });
      assert.equal(res.statusCode, 200);
      const { pagination } = res.json.meta;
      assert.equal(pagination.total_count, 7);
      seen.push(...res.json.data.map((d: any) => d.id));
      cursor = pagination.next_cursor;
      assert.equal(pagination.has_more, cursor !== null);
      pages++;
    } while (cursor);
    assert.equal(pages, 3);
    assert.equal(seen.length, 7);
    assert.deepEqual(seen, [...seen].sort().reverse(), 'ids descending');
  });

  it('defaults limit to 50 and rejects 0, 101 and non-integers with 422', async () => {
    const res = await call(h, { url: '/v1/probe/audit', tenant: t });
    assert.equal(res.json.data.length, 7);
    for (const limit of ['0', '101', '2.5', 'x']) {
      const p = expectProblem(
        await call(h, { url: `/v1/probe/audit?limit=${limit}`, tenant: t }),
        422,
        'validation-error',
      );
      assert.equal(p.errors[0].pointer, '/query/limit');
    }
  });

  it('rejects a malformed and an unknown cursor with 422', async () => {
    for (const cursor of ['garbage', 'aud_123', 'qr_01M7Y8CWEJNT4T9Z1DFHM6D13Y', 'aud_01M7Y8CWEJNT4T9Z1DFHM6D13Y']) {
      const p = expectProblem(
        await call(h, { url: `/v1/probe/audit?cursor=${cursor}`, tenant: t }),
        422,
        'validation-error',
      );
      assert.equal(p.errors[0].pointer, '/query/cursor');
    }
  });

  it("treats another workspace's id as an unknown cursor", async () => {
    const other = await seedTenant(h);
    const theirs = await call(h, { url: '/v1/probe/audit?limit=1', tenant: other });
    const p = expectProblem(
      await call(h, { url: `/v1/probe/audit?cursor=${theirs.json.data[0].id}`, tenant: t }),
      422,
      'validation-error',
    );
    assert.equal(p.errors[0].pointer, '/query/cursor');
  });
});
