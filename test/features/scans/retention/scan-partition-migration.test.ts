import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { migrations } from '../../../../src/db/migrations/index.js';
import { scanId } from '../../../../src/features/scans/ingest/scan-id.js';
import { withMigrationDatabase } from '../../../support/migration-db.js';

// PostgreSQL only: migration 0006_2 turns an existing scans table into monthly partitions. Runs in
// a database of its own: a schema of its own inside the shared test database raced other files'
// migrators, which list every schema's tables (one failed as another dropped its schema).
const url = process.env.TEST_DATABASE_URL;
describe('scans partitioning migration [postgres]', { skip: url ? false : 'TEST_DATABASE_URL not set' }, () => {
  it('moves every existing row into its month (odd ids into DEFAULT) and backfills bot counters', async () => {
    await withMigrationDatabase({ name: 'postgres', url: url! }, async (db, migrator) => {
      const names = Object.keys(migrations).sort();
      const before = names[names.indexOf('0006_2_scan_retention') - 1];
      const step = await migrator.migrateTo(before);
      assert.equal(step.error, undefined);
      // Seeded in SQL with the columns of that schema: today's services write columns that later
      // migrations add.
      const now = new Date().toISOString();
      const t = { organization_id: 'org_mig', workspace_id: 'ws_mig' };
      await sql`insert into organizations (id, name, slug, billing_email, plan, settings, created_at, updated_at)
        values (${t.organization_id}, 'Mig', 'mig', null, 'pro', '{}', ${now}, ${now})`.execute(db);
      await sql`insert into workspaces (id, organization_id, name, slug, default_locale, approval_required, settings, is_default, status, created_at, updated_at)
        values (${t.workspace_id}, ${t.organization_id}, 'Default', 'default', 'de', 0, '{}', 1, 'active', ${now}, ${now})`.execute(
        db,
      );
      await sql`insert into codes (id, organization_id, workspace_id, type, dynamic, url, short_code, tags, status, scan_count, style, created_at, updated_at)
        values ('qr_mig', ${t.organization_id}, ${t.workspace_id}, 'url', 1, 'https://m.example/', 'migmig01', '[]', 'active', 3, '{}', ${now}, ${now})`.execute(
        db,
      );
      const at = [
        Date.parse('2025-06-03T10:00:00Z'),
        Date.parse('2025-06-20T10:00:00Z'),
        Date.parse('2025-09-01T00:00:00Z'),
        Date.now(),
      ];
      const rows = at.map((ms, i) => ({
        id: scanId(ms),
        code_id: 'qr_mig',
        workspace_id: t.workspace_id,
        organization_id: t.organization_id,
        scanned_at: new Date(ms).toISOString(),
        country: 'DE',
        device: null,
        os: null,
        browser: null,
        referrer: i === 1 ? 'tab\there' : null,
        language: null,
        is_bot: i === 1 ? 1 : 0,
        ip_hash: 'h',
        destination: null,
      }));
      rows.push({ ...rows[0], id: 'legacy-row' });
      await db.insertInto('scans').values(rows).execute();

      assert.equal((await migrator.migrateToLatest()).error, undefined);
      const kind = await sql<{ relkind: string }>`select relkind from pg_class where oid = 'scans'::regclass`.execute(
        db,
      );
      assert.equal(kind.rows[0].relkind, 'p', 'scans is a partitioned table');
      const parts = await sql<{
        name: string;
        n: number;
      }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'scans'::regclass order by 1`.execute(db);
      const partNames = parts.rows.map((r) => r.name);
      assert.ok(partNames.includes('scans_default'));
      assert.ok(
        partNames.includes('scans_y2025m06') &&
          partNames.includes('scans_y2025m07') &&
          partNames.includes('scans_y2025m09'),
      );
      const d = new Date();
      const ahead = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 3, 1));
      assert.ok(
        partNames.includes(`scans_y${ahead.getUTCFullYear()}m${String(ahead.getUTCMonth() + 1).padStart(2, '0')}`),
        'three months ahead exist',
      );
      const after = await db.selectFrom('scans').selectAll().orderBy('id').execute();
      assert.deepEqual(
        after,
        // migration 0060 (D79) adds region and city, unknown for the rows before
        [...rows].sort((a, b) => (a.id < b.id ? -1 : 1)).map((r) => ({ ...r, region: null, city: null })),
      );
      const june = await sql<{ id: string }>`select id from scans_y2025m06 order by id`.execute(db);
      assert.deepEqual(
        june.rows.map((r) => r.id),
        [rows[0].id, rows[1].id],
      );
      const def = await sql<{ id: string }>`select id from scans_default`.execute(db);
      assert.deepEqual(
        def.rows.map((r) => r.id),
        ['legacy-row'],
      );
      const code = await db
        .selectFrom('codes')
        .select(['bot_scan_count', 'purged_scan_count'])
        .where('id', '=', 'qr_mig')
        .executeTakeFirstOrThrow();
      assert.deepEqual({ ...code }, { bot_scan_count: 1, purged_scan_count: 0 });
      await assert.rejects(
        db.insertInto('scans').values(rows[2]).execute(),
        /duplicate key/,
        'the primary key holds across partitions',
      );
    });
  });
});
