// Prints every built file with its gzipped size and fails when the first screen's JavaScript
// (index.html's entry script plus the chunks it preloads) exceeds the budget.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 250;
const dist = fileURLToPath(new URL('../dist', import.meta.url));
const kb = (n) => (n / 1024).toFixed(1).padStart(8) + ' KB';
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;

const files = readdirSync(join(dist, 'assets'))
  .filter((f) => !/\.(br|gz)$/.test(f))
  .map((f) => `assets/${f}`);
console.log('dashboard build (raw, gzipped):');
for (const f of files.sort()) console.log(`  ${f.padEnd(48)} ${kb(statSync(join(dist, f)).size)} ${kb(gz(f))}`);

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const total = first.reduce((s, f) => s + gz(f), 0);
console.log(`first screen JavaScript: ${first.join(', ')} = ${kb(total).trim()} gzipped (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB * 1024) {
  console.error(`!! first screen JavaScript exceeds ${BUDGET_KB} KB gzipped`);
  process.exit(1);
}
