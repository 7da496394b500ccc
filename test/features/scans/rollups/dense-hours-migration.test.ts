import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { forEachDialect } from '../../../support/suite.js';
import { withMigrationDatabase } from '../../../support/migration-db.js';

// Migration 0043 (docs/decisions.md D53): hours keep quarter cells from 240 scans on, no longer from
// 60, and only the `detailed` mark says an hour has them. The stored hours from 60 scans on have
// theirs and are marked; the down migration gives the unmarked hours of 60 scans or more written
// since their quarter cells from the raw scans.
forEachDialect('dense hours migration', (dialect) => {
  it('marks the stored hours from 60 scans on detailed, and the down migration rebuilds the quarter cells of newer unmarked ones', async () => {
    await withMigrationDatabase(dialect, async (db, migrator) => {
      assert.equal((await migrator.migrateTo('0042_no_hour_cells')).error, undefined);
      const cell = (grain: string, bucket: string, dimension: string, value: string, n: number, humans = n) =>
        sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
          values ('a', ${grain}, ${bucket}, ${dimension}, ${value}, ${n}, ${humans}, 0, 0)`.execute(db);
      // Written by the old scheme: a sparse hour (no cells), a 70-scan hour and a 300-scan hour with their quarter cells.
      await cell('h', '2026-05-07T08', 'total', '', 30);
      await cell('h', '2026-05-07T09', 'total', '', 70);
      await cell('q', '2026-05-07T09:15', 'country', 'DE', 70);
      await cell('h', '2026-05-07T11', 'total', '', 300);
      await cell('q', '2026-05-07T11:30', 'country', 'FR', 300);
      const state = async () =>
        (
          await sql<{
            grain: string;
            bucket: string;
            dimension: string;
            value: string;
            scans: number;
            humans: number;
            detailed: number;
          }>`
          select grain, bucket, dimension, value, scans, humans, detailed from scan_rollups
          order by grain, bucket, dimension, value`.execute(db)
        ).rows.map((r) => [
          r.grain,
          r.bucket,
          r.dimension,
          r.value,
          Number(r.scans),
          Number(r.humans),
          Number(r.detailed),
        ]);
      const before = await state();
      assert.equal((await migrator.migrateTo('0043_hours_dense_from_240')).error, undefined);
      assert.deepEqual(
        await state(),
        before.map((r) => (r[0] === 'h' && (r[4] as number) >= 60 ? [...r.slice(0, 6), 1] : r)),
      );
      // Written since by the new scheme: a 61-scan hour with no cells (its raw scans hold them), but
      // for one an instance of the old version added to it during the upgrade.
      await cell('h', '2026-05-07T10', 'total', '', 61, 40);
      await cell('q', '2026-05-07T10:00', 'country', 'XX', 5);
      for (let i = 0; i < 61; i++)
        await sql`insert into scans (id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser,
          referrer, language, is_bot, ip_hash, destination)
          values (${`scn_${i}`}, 'a', 'w', 'o', ${i < 40 ? '2026-05-07T10:05:00.000Z' : '2026-05-07T10:59:59.999Z'},
          ${i < 40 ? 'DE' : null}, null, null, null, 'https://News.example/x', null, ${i < 40 ? 0 : 1}, null, null)`.execute(
          db,
        );
      assert.equal((await migrator.migrateTo('0042_no_hour_cells')).error, undefined);
      const after = await state();
      assert.deepEqual(
        after.filter((r) => !(r[1] as string).startsWith('2026-05-07T10')),
        before.map((r) => (r[0] === 'h' && (r[4] as number) >= 60 ? [...r.slice(0, 6), 1] : r)),
      );
      assert.deepEqual(
        after.filter(
          (r) =>
            (r[1] as string).startsWith('2026-05-07T10') && ['country', 'referrer', 'total'].includes(r[2] as string),
        ),
        [
          ['h', '2026-05-07T10', 'total', '', 61, 40, 0],
          ['q', '2026-05-07T10:00', 'country', 'DE', 40, 40, 0],
          ['q', '2026-05-07T10:00', 'referrer', 'news.example', 40, 40, 0],
          ['q', '2026-05-07T10:45', 'country', '', 21, 0, 0],
          ['q', '2026-05-07T10:45', 'referrer', 'news.example', 21, 0, 0],
        ],
      );
    });
  });
});
