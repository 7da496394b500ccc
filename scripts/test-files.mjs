// Runs the test files given, two at a time, in the order given. `node --test` sorts its file
// arguments by name, so scripts/test.mjs, which decides the order, calls node's runner through its
// API instead. The test files inherit this process's --import tsx.
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const files = process.argv.slice(2);
// A failing browser journey writes what its pages showed here (test/web/failure-report.ts); it is
// printed after the summary, the part of a long run that CI's log keeps.
const reports = mkdtempSync(join(tmpdir(), 'qrs-failures-'));
process.env.QRS_FAILURE_DIR = reports;
const stream = run({ files, concurrency: 2 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
const out = stream.compose(new spec());
out.pipe(process.stdout, { end: false });
out.on('end', () => {
  const written = readdirSync(reports).sort();
  for (const name of written) {
    process.stdout.write(
      `\n── what the browser showed when a test failed ──\n${readFileSync(join(reports, name), 'utf8')}`,
    );
  }
  rmSync(reports, { recursive: true, force: true });
});
