import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { call, seedTenant, type Tenant } from '../../../support/harness.js';
import { forEachDialect, useHarness } from '../../../support/suite.js';
import { UA, createCode, scan } from '../../../support/codes.js';
import { TestClock } from '../../../support/clock.js';
import { runRetention } from '../../../../src/features/scans/retention/scan-retention.js';
import { DENSE_HOUR, DENSE_MONTH } from '../../../../src/features/scans/rollups/rollups.table.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

forEachDialect('rollup detail on demand', (dialect) => {
  const clock = new TestClock(Date.parse('2024-01-01T00:00:00.000Z'));
  const { h } = useHarness(dialect, {
    env: { COUNTRY_HEADER: 'CF-IPCountry', SCAN_FLUSH_MS: '60000' },
    clock,
    tenant: false,
  });

  /** Scans of a code at the given instants through the redirect, flushed every `batch` scans. */
  async function scansAt(code: { short_code: string }, times: number[], batch = 1_000) {
    for (const [i, at] of times.entries()) {
      clock.t = at;
      const headers: Record<string, string> = {
        'user-agent': i % 5 === 0 ? UA.bot : i % 2 ? UA.iphone : UA.desktop,
        'cf-ipcountry': ['DE', 'FR', 'IN'][i % 3],
      };
      if (i % 4 === 0) headers.referer = 'https://news.example/a';
      assert.equal((await scan(h, code.short_code, headers, { ip: `10.2.0.${i % 9}` })).statusCode, 302);
      if ((i + 1) % batch === 0) await h.app.scans.flush();
    }
    await h.app.scans.flush();
  }
  const rowsOf = async (codeId: string) =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from scan_rollups where code_id = ${codeId}`.execute(h.db)).rows[0]
        .n,
    );
  const fineRowsOf = async (codeId: string, grain: 'q' | 'h' = 'q') =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from scan_rollups
      where code_id = ${codeId} and grain = ${grain} and dimension <> 'total'`.execute(h.db)
      ).rows[0].n,
    );

  /** The `detailed` mark of a code's one `total` row of a grain. */
  const detailedOf = async (codeId: string, grain: 'h' | 'm') =>
    Number(
      (
        await h.db
          .selectFrom('scan_rollups')
          .select('detailed')
          .where('code_id', '=', codeId)
          .where('grain', '=', grain)
          .where('dimension', '=', 'total')
          .executeTakeFirstOrThrow()
      ).detailed,
    );

  it('sparse traffic writes a few rollup rows a scan, dense traffic far fewer', async () => {
    const t = await seedTenant(h, 'pro');
    const sparse = await createCode(h, t, { type: 'url', url: 'https://sparse.example.com/' });
    const dense = await createCode(h, t, { type: 'url', url: 'https://dense.example.com/' });
    const start = Date.parse('2024-02-01T00:07:00.000Z');
    const N = 96;
    await scansAt(
      sparse,
      Array.from({ length: N }, (_, i) => start + i * HOUR),
    );
    const sparseRows = await rowsOf(sparse.id);
    assert.equal(await fineRowsOf(sparse.id), 0, 'no quarter cells of the dimensions in sparse hours');
    assert.ok(sparseRows <= 4 * N, `${sparseRows} rollup rows for ${N} sparse scans`);
    const M = 2 * 400;
    await scansAt(
      dense,
      Array.from({ length: M }, (_, i) => start + Math.floor((i * 2 * HOUR) / M)),
      100,
    );
    const denseRows = await rowsOf(dense.id);
    assert.ok((await fineRowsOf(dense.id)) > 0, 'dense hours keep their quarter cells');
    assert.equal(await fineRowsOf(dense.id, 'h'), 0, 'no hour cells of the dimensions: reads sum the quarters');
    assert.ok(denseRows <= M / 3, `${denseRows} rollup rows for ${M} dense scans`);
    const codeRows = Number(
      (
        await sql<{ n: number }>`select count(*) as n from workspace_rollups
        where workspace_id = ${t.workspaceId} and dimension = 'code'`.execute(h.db)
      ).rows[0].n,
    );
    assert.equal(codeRows, 2, 'top-code rows: one a code and month (docs/decisions.md D54)');
  });

  it('a sparse month keeps no breakdown cells; one that turns dense gets its day and month cells in full from its raw scans', async () => {
    const t = await seedTenant(h, 'pro');
    const quiet = await createCode(h, t, { type: 'url', url: 'https://quiet.example.com/' });
    const busy = await createCode(h, t, { type: 'url', url: 'https://busy.example.com/' });
    const feb = Date.parse('2024-02-03T00:00:00.000Z');
    // A scan every two or three hours: `busy` crosses DENSE_MONTH in its third batch, `quiet` never.
    await scansAt(
      quiet,
      Array.from({ length: DENSE_MONTH - 20 }, (_, i) => feb + i * 3 * HOUR + 60_000),
      50,
    );
    await scansAt(
      busy,
      Array.from({ length: DENSE_MONTH + 40 }, (_, i) => feb + i * 2 * HOUR + 60_000),
      70,
    );
    const monthCells = async (codeId: string) =>
      await h.db
        .selectFrom('scan_rollups')
        .select(['dimension', 'value', 'scans', 'humans'])
        .where('code_id', '=', codeId)
        .where('grain', '=', 'm')
        .where('dimension', '<>', 'total')
        .orderBy('dimension')
        .orderBy('value')
        .execute();
    assert.deepEqual(await monthCells(quiet.id), [], 'no month breakdown of a sparse month');
    const dayCells = async (codeId: string) =>
      (
        await sql<{ bucket: string; value: string; scans: number }>`select bucket, value, scans from scan_rollups
        where code_id = ${codeId} and grain = 'd' and dimension = 'country' order by bucket, value`.execute(h.db)
      ).rows.map((r) => [r.bucket, r.value, Number(r.scans)]);
    assert.deepEqual(await dayCells(quiet.id), [], 'no day breakdown of a sparse month either: its raw scans are read');
    // The dense month's day cells, built from its raw scans as it crossed, equal them.
    const rawDays = new Map<string, number>();
    for (const r of await h.db
      .selectFrom('scans')
      .select(['country', 'scanned_at'])
      .where('code_id', '=', busy.id)
      .execute()) {
      const k = `${r.scanned_at.slice(0, 10)}|${r.country ?? ''}`;
      rawDays.set(k, (rawDays.get(k) ?? 0) + 1);
    }
    assert.deepEqual(
      await dayCells(busy.id),
      [...rawDays].sort().map(([k, n]) => [...k.split('|'), n]),
    );
    const fromDays = await sql<{ dimension: string; value: string; scans: number; humans: number }>`
      select dimension, value, sum(scans) as scans, sum(humans) as humans from scan_rollups
      where code_id = ${busy.id} and grain = 'd' and dimension <> 'total' and bucket like '2024-02-%'
      group by dimension, value order by dimension, value`.execute(h.db);
    const asNumbers = (rows: Array<{ dimension: string; value: string; scans: number; humans: number }>) =>
      rows.map((r) => ({ ...r, scans: Number(r.scans), humans: Number(r.humans) }));
    assert.deepEqual(asNumbers(await monthCells(busy.id)), asNumbers(fromDays.rows), 'the dense month equals its days');
    // Both read the same through the API: a sparse month counts its raw scans.
    for (const code of [quiet, busy]) {
      const res = await call(h, {
        url: `/v1/codes/${code.id}/stats?from=2024-01-15&to=2024-03-20&tz=Asia/Kolkata&include_bots=true`,
        tenant: t,
      });
      assert.equal(res.statusCode, 200, res.body);
      const raw = await h.db
        .selectFrom('scans')
        .select(['country', 'scanned_at'])
        .where('code_id', '=', code.id)
        .execute();
      const inRange = raw.filter((r) => r.scanned_at >= '2024-01-14T18:30' && r.scanned_at < '2024-03-20T18:30');
      const byCountry = new Map<string, number>();
      for (const r of inRange) byCountry.set(r.country ?? '', (byCountry.get(r.country ?? '') ?? 0) + 1);
      assert.equal(res.json.data.total_scans, inRange.length);
      assert.deepEqual(
        Object.fromEntries(res.json.data.by_country.map((b: { key: string; scans: number }) => [b.key, b.scans])),
        Object.fromEntries(byCountry),
      );
    }
  });

  it('a month turning dense replaces month cells an older instance left, instead of adding to them', async () => {
    const t = await seedTenant(h, 'pro');
    const code = await createCode(h, t, { type: 'url', url: 'https://upgrade.example.com/' });
    const mar = Date.parse('2024-03-02T00:00:00.000Z');
    const times = Array.from({ length: DENSE_MONTH + 20 }, (_, i) => mar + i * 2 * HOUR + 60_000);
    await scansAt(code, times.slice(0, DENSE_MONTH - 30), 100);
    // What an instance of the old scheme, still running during an upgrade, writes to a sparse month.
    await sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
      values (${code.id}, 'm', '2024-03', 'country', 'DE', 5, 5, 0, 0)`.execute(h.db);
    await scansAt(code, times.slice(DENSE_MONTH - 30), 100);
    const sums = async (grain: 'd' | 'm') =>
      (
        await sql<{ value: string; scans: number }>`select value, sum(scans) as scans from scan_rollups
        where code_id = ${code.id} and grain = ${grain} and dimension = 'country' group by value order by value`.execute(
          h.db,
        )
      ).rows.map((r) => [r.value, Number(r.scans)]);
    assert.deepEqual(await sums('m'), await sums('d'));
  });

  it('an hour an older version took past DENSE_HOUR unmarked reads its raw scans until a flush rebuilds and marks it', async () => {
    const t = await seedTenant(h, 'pro');
    const code = await createCode(h, t, { type: 'url', url: 'https://older-hour.example.com/' });
    const start = Date.parse('2024-05-06T10:00:00.000Z');
    const times = Array.from({ length: DENSE_HOUR + 10 }, (_, i) => start + i * 10_000);
    await scansAt(code, times.slice(0, DENSE_HOUR + 5), 1_000);
    const url = `/v1/codes/${code.id}/stats?from=2024-05-06T10:15:00Z&to=2024-05-06T10:45:00Z&include_bots=true`;
    const read = async () => {
      const res = await call(h, { url, tenant: t });
      assert.equal(res.statusCode, 200, res.body);
      return res.json.data;
    };
    const before = await read();
    assert.ok(before.total_scans > 0);
    // What an instance of the version before D53 leaves as it takes an unmarked hour past DENSE_HOUR:
    // only its batch's cells (here: some cells gone, one stray) and no mark.
    await sql`update scan_rollups set detailed = 0 where code_id = ${code.id} and grain = 'h' and dimension = 'total'`.execute(
      h.db,
    );
    await sql`delete from scan_rollups where code_id = ${code.id} and grain = 'q' and dimension = 'country'`.execute(
      h.db,
    );
    await sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
      values (${code.id}, 'q', '2024-05-06T10:15', 'country', 'ZZ', 9, 9, 0, 0)`.execute(h.db);
    assert.deepEqual(await read(), before, 'an unmarked hour reads its raw scans');
    await scansAt(code, times.slice(DENSE_HOUR + 5), 1_000);
    const after = await read();
    assert.equal(after.total_scans, before.total_scans + 5, 'the last five scans fall in the range');
    assert.equal(
      after.by_country.reduce((n: number, b: { scans: number }) => n + b.scans, 0),
      after.total_scans,
      'the rebuilt cells count every scan once',
    );
    assert.equal(await detailedOf(code.id, 'h'), 1, 'the next flush rebuilt the hour and marked it');
    const cells = await sql<{ value: string; scans: number }>`select value, sum(scans) as scans from scan_rollups
      where code_id = ${code.id} and grain = 'q' and dimension = 'country' group by value order by value`.execute(h.db);
    const raw = await sql<{ value: string; scans: number }>`select coalesce(country, '') as value, count(*) as scans
      from scans where code_id = ${code.id} group by coalesce(country, '') order by 1`.execute(h.db);
    assert.deepEqual(
      cells.rows.map((r) => [r.value, Number(r.scans)]),
      raw.rows.map((r) => [r.value, Number(r.scans)]),
      'its cells equal its raw scans: the stray one is gone',
    );
  });

  it('a month an older version made dense reads its raw scans until the next flush rebuilds its cells from them', async () => {
    const t = await seedTenant(h, 'pro');
    const code = await createCode(h, t, { type: 'url', url: 'https://older.example.com/' });
    const apr = Date.parse('2024-04-02T00:00:00.000Z');
    await scansAt(
      code,
      Array.from({ length: DENSE_MONTH + 10 }, (_, i) => apr + i * 2 * HOUR + 60_000),
      100,
    );
    // What an instance of the version before D42 leaves as it makes a month dense: cells built from
    // day cells this version does not keep (here: too small), and the month not marked.
    await sql`update scan_rollups set detailed = 0 where code_id = ${code.id} and grain = 'm' and dimension = 'total'`.execute(
      h.db,
    );
    await sql`update scan_rollups set scans = 1, humans = 1 where code_id = ${code.id} and grain in ('d', 'm')
      and dimension = 'country'`.execute(h.db);
    const fromRaw = async () => {
      const out: Record<string, number> = {};
      for (const r of await h.db.selectFrom('scans').select('country').where('code_id', '=', code.id).execute())
        out[r.country ?? ''] = (out[r.country ?? ''] ?? 0) + 1;
      return out;
    };
    const byCountry = async () => {
      const res = await call(h, {
        url: `/v1/codes/${code.id}/stats?from=2024-04-01&to=2024-04-30&include_bots=true`,
        tenant: t,
      });
      assert.equal(res.statusCode, 200, res.body);
      return Object.fromEntries(res.json.data.by_country.map((b: { key: string; scans: number }) => [b.key, b.scans]));
    };
    assert.deepEqual(await byCountry(), await fromRaw(), 'an unmarked month is read from its raw scans');
    await scansAt(code, [apr + 28 * DAY]);
    assert.deepEqual(await byCountry(), await fromRaw());
    const cells = await sql<{ grain: string; value: string; scans: number }>`select grain, value, sum(scans) as scans
      from scan_rollups where code_id = ${code.id} and grain in ('d', 'm') and dimension = 'country'
      group by grain, value order by grain, value`.execute(h.db);
    const raw = await fromRaw();
    assert.deepEqual(
      cells.rows.map((r) => [r.grain, r.value, Number(r.scans)]),
      ['d', 'm'].flatMap((g) =>
        Object.keys(raw)
          .sort()
          .map((v) => [g, v, raw[v]]),
      ),
      'the next flush rebuilt its day and month cells from the raw scans',
    );
    assert.equal(await detailedOf(code.id, 'm'), 1);
  });

  it('retention keeps every breakdown of the deleted hours: sparse hours are detailed first', async () => {
    const t: Tenant = await seedTenant(h, 'pro');
    const a = await createCode(h, t, { type: 'url', url: 'https://a.example.com/', tags: ['r'] });
    const b = await createCode(h, t, { type: 'url', url: 'https://b.example.com/', tags: ['r'] });
    const day = Date.parse('2024-03-10T00:00:00.000Z');
    // Three days: a scan every 40 minutes for a, and a dense hour (18:00 UTC, Kolkata's midnight at 18:30) for b.
    await scansAt(
      a,
      Array.from({ length: 3 * 36 }, (_, i) => day + i * 40 * 60_000 + 11_000),
    );
    await scansAt(
      b,
      [
        ...Array.from({ length: 20 }, (_, i) => day + i * 3 * HOUR + 5_000),
        ...Array.from({ length: DENSE_HOUR + 10 }, (_, i) => day + DAY + 18 * HOUR + i * 14_000),
      ].sort((x, y) => x - y),
      40,
    );
    const urls = [
      `/v1/analytics?from=2024-03-10&to=2024-03-12&tz=Asia/Kolkata&code_id=${a.id}&include_bots=true&limit=100`,
      `/v1/analytics?from=2024-03-10T05:45:00Z&to=2024-03-12T18:15:00Z&tz=Asia/Kathmandu&tag=r&limit=100`,
      `/v1/analytics?from=2024-03-11T17:30:00Z&to=2024-03-11T19:45:00Z&code_id=${b.id}&include_bots=true&limit=100`,
      `/v1/analytics?from=2024-03-10&to=2024-03-12&tz=America/New_York&limit=100`,
      `/v1/codes/${a.id}/stats?from=2024-03-10T01:15:00Z&to=2024-03-12T22:45:00Z&tz=Europe/Berlin&include_bots=true`,
      `/v1/codes/${b.id}/stats?from=2024-03-09&to=2024-03-12&tz=Asia/Kolkata`,
    ];
    const answers = async () =>
      Promise.all(
        urls.map(async (url) => {
          const res = await call(h, { url, tenant: t });
          assert.equal(res.statusCode, 200, res.body);
          return res.json.data;
        }),
      );
    const before = await answers();
    assert.ok(before[0].dimensions.country.length > 0 && before[2].totals.scans > DENSE_HOUR);
    // A day cell an instance of the version before D42 wrote to a's sparse month: reads ignore it,
    // and retention's cells from the raw scans replace it instead of adding to it.
    await sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
      values (${a.id}, 'd', '2024-03-10', 'country', 'DE', 7, 7, 0, 0)
      on conflict (code_id, grain, dimension, bucket, value) do update set scans = scan_rollups.scans + 7,
      humans = scan_rollups.humans + 7`.execute(h.db);
    assert.deepEqual(await answers(), before);
    await h.db.updateTable('workspaces').set({ scan_retention_days: 30 }).where('id', '=', t.workspaceId).execute();
    await runRetention(h.db, new Date(day + 60 * DAY), { batchSize: 25, pauseMs: 0, managePartitions: false });
    const left = await h.db.selectFrom('scans').select('id').where('code_id', 'in', [a.id, b.id]).execute();
    assert.equal(left.length, 0, 'the raw scans are gone');
    assert.deepEqual(await answers(), before);
    // A second pass (another instance) details nothing twice.
    await runRetention(h.db, new Date(day + 60 * DAY), { batchSize: 25, pauseMs: 0, managePartitions: false });
    assert.deepEqual(await answers(), before);
  });
});
