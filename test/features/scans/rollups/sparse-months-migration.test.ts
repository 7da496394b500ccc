import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { forEachDialect } from '../../../support/suite.js';
import { withMigrationDatabase } from '../../../support/migration-db.js';

// Migration 0038 deletes the month breakdown cells of sparse code-months (fewer than 200 scans),
// which reads no longer use, and its down migration rebuilds them from the day cells.
forEachDialect('sparse months migration', (dialect) => {
  it('prunes the month cells of sparse months only, and the down migration rebuilds them from the days', async () => {
    await withMigrationDatabase(dialect, async (db, migrator) => {
      assert.equal((await migrator.migrateTo('0037_visitor_rows')).error, undefined);
      // code a: March sparse (3 scans), April dense (250); each month's cells as the old flush wrote them.
      const cells: Array<[string, string, string, string, string, number]> = [
        ['a', 'm', '2026-03', 'total', '', 3],
        ['a', 'm', '2026-03', 'country', 'DE', 2],
        ['a', 'm', '2026-03', 'country', 'FR', 1],
        ['a', 'd', '2026-03-01', 'total', '', 2],
        ['a', 'd', '2026-03-01', 'country', 'DE', 2],
        ['a', 'd', '2026-03-31', 'total', '', 1],
        ['a', 'd', '2026-03-31', 'country', 'FR', 1],
        ['a', 'm', '2026-04', 'total', '', 250],
        ['a', 'm', '2026-04', 'country', 'DE', 250],
        ['a', 'd', '2026-04-02', 'total', '', 250],
        ['a', 'd', '2026-04-02', 'country', 'DE', 250],
      ];
      for (const [code, grain, bucket, dimension, value, n] of cells)
        await sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
          values (${code}, ${grain}, ${bucket}, ${dimension}, ${value}, ${n}, ${n}, 0, 0)`.execute(db);
      const months = async () =>
        (
          await sql<{ bucket: string; dimension: string; value: string; scans: number }>`
          select bucket, dimension, value, scans from scan_rollups where grain = 'm' order by bucket, dimension, value`.execute(
            db,
          )
        ).rows.map((r) => [r.bucket, r.dimension, r.value, Number(r.scans)]);
      const before = await months();
      assert.equal((await migrator.migrateTo('0038_sparse_months')).error, undefined);
      assert.deepEqual(await months(), [
        ['2026-03', 'total', '', 3],
        ['2026-04', 'country', 'DE', 250],
        ['2026-04', 'total', '', 250],
      ]);
      assert.equal((await migrator.migrateTo('0037_visitor_rows')).error, undefined);
      assert.deepEqual(await months(), before);
    });
  });
});
