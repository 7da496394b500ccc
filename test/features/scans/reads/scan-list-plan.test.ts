import { it } from 'node:test';
import assert from 'node:assert/strict';
import { CompiledQuery, sql } from 'kysely';
import { seedTenant } from '../../../support/harness.js';
import { forEachDialect, useHarness } from '../../../support/suite.js';
import { isPostgres } from '../../../../src/db/database.js';
import { listScansQuery } from '../../../../src/features/scans/reads/scans.repo.js';
import { createCode } from '../../../support/codes.js';
import { seedScans } from '../scan-seed.js';

// The first page of a code's scans is a backward range read of the (code_id, id) key that stops
// after limit + 1 rows, never a sort of all the code's scans: its cost is O(page) at any size.
forEachDialect('scan list plan', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('reads the key backwards with a limit, bots filtered or not, with or without a cursor', async () => {
    const t = await seedTenant(h, 'pro');
    const c = await createCode(h, t, { type: 'url', url: 'https://plan.example.com/' });
    const now = Date.now();
    await seedScans(
      h.db,
      t,
      c.id,
      Array.from({ length: 3000 }, (_, i) => ({ at: now - i * 60_000, isBot: i % 10 === 0 })),
    );
    const pg = isPostgres(h.db);
    if (pg) await sql`analyze scans`.execute(h.db);
    // A cursor in the middle of the code's scans, as a client paging through them sends: a cursor
    // older than every row leaves nothing to read, and the planner may then pick any plan.
    const middle = await h.db
      .selectFrom('scans')
      .select('id')
      .where('code_id', '=', c.id)
      .orderBy('id', 'desc')
      .offset(1500)
      .limit(1)
      .executeTakeFirstOrThrow();
    for (const includeBots of [true, false]) {
      for (const cursor of [null, middle.id]) {
        let q = listScansQuery(h.db, c.id, includeBots).orderBy('id', 'desc').limit(51);
        if (cursor) q = q.where('id', '<', cursor);
        const compiled = q.compile();
        const res = await h.db.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(`explain ${pg ? '' : 'query plan '}${compiled.sql}`, [...compiled.parameters]),
        );
        const plan = res.rows.map((r) => String(r['QUERY PLAN'] ?? r.detail)).join('\n');
        if (pg) {
          assert.match(plan, /^Limit/, plan);
          assert.match(plan, /Index Scan Backward using scans_\w+ on/, plan);
          assert.doesNotMatch(plan, /(^|->)\s*Sort\s+\(cost/m, plan, 'no Sort node');
        } else {
          assert.match(plan, /SEARCH scans USING INDEX scans_code_id_id \(code_id=\?/, plan);
          assert.doesNotMatch(plan, /TEMP B-TREE/, plan);
        }
      }
    }
  });
});
