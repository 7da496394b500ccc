// Runs the test files given, two at a time, in the order given. `node --test` sorts its file
// arguments by name, so scripts/test.mjs, which decides the order, calls node's runner through its
// API instead. The test files inherit this process's --import tsx.
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

const files = process.argv.slice(2);
const stream = run({ files, concurrency: 2 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(new spec()).pipe(process.stdout);
