// Runs the test files given, two at a time, in the order given. `node --test` sorts its file
// arguments by name, so scripts/test.mjs, which decides the order, calls node's runner through its
// API instead. The test files inherit this process's --import tsx.
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';

// A failing browser journey writes what its pages showed here (test/web/failure-report.ts); it is
// printed after the summary, the part of a long run that CI's log keeps.
const reports = mkdtempSync(join(tmpdir(), 'qrs-failures-'));
process.env.QRS_FAILURE_DIR = reports;

/** Runs files through the spec reporter; resolves with the files that had a failing test. */
function runFiles(files, concurrency) {
  const failed = new Set();
  const stream = run({ files, concurrency });
  stream.on('test:fail', (event) => failed.add(event.file));
  const out = stream.compose(new spec());
  out.pipe(process.stdout, { end: false });
  return new Promise((resolve) => out.on('end', () => resolve(failed)));
}

function printReports(heading) {
  for (const name of readdirSync(reports).sort()) {
    process.stdout.write(`\n── ${heading} ──\n${readFileSync(join(reports, name), 'utf8')}`);
    rmSync(join(reports, name));
  }
}

const isJourney = (file) => file.includes(`${sep}test${sep}web${sep}`);

const failed = await runFiles(process.argv.slice(2), 2);
const journeys = [...failed].filter((f) => f && isJourney(f));
// A browser journey that failed, and only such, runs once more, alone, on its own new server and
// database: on two busy cores, the last two CI runs each failed on one journey's wait that passed
// in every local run under load (docs/benchmarks.md, "Test suite"). The run passes only if the
// second try passes, and it says loudly which journey needed it and what the first try saw.
if (failed.size > 0 && journeys.length === failed.size) {
  printReports('what the browser showed on the first try');
  process.stdout.write(`\n!! ${journeys.length} browser journey file(s) failed; running them once more, alone:\n`);
  for (const f of journeys) process.stdout.write(`!!   ${f}\n`);
  const again = await runFiles(journeys, 1);
  printReports('what the browser showed on the second try');
  if (again.size === 0) {
    process.stdout.write(`\n!! FLAKY, passed on the second try (the first try's failure is above):\n`);
    for (const f of journeys) process.stdout.write(`!!   ${f}\n`);
  } else process.exitCode = 1;
} else if (failed.size > 0) {
  printReports('what the browser showed when a test failed');
  process.exitCode = 1;
}
rmSync(reports, { recursive: true, force: true });
