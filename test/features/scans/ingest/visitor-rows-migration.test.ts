import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { forEachDialect } from '../../../support/suite.js';
import { withMigrationDatabase } from '../../../support/migration-db.js';

// Migration 0037 folds the two visitor-day sets (all scans, human scans) into one row with a flag,
// and its down migration splits them again.
forEachDialect('visitor-day rows migration', (dialect) => {
  it('keeps every visitor-day once, human where the human set had it, and goes back', async () => {
    await withMigrationDatabase(dialect, async (db, migrator) => {
      assert.equal((await migrator.migrateTo('0036_jobs_claim_indexes')).error, undefined);
      const pair = [
        ['qr_a', '2026-11-20', 0, 'ip1'],
        ['qr_a', '2026-11-20', 1, 'ip1'],
        ['qr_a', '2026-11-20', 0, 'ip2'],
        ['ws_a', '2026-11-21', 0, 'ip1'],
        ['ws_a', '2026-11-21', 1, 'ip1'],
      ];
      for (const [scope, day, human, ip] of pair)
        await sql`insert into scan_visitors (scope_id, day, human, ip_hash) values (${scope}, ${day}, ${human}, ${ip})`.execute(
          db,
        );
      assert.equal((await migrator.migrateTo('0037_visitor_rows')).error, undefined);
      const rows = await sql<{ scope_id: string; day: string; ip_hash: string; human: number }>`
      select scope_id, day, ip_hash, human from scan_visitors order by scope_id, day, ip_hash`.execute(db);
      assert.deepEqual(
        rows.rows.map((r) => [r.scope_id, r.day, r.ip_hash, Number(r.human)]),
        [
          ['qr_a', '2026-11-20', 'ip1', 1],
          ['qr_a', '2026-11-20', 'ip2', 0],
          ['ws_a', '2026-11-21', 'ip1', 1],
        ],
      );
      assert.equal((await migrator.migrateTo('0036_jobs_claim_indexes')).error, undefined);
      const back = await sql<{ scope_id: string; day: string; human: number; ip_hash: string }>`
      select scope_id, day, human, ip_hash from scan_visitors order by scope_id, day, ip_hash, human`.execute(db);
      assert.deepEqual(
        back.rows.map((r) => [r.scope_id, r.day, Number(r.human), r.ip_hash]),
        pair,
      );
    });
  });
});

// Migration 0039 keeps 16 hex digits of each visitor-day's IP hash (docs/decisions.md D41).
forEachDialect('visitor hash migration', (dialect) => {
  it('cuts each hash to 16 digits, merging rows that then agree, and migrates down and up again', async () => {
    await withMigrationDatabase(dialect, async (db, migrator) => {
      assert.equal((await migrator.migrateTo('0038_sparse_months')).error, undefined);
      const rows = [
        ['qr_a', '2026-11-20', `${'a'.repeat(16)}${'0'.repeat(16)}`, 0],
        ['qr_a', '2026-11-20', `${'a'.repeat(16)}${'1'.repeat(16)}`, 1],
        ['qr_a', '2026-11-20', 'b'.repeat(32), 0],
      ] as const;
      for (const [scope, day, ip, human] of rows)
        await sql`insert into scan_visitors (scope_id, day, ip_hash, human) values (${scope}, ${day}, ${ip}, ${human})`.execute(
          db,
        );
      const visitors = async () =>
        (
          await sql<{
            ip_hash: string;
            human: number;
          }>`select ip_hash, human from scan_visitors order by ip_hash`.execute(db)
        ).rows.map((r) => [r.ip_hash, Number(r.human)]);
      assert.equal((await migrator.migrateTo('0039_visitor_hash_and_room_for_updates')).error, undefined);
      const cut = [
        ['a'.repeat(16), 1],
        ['b'.repeat(16), 0],
      ];
      assert.deepEqual(await visitors(), cut);
      assert.equal((await migrator.migrateTo('0038_sparse_months')).error, undefined);
      assert.deepEqual(await visitors(), cut);
      assert.equal((await migrator.migrateTo('0039_visitor_hash_and_room_for_updates')).error, undefined);
      assert.deepEqual(await visitors(), cut);
    });
  });
});
