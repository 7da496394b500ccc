import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createHarness, seedTenant, type Tenant } from '../../../support/harness.js';
import { forEachDialect, useHarness } from '../../../support/suite.js';
import { workspaceRow } from '../../../../src/features/workspaces/workspaces.fns.js';
import { runRetention } from '../../../../src/features/scans/retention/scan-retention.js';
import { ensurePartitions, listPartitions } from '../../../../src/features/scans/retention/scan-partitions.js';
import { sql } from 'kysely';
import { createCode } from '../../../support/codes.js';
import { seedScans, type SeedScan } from '../scan-seed.js';
import { rollUpAsTheFlush } from '../../../support/rollup-backfill.js';

const DAY = 86_400_000;

forEachDialect('scan retention', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  const setRetention = (workspaceId: string, days: number | null) =>
    h.db.updateTable('workspaces').set({ scan_retention_days: days }).where('id', '=', workspaceId).execute();
  const idsOf = async (codeId: string) =>
    (await h.db.selectFrom('scans').select('id').where('code_id', '=', codeId).orderBy('id').execute()).map(
      (r) => r.id,
    );
  const total = async (t: Tenant, codeId: string, bots = true) =>
    (await call(h, { url: `/v1/codes/${codeId}/scans?include_bots=${bots}`, tenant: t })).json.meta.pagination
      .total_count;
  const newCode = (t: Tenant, workspaceId?: string) =>
    workspaceId
      ? seedCodeIn(t, workspaceId)
      : createCode(h, t, { type: 'url', url: 'https://keep.example.com/' }).then((c) => c.id as string);
  async function seedCodeIn(t: Tenant, workspaceId: string): Promise<string> {
    const c = await createCode(h, t, { type: 'url', url: 'https://other.example.com/' });
    await h.db.updateTable('codes').set({ workspace_id: workspaceId }).where('id', '=', c.id).execute();
    return c.id;
  }
  const ages = (now: number, days: number[], botEvery = 0): SeedScan[] =>
    days.map((d, i) => ({ at: now - d * DAY - i * 1000, isBot: botEvery > 0 && i % botEvery === 0 }));

  it("deletes exactly the rows past each workspace's window, in bounded batches; unlimited and other workspaces untouched", async () => {
    const now = Date.now();
    const t = await seedTenant(h, 'pro');
    const other = await seedTenant(h, 'pro');
    const unlimited = workspaceRow(t.organizationId, { name: 'Unlimited', slug: `u-${now}` }, false, new Date());
    await h.db.insertInto('workspaces').values(unlimited).execute();
    await setRetention(t.workspaceId, 30);
    await setRetention(other.workspaceId, 365);
    const a1 = await newCode(t);
    const a2 = await newCode(t);
    const u = await newCode(t, unlimited.id);
    const o = await newCode(other);
    await seedScans(h.db, t, a1, [...ages(now, Array(12).fill(31), 3), ...ages(now, [29, 1, 0])]);
    await seedScans(h.db, t, a2, ages(now, [400, 200, 100, 30.01]));
    await seedScans(h.db, t, u, ages(now, [3000, 400, 31]), unlimited.id);
    await seedScans(h.db, other, o, ages(now, [400, 364, 100]));
    const keepA1 = (await idsOf(a1)).slice(-3);
    const keepU = await idsOf(u);
    const keepO = (await idsOf(o)).slice(-2);
    assert.equal(await total(t, a1), 15);

    const batches = new Map<string, number[]>();
    const r = await runRetention(h.db, new Date(now), {
      batchSize: 5,
      pauseMs: 1,
      onBatch: (code, n) => batches.set(code, [...(batches.get(code) ?? []), n]),
    });
    assert.deepEqual(batches.get(a1), [5, 5, 2], 'at most batchSize rows a statement');
    assert.deepEqual(batches.get(a2), [4]);
    assert.deepEqual(batches.get(o), [1]);
    assert.equal(batches.get(u), undefined, 'unlimited retention deletes nothing');
    assert.ok(r.deleted >= 17);
    assert.deepEqual(await idsOf(a1), keepA1);
    assert.deepEqual(await idsOf(a2), []);
    assert.deepEqual(await idsOf(u), keepU);
    assert.deepEqual(await idsOf(o).then((ids) => ids.sort()), keepO.sort());

    // total_count follows the rows the list can return; scan_count (max_scans, usage) does not drop.
    assert.equal(await total(t, a1), 3);
    assert.equal(await total(t, a1, false), 3);
    assert.equal(await total(t, a2), 0);
    assert.equal((await call(h, { url: `/v1/codes/${a1}/scans?limit=100`, tenant: t })).json.data.length, 3);
    const code = await call(h, { url: `/v1/codes/${a1}`, tenant: t });
    assert.equal(code.json.data.scan_count, 11, 'the 15 seeded scans hold 4 bots; retention leaves scan_count alone');

    const again = new Map<string, number[]>();
    await runRetention(h.db, new Date(now), { batchSize: 5, onBatch: (c, n) => again.set(c, [n]) });
    assert.equal(
      [a1, a2, u, o].some((c) => again.has(c)),
      false,
      'a second pass finds nothing more',
    );
  });

  it('two passes at once (two instances) delete each row once and count it once', async () => {
    const now = Date.now();
    const t = await seedTenant(h, 'pro');
    await setRetention(t.workspaceId, 7);
    const c = await newCode(t);
    await seedScans(h.db, t, c, [...ages(now, Array(23).fill(10), 4), ...ages(now, [6, 2])]);
    const seen: number[] = [];
    const count = (code: string, n: number) => {
      if (code === c) seen.push(n);
    };
    await Promise.all([
      runRetention(h.db, new Date(now), { batchSize: 4, pauseMs: 1, onBatch: count }),
      runRetention(h.db, new Date(now), { batchSize: 4, pauseMs: 1, onBatch: count }),
    ]);
    assert.equal(
      seen.reduce((a, b) => a + b, 0),
      23,
    );
    assert.equal((await idsOf(c)).length, 2);
    assert.equal(await total(t, c), 2);
    const row = await h.db
      .selectFrom('codes')
      .select(['purged_scan_count', 'purged_bot_scan_count'])
      .where('id', '=', c)
      .executeTakeFirstOrThrow();
    assert.deepEqual([Number(row.purged_scan_count), Number(row.purged_bot_scan_count)], [17, 6]);
  });

  it('the app runs the job every RETENTION_INTERVAL_MS and stops it on close', async () => {
    const job = await createHarness(dialect, { RETENTION_INTERVAL_MS: '30' });
    try {
      const t = await seedTenant(job, 'pro');
      await job.db.updateTable('workspaces').set({ scan_retention_days: 1 }).where('id', '=', t.workspaceId).execute();
      const c = await createCode(job, t, { type: 'url', url: 'https://job.example.com/' });
      const now = Date.now();
      await seedScans(job.db, t, c.id, ages(now, [5, 3, 0]));
      const deadline = Date.now() + 10_000;
      let left = 3;
      while (left !== 1 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        left = (await job.db.selectFrom('scans').select('id').where('code_id', '=', c.id).execute()).length;
      }
      assert.equal(left, 1, 'the job removed the two scans older than a day');
    } finally {
      await job.close();
    }
  });

  if (dialect.name === 'postgres') {
    it('drops a month partition whose rows are all expired, counting them; keeps a month with retained rows', async () => {
      const now = Date.now();
      const year = 1990 + Math.floor(Math.random() * 8);
      const names = [`scans_y${year}m01`, `scans_y${year}m02`, `scans_y${year}m03`];
      const made = async () => (await listPartitions(h.db)).filter((p) => names.includes(p.name)).map((p) => p.name);
      // Creating a partition locks DEFAULT, which other files' scans keep writing to: a month that
      // waits past lock_timeout is reported in `failed` and made by a later pass, as in production.
      const failed: string[] = [];
      for (let pass = 0; pass < 10 && (await made()).length < names.length; pass++) {
        const r = await ensurePartitions(h.db, new Date(Date.UTC(year, 0, 15)), 2);
        failed.push(...r.failed.map((f) => `${f.name}: ${f.error}`));
      }
      assert.deepEqual(await made(), names, `failed: ${failed.join('; ')}`);
      const t = await seedTenant(h, 'pro');
      await setRetention(t.workspaceId, 30);
      const keeper = await seedTenant(h, 'pro');
      const x = await newCode(t);
      const y = await newCode(keeper);
      const jan = Date.UTC(year, 0, 10);
      const feb = Date.UTC(year, 1, 10);
      await seedScans(h.db, t, x, [{ at: jan }, { at: jan + 1000, isBot: true }, { at: jan + 2000 }, { at: feb }]);
      await seedScans(h.db, keeper, y, [{ at: feb + 5000 }]);
      await rollUpAsTheFlush(h.db, new Date(now), [t.workspaceId]);
      const inJan = await h.db
        .selectFrom(`scans_y${year}m01` as 'scans')
        .select('id')
        .execute();
      assert.equal(inJan.length, 3, 'rows landed in their month');

      const batches: Array<[string, number]> = [];
      const r = await runRetention(h.db, new Date(now), { batchSize: 100, onBatch: (c, n) => batches.push([c, n]) });
      assert.ok(r.dropped.includes(names[0]) && r.dropped.includes(names[2]), `dropped ${r.dropped}`);
      assert.ok(!r.dropped.includes(names[1]), 'February holds a scan of a workspace that keeps everything');
      assert.deepEqual(
        batches.filter(([c]) => c === x),
        [[x, 1]],
        'only the February row went by batched delete',
      );
      assert.deepEqual(await idsOf(x), []);
      assert.equal((await idsOf(y)).length, 1);
      const row = await h.db
        .selectFrom('codes')
        .select(['purged_scan_count', 'purged_bot_scan_count'])
        .where('id', '=', x)
        .executeTakeFirstOrThrow();
      assert.deepEqual([Number(row.purged_scan_count), Number(row.purged_bot_scan_count)], [3, 1]);
      assert.equal(await total(t, x), 0);
      // Both sparse months kept their breakdowns: day cells stored from the raw rows before they went (D42).
      const kept = await sql<{ bucket: string; scans: number; detailed: number }>`select d.bucket, d.scans, m.detailed
        from scan_rollups d join scan_rollups m on m.code_id = d.code_id and m.grain = 'm' and m.dimension = 'total'
          and m.bucket = substr(d.bucket, 1, 7)
        where d.code_id = ${x} and d.grain = 'd' and d.dimension = 'device' and d.value = 'mobile' order by d.bucket`.execute(
        h.db,
      );
      assert.deepEqual(
        kept.rows.map((k) => [k.bucket, Number(k.scans), Number(k.detailed)]),
        [
          [`${year}-01-10`, 3, 1],
          [`${year}-02-10`, 1, 1],
        ],
      );
      await setRetention(keeper.workspaceId, 30);
      const later = await runRetention(h.db, new Date(now), { batchSize: 100 });
      assert.ok(later.dropped.includes(names[1]), 'once its last retained row expires the month goes too');
      assert.equal(await total(keeper, y), 0);
    });

    it('a month whose rows already sit in DEFAULT is reported and skipped; the other months are created', async () => {
      const year = 2090 + Math.floor(Math.random() * 9);
      const t = await seedTenant(h, 'pro');
      const c = await newCode(t);
      const [stray] = await seedScans(h.db, t, c, [{ at: Date.UTC(year, 1, 10) }]);
      const names = [1, 2, 3].map((m) => `scans_y${year}m0${m}`);
      try {
        const r = await ensurePartitions(h.db, new Date(Date.UTC(year, 0, 15)), 2);
        assert.deepEqual(r.created, [names[0], names[2]]);
        assert.deepEqual(
          r.failed.map((f) => f.name),
          [names[1]],
        );
        assert.match(r.failed[0].error, /default partition/i);
        assert.equal((await idsOf(c))[0], stray, 'the row stays readable');
      } finally {
        await h.db.deleteFrom('scans').where('id', '=', stray).execute();
        for (const name of names) await sql`drop table if exists ${sql.id(name)}`.execute(h.db);
      }
    });
  }
});
