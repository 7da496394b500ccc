import { it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { call, createHarness, seedMember, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { workspaceRow } from '../../../src/features/workspaces/workspaces.fns.js';
import { UA, createCode, scan, scanCount } from '../../support/codes.js';
import { TestClock } from '../../support/clock.js';

forEachDialect('organization usage', (dialect) => {
  const clock = new TestClock(Date.parse('2026-11-30T23:50:00.000Z'));
  const { h, t } = useHarness(dialect, { env: { SCAN_FLUSH_MS: '60000' }, clock });

  // seedMember's sessions run on the wall clock; this suite's clock is days ahead.
  const keepSession = (userId: string) =>
    h.db
      .updateTable('sessions')
      .set({ expires_at: '2099-01-01T00:00:00.000Z' })
      .where('user_id', '=', userId)
      .execute();
  const usage = async (tenant: Tenant) => {
    const res = await call(h, { url: '/v1/organizations/usage', tenant });
    assert.equal(res.statusCode, 200, res.body);
    return res.json.data;
  };

  it('counts non-bot scans of the UTC month over all workspaces and active dynamic codes', async () => {
    const admin = await seedMember(h, t, { org: 'org_admin' });
    await keepSession(admin.userId);
    const ws2 = workspaceRow(t.organizationId, { name: 'Client B', slug: 'client-b' }, false, clock.now());
    const ws3 = workspaceRow(t.organizationId, { name: 'Old', slug: 'old' }, false, clock.now());
    await h.db.insertInto('workspaces').values([ws2, ws3]).execute();
    const in2 = { headers: { ...admin.headers, 'x-workspace-id': ws2.id } };
    const in3 = { headers: { ...admin.headers, 'x-workspace-id': ws3.id } };

    const empty = await usage(t);
    assert.deepEqual(empty, {
      plan: 'free',
      scans: {
        used: 0,
        limit: 1000,
        usage_pct: 0,
        remaining: 1000,
        period: '2026-11',
        period_start: '2026-11-01T00:00:00.000Z',
      },
      dynamic_codes: { used: 0, limit: 3, usage_pct: 0, remaining: 3 },
      // Inserted past the plan's check: the report still counts them, archived ones excepted.
      workspaces: { used: 3, limit: 1, usage_pct: 300, remaining: 0 },
      storage: {
        bytes: { used: 0, limit: 25 * 1024 * 1024, usage_pct: 0, remaining: 25 * 1024 * 1024 },
        files: { used: 0, limit: 10, usage_pct: 0, remaining: 10 },
        logos: { used: 0, limit: 10, usage_pct: 0, remaining: 10 },
      },
    });

    const d1 = await createCode(h, t, { type: 'url', url: 'https://d1.example.com' });
    await createCode(h, t, { type: 'url', url: 'https://d2.example.com' });
    await createCode(h, t, { type: 'url', url: 'https://static.example.com', dynamic: false });
    await createCode(h, t, { type: 'text', content: { text: 'static' } });
    const gone = await createCode(h, t, { type: 'url', url: 'https://deleted.example.com' });
    await call(h, { method: 'DELETE', url: `/v1/codes/${gone.id}`, tenant: t });
    // A past expiry is refused on create, so the code expires after it was made.
    const expired = await createCode(h, t, { type: 'url', url: 'https://expired.example.com' });
    await h.db
      .updateTable('codes')
      .set({ expires_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', expired.id)
      .execute();
    const d5 = await createCode(h, in2, { type: 'url', url: 'https://d5.example.com' });
    await createCode(h, in3, { type: 'url', url: 'https://archived.example.com' });
    await h.db
      .updateTable('workspaces')
      .set({ status: 'archived', archived_at: clock.now().toISOString() })
      .where('id', '=', ws3.id)
      .execute();

    for (let i = 0; i < 5; i++) await scan(h, d1.short_code);
    for (let i = 0; i < 2; i++) await scan(h, d1.short_code, { 'user-agent': UA.bot });
    for (let i = 0; i < 3; i++) await scan(h, d5.short_code);
    const other = await seedTenant(h);
    const foreign = await createCode(h, other, { type: 'url', url: 'https://foreign.example.com' });
    await scan(h, foreign.short_code);

    // Live: the unflushed scans of this instance count already.
    let u = await usage(t);
    assert.equal(u.scans.used, 8);
    await h.app.scans.flush();
    u = await usage(t);
    assert.deepEqual(u.scans, {
      used: 8,
      limit: 1000,
      usage_pct: 0,
      remaining: 992,
      period: '2026-11',
      period_start: '2026-11-01T00:00:00.000Z',
    });
    assert.deepEqual(u.dynamic_codes, { used: 3, limit: 3, usage_pct: 100, remaining: 0 });
    assert.deepEqual(u.workspaces, { used: 2, limit: 1, usage_pct: 200, remaining: 0 });
    const theirs = await usage(other);
    assert.equal(theirs.scans.used, 1);
    assert.deepEqual(theirs.workspaces, { used: 1, limit: 1, usage_pct: 100, remaining: 0 });
    const viewer = await seedMember(h, t, { workspace: 'viewer' });
    await keepSession(viewer.userId);
    const asViewer = await call(h, { url: '/v1/organizations/usage', headers: viewer.headers });
    assert.equal(asViewer.json.data.scans.used, 8);

    // Over the limit: reported, never blocked.
    await createCode(h, t, { type: 'url', url: 'https://d6.example.com' });
    u = await usage(t);
    assert.deepEqual(u.dynamic_codes, { used: 4, limit: 3, usage_pct: 133, remaining: 0 });

    // A new UTC month starts from zero.
    clock.advance(10 * 60_000);
    await scan(h, d1.short_code);
    u = await usage(t);
    assert.equal(u.scans.period, '2026-12');
    assert.equal(u.scans.period_start, '2026-12-01T00:00:00.000Z');
    assert.equal(u.scans.used, 1);
  });

  it('names the plan, and an unlimited workspace count is null rather than a number', async () => {
    const agency = await seedTenant(h, 'agency');
    const data = await usage(agency);
    assert.equal(data.plan, 'agency');
    assert.deepEqual(data.workspaces, { used: 1, limit: null, usage_pct: null, remaining: null });
    assert.equal(data.dynamic_codes.limit, 2500);
  });

  it('usage_pct may pass 100 for scans too', async () => {
    const u = await seedTenant(h, 'free');
    await h.db
      .insertInto('usage_counters')
      .values({ organization_id: u.organizationId, period: clock.now().toISOString().slice(0, 7), scans: 2_345 })
      .execute();
    const data = await usage(u);
    assert.deepEqual(
      { ...data.scans, period: undefined, period_start: undefined },
      { used: 2345, limit: 1000, usage_pct: 234, remaining: 0, period: undefined, period_start: undefined },
    );
  });
});

forEachDialect('scan buffer shutdown', (dialect) => {
  const variants: Array<[string, () => { dialect: typeof dialect; cleanup: () => void }]> = [
    ['', () => ({ dialect, cleanup: () => undefined })],
  ];
  if (dialect.name === 'sqlite') {
    // A SQLite file as well as :memory:, so the final flush is seen to reach a real file.
    variants.push([
      ' (SQLite file)',
      () => {
        const dir = mkdtempSync(join(tmpdir(), 'qrs-scan-'));
        return {
          dialect: { ...dialect, url: `sqlite:${join(dir, 'db.sqlite')}` },
          cleanup: () => rmSync(dir, { recursive: true, force: true }),
        };
      },
    ]);
  }
  for (const [name, make] of variants)
    it(`a graceful close writes every recorded scan${name}`, async () => {
      const v = make();
      const h = await createHarness(v.dialect, { SCAN_FLUSH_MS: '600000' });
      const t = await seedTenant(h);
      const c = await createCode(h, t, { type: 'url', url: 'https://bye.example.com' });
      await Promise.all(Array.from({ length: 300 }, () => scan(h, c.short_code)));
      assert.equal(h.app.scans.size, 300);
      await h.app.close();
      assert.equal(await scanCount(h, c.id), 300);
      const code = await h.db.selectFrom('codes').select('scan_count').where('id', '=', c.id).executeTakeFirstOrThrow();
      assert.equal(Number(code.scan_count), 300);
      const usage = await h.db
        .selectFrom('usage_counters')
        .select('scans')
        .where('organization_id', '=', t.organizationId)
        .executeTakeFirstOrThrow();
      assert.equal(Number(usage.scans), 300);
      await h.db.destroy();
      v.cleanup();
    });
});
