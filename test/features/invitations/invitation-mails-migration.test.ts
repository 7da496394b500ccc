import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { forEachDialect } from '../../support/suite.js';
import { withMigrationDatabase } from '../../support/migration-db.js';

// Migration 0046 (docs/decisions.md D57): one row per invitation mail for the daily cap. It adds a
// table and takes it away again, and changes nothing else.
forEachDialect('invitation mails migration', (dialect) => {
  it('creates invitation_mails, and the down migration drops it', async () => {
    await withMigrationDatabase(dialect, async (db, migrator) => {
      assert.equal((await migrator.migrateTo('0044_top_codes_by_month')).error, undefined);
      assert.equal((await migrator.migrateTo('0046_invitation_mails')).error, undefined);
      const at = new Date().toISOString();
      await sql`insert into invitation_mails (organization_id, sent_at) values ('org_m', ${at}), ('org_m', ${at})`.execute(
        db,
      );
      const rows = await sql<{
        n: number;
      }>`select count(*) as n from invitation_mails where organization_id = 'org_m'`.execute(db);
      assert.equal(Number(rows.rows[0].n), 2, 'a mail a row, the same instant twice');
      assert.equal((await migrator.migrateTo('0044_top_codes_by_month')).error, undefined);
      const tables = (await db.introspection.getTables()).map((t) => t.name);
      assert.ok(!tables.includes('invitation_mails'), tables.join(','));
      assert.ok(tables.includes('invitations'));
    });
  });
});
