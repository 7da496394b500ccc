/**
 * The scan flush's JavaScript: how long rollupsOf() aggregates one 1,000-scan batch and the quarter,
 * day and month cells of every code are built (the most a flush builds: it builds them only for
 * detailed hours and months that keep them), for a batch of one code alike in every field and for one
 * across 50 codes with varied countries, devices, browsers and referrers. Diagnostic, no target:
 * the redirect and analytics benchmarks show what it costs under load. Run: npm run bench -- rollups
 */
import { rollupsOf } from '../src/features/scans/rollups/rollup-rows.js';
import type { ScanRow } from '../src/features/scans/scans.table.js';

const BATCH = 1_000;
const start = Date.parse('2026-11-23T10:00:00.000Z');
const pick = <T>(list: T[], i: number) => list[i % list.length];

function batch(varied: boolean): ScanRow[] {
  return Array.from({ length: BATCH }, (_, i) => ({
    id: `scn_${String(i).padStart(6, '0')}`,
    code_id: `qr_BENCH${String(varied ? i % 50 : 0).padStart(4, '0')}XXXXXXXXXXXXXX`,
    workspace_id: 'ws_BENCHXXXXXXXXXXXXXXXXXX',
    organization_id: 'org_BENCHXXXXXXXXXXXXXXXXX',
    scanned_at: new Date(start + i * 100).toISOString(),
    country: varied ? pick(['DE', 'US', 'FR', 'IN'], i) : 'DE',
    region: varied ? pick(['Bavaria', 'California', 'Normandy', 'Kerala'], i) : 'Bavaria',
    city: varied ? pick(['Munich', 'San Jose', 'Rouen', 'Kochi'], i) : 'Munich',
    device: varied ? pick(['mobile', 'desktop'], i) : 'mobile',
    os: varied ? pick(['iOS', 'Android', 'Windows'], i) : 'iOS',
    browser: varied ? pick(['Safari', 'Chrome', 'Firefox', 'Edge'], i) : 'Safari',
    referrer: varied && i % 5 ? `https://site${i % 7}.example/x` : null,
    language: varied ? pick(['en', 'de', 'fr'], i) : 'en',
    is_bot: i % 17 === 0 ? 1 : 0,
    ip_hash: `hash${i}`,
    destination: null,
  }));
}

/** rollupsOf, then the fine and month cells of every code-hour and code-month: as if all were detailed and dense. */
async function aggregate(rows: ScanRow[], workspaceOf: Map<string, string>) {
  const rollups = await rollupsOf(rows, [], workspaceOf);
  for (const t of rollups.totals) {
    if (t.grain === 'h') rollups.fineCells(t.code_id, t.bucket);
    if (t.grain === 'm') rollups.monthCells(t.code_id, t.bucket);
  }
}

console.log(
  `rollups benchmark: node ${process.version}, ${BATCH.toLocaleString('en')}-scan batches, 200 warm-up and 500 timed calls each\n`,
);
console.log('| batch | ms a batch | µs a scan |\n|---|---:|---:|');
for (const varied of [false, true]) {
  const rows = batch(varied);
  const workspaceOf = new Map(rows.map((r) => [r.code_id, r.workspace_id]));
  for (let i = 0; i < 200; i++) await aggregate(rows, workspaceOf);
  const t0 = performance.now();
  for (let i = 0; i < 500; i++) await aggregate(rows, workspaceOf);
  const ms = (performance.now() - t0) / 500;
  console.log(
    `| ${varied ? '50 codes, varied fields' : 'one code, alike'} | ${ms.toFixed(2)} | ${((ms * 1000) / BATCH).toFixed(2)} |`,
  );
}
