import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { forEachDialect } from '../../../support/suite.js';
import { withMigrationDatabase } from '../../../support/migration-db.js';

// Migration 0041 (docs/decisions.md D44): SQLite's raw scans move from a WITHOUT ROWID table keyed
// by (code_id, id) to a rowid table in time order with a unique index on (code_id, id); PostgreSQL
// is left as it is. Every row survives both ways, and the key stays unique.
forEachDialect('scans rowid migration', (dialect) => {
  it('keeps every scan, in time order of rowid on SQLite, the (code_id, id) key unique, and goes back', async () => {
    await withMigrationDatabase(dialect, async (db, migrator) => {
      assert.equal((await migrator.migrateTo('0040_raw_sparse_months')).error, undefined);
      const insert = (id: string, code: string) =>
        sql`insert into scans (id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser,
          referrer, language, is_bot, ip_hash, destination)
          values (${id}, ${code}, 'w', 'o', '2026-11-27T10:00:00.000Z', 'DE', 'mobile', 'iOS', 'Mobile Safari',
          null, 'de', 0, 'abc', 'https://example.com/')`.execute(db);
      // Inserted out of time order: the rebuilt table's rowids follow the ids (scan time).
      for (const [id, code] of [
        ['scn_03', 'b'],
        ['scn_01', 'a'],
        ['scn_02', 'b'],
        ['scn_04', 'a'],
      ])
        await insert(id, code);
      const all = async () =>
        (await sql<{ id: string; code_id: string }>`select id, code_id from scans order by code_id, id`.execute(db))
          .rows;
      const before = await all();
      assert.equal((await migrator.migrateTo('0041_sqlite_scans_rowid')).error, undefined);
      assert.deepEqual(await all(), before);
      if (dialect.name === 'sqlite') {
        const table = await sql<{ sql: string }>`select sql from sqlite_master where name = 'scans'`.execute(db);
        assert.doesNotMatch(table.rows[0].sql, /without rowid/i);
        const byRowid = await sql<{ id: string }>`select id from scans order by rowid`.execute(db);
        assert.deepEqual(
          byRowid.rows.map((r) => r.id),
          ['scn_01', 'scn_02', 'scn_03', 'scn_04'],
        );
        const plan = await sql<{
          detail: string;
        }>`explain query plan select * from scans where code_id = 'a' and id > 'scn_00' order by id`.execute(db);
        assert.match(plan.rows.map((r) => r.detail).join(' '), /scans_code_id_id/, 'the per-code reads use the index');
      }
      await assert.rejects(insert('scn_01', 'a'), /unique|duplicate/i, 'the key stays unique');
      await insert('scn_05', 'c');
      assert.equal((await migrator.migrateTo('0040_raw_sparse_months')).error, undefined);
      assert.deepEqual(
        await all(),
        [...before, { id: 'scn_05', code_id: 'c' }].sort((x, y) => (x.code_id + x.id < y.code_id + y.id ? -1 : 1)),
      );
      if (dialect.name === 'sqlite') {
        const table = await sql<{ sql: string }>`select sql from sqlite_master where name = 'scans'`.execute(db);
        assert.match(table.rows[0].sql, /without rowid/i);
      }
      await assert.rejects(insert('scn_01', 'a'), /unique|duplicate/i);
    });
  });
});
