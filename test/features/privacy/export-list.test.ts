import { it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectProblem, seedMember, seedTenant, type Member } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { asKey, asMember, assertErrorAt, req } from '../../support/callers.js';
import { newId } from '../../../src/lib/ids.js';

// The list of one's own exports: what the dashboard reads after a reload, so a requested export is
// never lost. Only the requester, in the organization it was made in, sees it.
forEachDialect('privacy export list', (dialect) => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'qrs-export-list-'));
  });
  const { h } = useHarness(dialect, () => ({
    env: { PRIVACY_EXPORT_DIR: dir, PRIVACY_EXPORT_SWEEP_MS: '0' },
    tenant: false,
  }));
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const listOf = async (m: Member, query = '') => {
    const res = await req(h, asMember(m), 'GET', `/v1/privacy/exports${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json;
  };

  async function seedExport(m: Member, organizationId: string, status: 'failed' | 'expired' | 'pending') {
    const now = Date.now();
    const id = newId('exp');
    await h.db
      .insertInto('privacy_exports')
      .values({
        id,
        organization_id: organizationId,
        user_id: m.userId,
        scope: 'user',
        status,
        error: status === 'failed' ? 'the export could not be written; request a new one' : null,
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + (status === 'expired' ? -1 : 7) * 86_400_000).toISOString(),
      })
      .execute();
    return id;
  }

  it('lists my exports newest first with their status; a ready one carries its download', async () => {
    const t = await seedTenant(h);
    const me = await seedMember(h, t, { org: 'org_admin' });
    assert.deepEqual((await listOf(me)).data, []);
    const failed = await seedExport(me, t.organizationId, 'failed');
    const expired = await seedExport(me, t.organizationId, 'expired');
    const made = (await req(h, asMember(me), 'POST', '/v1/privacy/exports', { scope: 'organization' })).json.data;
    let ready: any;
    for (let i = 0; i < 200 && ready?.status !== 'ready'; i++) {
      ready = (await listOf(me)).data[0];
      if (ready.status !== 'ready') await new Promise((r) => setTimeout(r, 25));
    }
    const body = await listOf(me);
    assert.deepEqual(
      body.data.map((e: any) => [e.id, e.status, e.scope]),
      [
        [made.id, 'ready', 'organization'],
        [expired, 'expired', 'user'],
        [failed, 'failed', 'user'],
      ],
    );
    assert.equal(body.data[0].download_url, `/v1/privacy/exports/${made.id}/download`);
    assert.equal(body.data[1].download_url, null);
    assert.equal(body.data[2].download_url, null);
    assert.deepEqual(body.meta.pagination, { has_more: false, next_cursor: null, total_count: 3 });

    const first = await listOf(me, '?limit=2');
    assert.deepEqual(first.meta.pagination, { has_more: true, next_cursor: expired, total_count: 3 });
    const second = await listOf(me, `?limit=2&cursor=${expired}`);
    assert.deepEqual(
      second.data.map((e: any) => e.id),
      [failed],
    );
  });

  it("never lists another person's exports, nor another organization's; bad queries are 422; keys get 403", async () => {
    const t = await seedTenant(h);
    const me = await seedMember(h, t, { org: 'org_admin' });
    const colleague = await seedMember(h, t, { workspace: 'editor' });
    const mine = await seedExport(me, t.organizationId, 'pending');
    const other = await seedTenant(h);
    const stranger = await seedMember(h, other, { org: 'org_admin' });
    const theirs = await seedExport(stranger, other.organizationId, 'pending');

    assert.deepEqual(
      (await listOf(me)).data.map((e: any) => e.id),
      [mine],
    );
    assert.deepEqual((await listOf(colleague)).data, []);
    assert.deepEqual(
      (await listOf(stranger)).data.map((e: any) => e.id),
      [theirs],
    );
    expectProblem(await req(h, asMember(colleague), 'GET', `/v1/privacy/exports/${mine}`), 404, 'not-found');
    expectProblem(await req(h, asMember(stranger), 'GET', `/v1/privacy/exports/${mine}`), 404, 'not-found');
    expectProblem(await req(h, asMember(stranger), 'GET', `/v1/privacy/exports/${mine}/download`), 404, 'not-found');
    // Someone else's id is not a cursor of my list.
    assertErrorAt(
      expectProblem(await req(h, asMember(me), 'GET', `/v1/privacy/exports?cursor=${theirs}`), 422, 'validation-error'),
      '/query/cursor',
      'cursor',
    );
    assertErrorAt(
      expectProblem(await req(h, asMember(me), 'GET', '/v1/privacy/exports?limit=0'), 422, 'validation-error'),
      '/query/limit',
    );
    assertErrorAt(
      expectProblem(await req(h, asMember(me), 'GET', '/v1/privacy/exports?cursor=qr_1'), 422, 'validation-error'),
      '/query/cursor',
      'cursor',
    );
    expectProblem(await req(h, asKey(t), 'GET', '/v1/privacy/exports'), 403, 'forbidden');
  });
});
