// Runs every test file (or those under the paths given) with node's own test runner. Node 20 has
// no --test glob support, so the files are listed here.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return find(p);
    return p.endsWith('.test.ts') ? [p] : [];
  });
}

const only = process.argv.slice(2);
// A folder given stands for the test files under it; before, node was handed the folder, ran no
// test and passed.
const listed = (only.length ? only : ['test']).flatMap((p) => (statSync(p).isDirectory() ? find(p).sort() : [p]));
// Two files run at a time, started in this order. The browser suites are the longest (the axe
// sweep alone takes about four minutes), and listed last they ran side by side at the end while
// the other slot idled; started first, the short files fill in behind them. docs/benchmarks.md,
// "Test suite", has the wall times before and after.
const LONGEST = 'test/web/axe-sweep.test.ts';
const weight = (f) => (f.endsWith(LONGEST) ? 0 : f.includes('test/web/') ? 1 : 2);
const files = listed.map((f, i) => [weight(f), i, f]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, , f]) => f);
if (files.length === 0) {
  console.error(`no test file under ${only.join(', ')}`);
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL) {
  console.warn('\n' + '!'.repeat(78));
  console.warn('!! TEST_DATABASE_URL is not set: every data test runs on SQLite ONLY.');
  console.warn('!! PostgreSQL suites are SKIPPED. Set TEST_DATABASE_URL=postgres://... to run them.');
  console.warn('!'.repeat(78) + '\n');
}
if (!process.env.TEST_REDIS_URL) {
  console.warn('!! TEST_REDIS_URL is not set: Redis-backed rate-limit/cache tests are SKIPPED.\n');
}

const res = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/test-files.mjs', ...files.map((f) => resolve(f))],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'test' } },
);
process.exit(res.status ?? 1);
