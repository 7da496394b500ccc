import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { forEachDialect } from '../../../support/suite.js';
import { withMigrationDatabase } from '../../../support/migration-db.js';

// Migration 0044 (docs/decisions.md D54): a workspace keeps its top-code cells at the month grain
// only. The hour and day cells go; the down migration makes them again from the codes' `total` rows.
forEachDialect('top codes migration', (dialect) => {
  it('drops the hour and day top-code cells, and the down migration rebuilds them from the codes’ totals', async () => {
    await withMigrationDatabase(dialect, async (db, migrator) => {
      assert.equal((await migrator.migrateTo('0043_hours_dense_from_240')).error, undefined);
      const now = new Date().toISOString();
      await sql`insert into organizations (id, name, slug, billing_email, plan, settings, created_at, updated_at)
        values ('org_m', 'Mig', 'mig', null, 'pro', '{}', ${now}, ${now})`.execute(db);
      await sql`insert into workspaces (id, organization_id, name, slug, default_locale, approval_required, settings, is_default, status, created_at, updated_at)
        values ('ws_m', 'org_m', 'Default', 'default', 'de', 0, '{}', 1, 'active', ${now}, ${now})`.execute(db);
      for (const [id, short] of [
        ['qr_a', 'miga0001'],
        ['qr_b', 'migb0001'],
      ])
        await sql`insert into codes (id, organization_id, workspace_id, type, dynamic, url, short_code, tags, status, scan_count, style, created_at, updated_at)
          values (${id}, 'org_m', 'ws_m', 'url', 1, 'https://m.example/', ${short}, '[]', 'active', 0, '{}', ${now}, ${now})`.execute(
          db,
        );
      const codeTotal = (code: string, grain: string, bucket: string, n: number, humans: number) =>
        sql`insert into scan_rollups (code_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
          values (${code}, ${grain}, ${bucket}, 'total', '', ${n}, ${humans}, ${n}, ${humans})`.execute(db);
      const wsCell = (grain: string, bucket: string, dimension: string, value: string, n: number, humans: number) =>
        sql`insert into workspace_rollups (workspace_id, grain, bucket, dimension, value, scans, humans, visitors, human_visitors)
          values ('ws_m', ${grain}, ${bucket}, ${dimension}, ${value}, ${n}, ${humans}, 0, 0)`.execute(db);
      // As the older scheme wrote them: each code's totals, and a top-code cell a code at hour, day and month.
      for (const [code, n, humans] of [
        ['qr_a', 5, 4],
        ['qr_b', 2, 2],
      ] as const) {
        await codeTotal(code, 'q', '2026-05-07T09:15', n, humans);
        for (const [grain, bucket] of [
          ['h', '2026-05-07T09'],
          ['d', '2026-05-07'],
          ['m', '2026-05'],
        ]) {
          await codeTotal(code, grain, bucket, n, humans);
          await wsCell(grain, bucket, 'code', code, n, humans);
        }
      }
      await wsCell('d', '2026-05-07', 'total', '', 7, 6);
      await wsCell('d', '2026-05-07', 'country', 'DE', 7, 6);
      const state = async () =>
        (
          await sql<{ grain: string; bucket: string; dimension: string; value: string; scans: number; humans: number }>`
          select grain, bucket, dimension, value, scans, humans from workspace_rollups where workspace_id = 'ws_m'
          order by grain, bucket, dimension, value`.execute(db)
        ).rows.map((r) => [r.grain, r.bucket, r.dimension, r.value, Number(r.scans), Number(r.humans)]);
      const before = await state();
      assert.equal(before.length, 8);
      assert.equal((await migrator.migrateTo('0044_top_codes_by_month')).error, undefined);
      assert.deepEqual(
        await state(),
        before.filter((r) => r[2] !== 'code' || r[0] === 'm'),
      );
      // An instance of the older version adds a batch's share to an hour cell during the upgrade.
      await wsCell('h', '2026-05-07T09', 'code', 'qr_a', 1, 1);
      assert.equal((await migrator.migrateTo('0043_hours_dense_from_240')).error, undefined);
      assert.deepEqual(await state(), before);
    });
  });
});
