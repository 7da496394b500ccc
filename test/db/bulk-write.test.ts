import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { forEachDialect, useHarness } from '../support/suite.js';
import { bulkWrite, type BulkFinish } from '../../src/db/bulk-insert.js';

type Day = { scope_id: string; day: string; ip_hash: string };

const newDays: BulkFinish<'scan_visitors', Day> = (insert) =>
  insert
    .onConflict((oc) => oc.columns(['scope_id', 'day', 'ip_hash']).doNothing())
    .returning(['scope_id', 'day', 'ip_hash']);

// Binds a value of its own after the rows': its text cannot be kept, and it is built each time.
const humanAgain: BulkFinish<'scan_visitors', Day> = (insert) =>
  insert
    .onConflict((oc) => oc.columns(['scope_id', 'day', 'ip_hash']).doUpdateSet({ human: sql<number>`${1}` }))
    .returning(['scope_id', 'day', 'ip_hash']);

const rowsOf = (scope: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    scope_id: scope,
    day: '2026-12-03',
    ip_hash: i.toString(16).padStart(16, '0'),
    human: 0,
  }));

forEachDialect('bulk writes', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('writes any number of rows, in full statements and pieces of a power of two, and returns what each returns', async () => {
    const rows = rowsOf('bulk-a', 1_234);
    const inserted = await bulkWrite(h.db, 'scan_visitors', rows, newDays);
    // RETURNING promises the rows, not their order.
    assert.deepEqual(
      inserted.map((r) => r.ip_hash).sort(),
      rows.map((r) => r.ip_hash),
    );
    // The same rows again, with a few new ones between them: only the new come back.
    const again = [...rows.slice(0, 700), ...rowsOf('bulk-b', 3), ...rows.slice(700)];
    const second = await bulkWrite(h.db, 'scan_visitors', again, newDays);
    assert.deepEqual(
      second.map((r) => `${r.scope_id} ${r.ip_hash}`).sort(),
      rowsOf('bulk-b', 3).map((r) => `${r.scope_id} ${r.ip_hash}`),
    );
    const { rows: count } = await sql<{ n: number }>`select count(*) as n from scan_visitors
      where scope_id in ('bulk-a', 'bulk-b')`.execute(h.db);
    assert.equal(Number(count[0].n), 1_237);
  });

  it('a statement that binds values of its own is built each time, with the same result', async () => {
    const rows = rowsOf('bulk-c', 5);
    await bulkWrite(h.db, 'scan_visitors', rows, newDays);
    for (let i = 0; i < 2; i++) {
      const updated = await bulkWrite(h.db, 'scan_visitors', rows, humanAgain);
      assert.equal(updated.length, 5);
    }
    const { rows: flags } = await sql<{ human: number }>`select human from scan_visitors
      where scope_id = 'bulk-c'`.execute(h.db);
    assert.deepEqual(
      flags.map((f) => Number(f.human)),
      [1, 1, 1, 1, 1],
    );
  });

  it('writes nothing for no rows', async () => {
    assert.deepEqual(await bulkWrite(h.db, 'scan_visitors', [], newDays), []);
  });
});
