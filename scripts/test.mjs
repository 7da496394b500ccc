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
// sweep takes about two minutes alone, three under the suite). Listed last, they ran side by side
// at the end after the short files were done; listed first, two Chromiums fought over the two
// cores. So the axe sweep leads with short files beside it, then each other browser suite is
// followed by three short files, so that mostly one browser runs at a time, and short files close
// the run.
// docs/benchmarks.md, "Test suite", has the wall times.
const LONGEST = 'test/web/axe-sweep.test.ts';
const BESIDE_LONGEST = 25; // short files of about 9 s each, about as long as the sweep
const isBrowser = (f) => f.includes('test/web/') && !f.endsWith(LONGEST);
const browser = listed.filter(isBrowser);
const rest = listed.filter((f) => !isBrowser(f) && !f.endsWith(LONGEST));
const files = listed.filter((f) => f.endsWith(LONGEST));
rest.forEach((f, i) => {
  if (i >= BESIDE_LONGEST && (i - BESIDE_LONGEST) % 3 === 0 && browser.length) files.push(browser.shift());
  files.push(f);
});
files.push(...browser);
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
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'test',
      // Servers that tests start as processes inherit this: a retention pass (the first a minute after
      // start) would drop other files' empty test partitions of the shared PostgreSQL database.
      // Tests of retention ask for it themselves.
      RETENTION_INTERVAL_MS: process.env.RETENTION_INTERVAL_MS ?? '0',
    },
  },
);
process.exit(res.status ?? 1);
