import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { foreignAccesses, foreignIn, tableOwners } from '../../scripts/table-ownership.js';

// A feature reaches only its own tables (docs/decisions.md D71): `npm run lint:tables` fails on any
// access to another feature's table.

describe('table ownership', () => {
  it("reads each table's owner from the schema's imports", () => {
    const owners = tableOwners();
    assert.equal(owners.get('codes'), 'codes');
    assert.equal(owners.get('scans'), 'scans');
    assert.equal(owners.get('scan_rollups'), 'scans');
    assert.equal(owners.get('usage_counters'), 'usage');
    assert.equal(owners.get('memberships'), 'organizations');
    assert.equal(owners.get('idempotency_keys'), 'db');
    assert.ok(owners.size > 40, `${owners.size} tables`);
  });

  it('finds a foreign table in a Kysely call, a join with an alias, and raw SQL; not its own, nor in comments', () => {
    const file = 'src/features/usage/probe.repo.ts';
    assert.deepEqual(foreignIn(file, "await db.selectFrom('codes').selectAll().execute();"), [
      `${file} → codes (codes)`,
    ]);
    assert.deepEqual(foreignIn(file, "db.selectFrom('usage_counters').innerJoin('users as u', 'u.id', 'x')"), [
      `${file} → users (accounts)`,
    ]);
    assert.deepEqual(foreignIn(file, 'await sql`update workspaces set name = ${n}`.execute(db);'), [
      `${file} → workspaces (workspaces)`,
    ]);
    assert.deepEqual(foreignIn(file, "joinOnId(db.selectFrom('usage_counters'), 'codes', 'x.code_id')"), [
      `${file} → codes (codes)`,
    ]);
    assert.deepEqual(foreignIn(file, "// db.selectFrom('codes')\ndb.deleteFrom('usage_thresholds')"), []);
  });

  it("no feature names another feature's table", () => {
    assert.deepEqual(foreignAccesses(), []);
  });

  it('npm run lint runs it', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    assert.match(pkg.scripts.lint, /npm run lint:tables/);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/table-ownership.ts'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
  });
});
