import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { forEachDialect } from '../../../support/suite.js';
import { withMigrationDatabase } from '../../../support/migration-db.js';

// Migration 0042 (docs/decisions.md D51) deletes the hour cells of the breakdowns, which repeat the
// sums of their quarters; its down migration sums them again from the quarter cells.
forEachDialect('hour cells migration', (dialect) => {
  it('deletes the hour cells of the breakdowns, keeps the totals, and the down migration sums them from the quarters', async () => {
    await withMigrationDatabase(dialect, async (db, migrator) => {
      assert.equal((await migrator.migrateTo('0041_sqlite_scans_rowid')).error, undefined);
      const cell = (grain: string, bucket: string, dimension: string, value: string, n: number, humans = n) =>
        sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
          values ('a', ${grain}, ${bucket}, ${dimension}, ${value}, ${n}, ${humans}, 0, 0)`.execute(db);
      // A detailed hour as the old scheme wrote it: its total, two quarters' cells and their hour sums.
      await cell('h', '2026-05-07T10', 'total', '', 70);
      await cell('q', '2026-05-07T10:00', 'total', '', 40);
      await cell('q', '2026-05-07T10:45', 'total', '', 30);
      await cell('q', '2026-05-07T10:00', 'country', 'DE', 25, 20);
      await cell('q', '2026-05-07T10:00', 'country', 'FR', 15);
      await cell('q', '2026-05-07T10:45', 'country', 'DE', 30, 28);
      await cell('h', '2026-05-07T10', 'country', 'DE', 55, 48);
      await cell('h', '2026-05-07T10', 'country', 'FR', 15);
      const state = async () =>
        (
          await sql<{ grain: string; bucket: string; dimension: string; value: string; scans: number; humans: number }>`
          select grain, bucket, dimension, value, scans, humans from scan_rollups
          order by grain, bucket, dimension, value`.execute(db)
        ).rows.map((r) => [r.grain, r.bucket, r.dimension, r.value, Number(r.scans), Number(r.humans)]);
      const before = await state();
      assert.equal((await migrator.migrateTo('0042_no_hour_cells')).error, undefined);
      assert.deepEqual(
        await state(),
        before.filter((r) => r[0] !== 'h' || r[2] === 'total'),
      );
      assert.equal((await migrator.migrateTo('0041_sqlite_scans_rowid')).error, undefined);
      assert.deepEqual(await state(), before);
    });
  });
});
