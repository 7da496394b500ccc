import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Migrator, sql, type Migration } from 'kysely';
import { openDatabase, type DB } from '../../../../src/db/database.js';
import { migrations } from '../../../../src/db/migrations/index.js';
import { forEachDialect } from '../../../support/suite.js';

// Migration 0037 folds the two visitor-day sets (all scans, human scans) into one row with a flag,
// and its down migration splits them again. On PostgreSQL in a database of its own: a schema of its
// own, dropped at the end, failed another process's migrator, which lists every schema's tables.
forEachDialect('visitor-day rows migration', (dialect) => {
  it('keeps every visitor-day once, human where the human set had it, and goes back', async () => {
    const name = `qrs_mig_${randomBytes(4).toString('hex')}`;
    let admin: DB | undefined;
    let url = dialect.url;
    if (dialect.name === 'postgres') {
      admin = openDatabase(url);
      await sql`create database ${sql.id(name)}`.execute(admin);
      const u = new URL(url);
      u.pathname = `/${name}`;
      url = u.toString();
    }
    const db = openDatabase(url);
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations as Record<string, Migration> },
      });
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
    } finally {
      await db.destroy();
      if (admin) {
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
        await admin.destroy();
      }
    }
  });
});
