import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { call, createHarness, seedTenant, type Harness } from '../../support/harness.js';
import { forEachDialect } from '../../support/suite.js';
import { isPostgres } from '../../../src/db/database.js';

/** Makes every update of api_keys fail inside the database, as a refused write would. */
async function refuseKeyUpdates(h: Harness, on: boolean) {
  if (isPostgres(h.db)) {
    if (on) {
      await sql`create or replace function qrs_test_refuse() returns trigger as $$ begin raise exception 'refused by test'; end $$ language plpgsql`.execute(
        h.db,
      );
      await sql`create trigger qrs_test_refuse before update on api_keys for each row execute function qrs_test_refuse()`.execute(
        h.db,
      );
    } else {
      await sql`drop trigger qrs_test_refuse on api_keys`.execute(h.db);
    }
  } else if (on) {
    await sql`create trigger qrs_test_refuse before update on api_keys begin select raise(abort, 'refused by test'); end`.execute(
      h.db,
    );
  } else {
    await sql`drop trigger qrs_test_refuse`.execute(h.db);
  }
}

const lastUsedOf = async (h: Harness, workspaceId: string) =>
  (
    await h.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow()
  ).last_used_at;

forEachDialect('API key last-used times', (dialect) => {
  it('a failed write keeps the times, and the next flush writes them', async () => {
    const h = await createHarness(dialect);
    try {
      const t = await seedTenant(h);
      assert.equal(
        (await call(h, { url: '/v1/organizations', headers: { authorization: `Bearer ${t.apiKey}` } })).statusCode,
        200,
      );
      await refuseKeyUpdates(h, true);
      await assert.rejects(h.app.deps.lastUsed.flush(), /refused by test/);
      assert.equal(await lastUsedOf(h, t.workspaceId), null);
      await refuseKeyUpdates(h, false);
      await h.app.deps.lastUsed.flush();
      assert.ok(await lastUsedOf(h, t.workspaceId), 'written by the next flush');
    } finally {
      await h.close();
    }
  });

  it('shutdown logs what it could not write instead of failing the close', async () => {
    const lines: string[] = [];
    const h = await createHarness(
      dialect,
      {},
      { logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } },
    );
    const t = await seedTenant(h);
    assert.equal(
      (await call(h, { url: '/v1/organizations', headers: { authorization: `Bearer ${t.apiKey}` } })).statusCode,
      200,
    );
    await refuseKeyUpdates(h, true);
    try {
      await h.app.close();
      const warned = lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.msg === 'API key last-used times not written at shutdown');
      assert.equal(warned.length, 1, lines.join('\n'));
      assert.equal(warned[0].keys, 1);
    } finally {
      await refuseKeyUpdates(h, false);
      await h.db.destroy();
    }
  });
});
