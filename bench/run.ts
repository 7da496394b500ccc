// `npm run bench`: runs every bench/*.bench.ts in turn, each in its own process so one bench's
// heap and timers never colour another's figures. Pass names to run a subset: npm run bench -- redirect
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}\n`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(dir, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
