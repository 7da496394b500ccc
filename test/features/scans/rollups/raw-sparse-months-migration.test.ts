import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { forEachDialect } from '../../../support/suite.js';
import { withMigrationDatabase } from '../../../support/migration-db.js';

// Migration 0040 (docs/decisions.md D42) marks every stored month detailed, since the old scheme
// kept every month's day cells; its down migration rebuilds, from the raw scans, the day cells of
// the sparse months written since, which keep none.
forEachDialect('raw sparse months migration', (dialect) => {
  it('marks the stored months detailed, and the down migration rebuilds the day cells of newer sparse months', async () => {
    await withMigrationDatabase(dialect, async (db, migrator) => {
      assert.equal((await migrator.migrateTo('0039_visitor_hash_and_room_for_updates')).error, undefined);
      const cell = (code: string, grain: string, bucket: string, dimension: string, value: string, n: number) =>
        sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
          values (${code}, ${grain}, ${bucket}, ${dimension}, ${value}, ${n}, ${n}, 0, 0)`.execute(db);
      // Written by the old scheme: a sparse March with its day cells, a dense April with day and month cells.
      await cell('a', 'm', '2026-03', 'total', '', 3);
      await cell('a', 'd', '2026-03-01', 'total', '', 3);
      await cell('a', 'd', '2026-03-01', 'country', 'DE', 3);
      await cell('a', 'm', '2026-04', 'total', '', 250);
      await cell('a', 'm', '2026-04', 'country', 'DE', 250);
      await cell('a', 'd', '2026-04-02', 'total', '', 250);
      await cell('a', 'd', '2026-04-02', 'country', 'DE', 250);
      const state = async () =>
        (
          await sql<{
            grain: string;
            bucket: string;
            dimension: string;
            value: string;
            scans: number;
            detailed: number;
          }>`
          select grain, bucket, dimension, value, scans, detailed from scan_rollups order by grain, bucket, dimension, value`.execute(
            db,
          )
        ).rows.map((r) => [r.grain, r.bucket, r.dimension, r.value, Number(r.scans), Number(r.detailed)]);
      const before = await state();
      assert.equal((await migrator.migrateTo('0040_raw_sparse_months')).error, undefined);
      assert.deepEqual(
        await state(),
        before.map((r) => (r[0] === 'm' && r[2] === 'total' ? [...r.slice(0, 5), 1] : r)),
      );
      // Written since by the new scheme: a sparse May keeps its totals only; its raw scans hold the rest.
      await cell('a', 'm', '2026-05', 'total', '', 2);
      await cell('a', 'd', '2026-05-07', 'total', '', 2);
      for (const [id, country, bot] of [
        ['scn_1', 'FR', 0],
        ['scn_2', null, 1],
      ] as const)
        await sql`insert into scans (id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser,
          referrer, language, is_bot, ip_hash, destination)
          values (${id}, 'a', 'w', 'o', '2026-05-07T10:00:00.000Z', ${country}, null, null, null,
          'https://News.example/x', null, ${bot}, null, null)`.execute(db);
      assert.equal((await migrator.migrateTo('0039_visitor_hash_and_room_for_updates')).error, undefined);
      const after = await state();
      assert.deepEqual(
        after.filter((r) => r[1] !== '2026-05-07' && r[1] !== '2026-05'),
        before,
      );
      assert.deepEqual(
        after.filter(
          (r) => r[1] === '2026-05-07' && ['country', 'referrer', 'device', 'total'].includes(r[2] as string),
        ),
        [
          ['d', '2026-05-07', 'country', '', 1, 0],
          ['d', '2026-05-07', 'country', 'FR', 1, 0],
          ['d', '2026-05-07', 'device', '', 2, 0],
          ['d', '2026-05-07', 'referrer', 'news.example', 2, 0],
          ['d', '2026-05-07', 'total', '', 2, 0],
        ],
      );
    });
  });
});
