// Audit log listing at scale: 1,000,000 entries in one workspace (plus 200,000 in another), then
// p50/p99 of GET /v1/audit-logs through the whole HTTP stack (app.inject: routing, auth,
// validation, query, serialisation). Standalone: `npx tsx bench/audit-list.bench.ts`
// (ENTRIES=… to change the size). Writes its table into docs/benchmarks.md, "## Audit log listing", as the section's current value.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { monotonicFactory } from 'ulid';
import { loadConfig } from '../src/config/load-config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildApp } from '../src/app.js';
import { bootstrap } from '../src/cli/commands.js';

const ENTRIES = Number(process.env.ENTRIES ?? 1_000_000);
const NOISE = Math.round(ENTRIES / 5);
const RUNS = Number(process.env.RUNS ?? 200);
const TYPES = ['codes', 'api_keys', 'webhooks', 'workspaces'];
const VERBS: Record<string, string[]> = {
  codes: ['created', 'updated', 'updated', 'updated', 'deleted'],
  api_keys: ['created', 'revoked'],
  webhooks: ['created', 'updated', 'deleted'],
  workspaces: ['created', 'updated', 'archived'],
};

const dir = mkdtempSync(join(tmpdir(), 'qrs-audit-bench-'));
const file = join(dir, 'bench.sqlite');
const config = loadConfig(
  {
    ...process.env,
    NODE_ENV: 'bench',
    DATABASE_URL: `sqlite:${file}`,
    PASSWORD_SCRYPT_COST: '1024',
    RATE_LIMIT_FREE: '0',
    RATE_LIMIT_ANONYMOUS: '0',
  } as NodeJS.ProcessEnv,
  { logLevel: 'silent' },
);

/** Bulk load outside the app: one prepared statement, large transactions, no fsync. */
function load(workspaceId: string, organizationId: string, n: number, startMs: number) {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  const insert =
    raw.prepare(`insert into audit_logs (id, organization_id, workspace_id, actor_type, actor_id, action, resource_type, resource_id, changes, request_id, created_at)
    values (?, ?, ?, 'api', 'key_01JD3Y2K8Q9XW4T5N6M7P8R9S0', ?, ?, ?, ?, ?, ?)`);
  const next = monotonicFactory();
  const batch = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const ms = startMs + i * 10;
      const type = TYPES[i % 4];
      const verbs = VERBS[type];
      const action = `${type}.${verbs[Math.floor(i / 4) % verbs.length]}`;
      const changes = JSON.stringify({ name: { old: `n${i - 1}`, new: `n${i}` } });
      insert.run(
        `aud_${next(ms)}`,
        organizationId,
        workspaceId,
        action,
        type,
        `res_${i % 10_000}`,
        changes,
        `req_${next(ms)}`,
        new Date(ms).toISOString(),
      );
    }
  });
  for (let i = 0; i < n; i += 50_000) batch(i, Math.min(n, i + 50_000));
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.exec('analyze');
  raw.close();
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const db = openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax });
  await migrateToLatest(db);
  const a = await bootstrap(db, config, {
    email: 'bench@example.com',
    password: 'benchmark password',
    orgName: 'Bench',
    orgSlug: 'bench',
    plan: 'free',
  });
  const b = await bootstrap(db, config, {
    email: 'noise@example.com',
    password: 'benchmark password',
    orgName: 'Noise',
    orgSlug: 'noise',
    plan: 'free',
  });
  await db.destroy();

  const t0 = performance.now();
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  load(a.workspace_id, a.organization_id, ENTRIES, start);
  load(b.workspace_id, b.organization_id, NOISE, start + 5);
  const loadS = (performance.now() - t0) / 1000;
  console.log(
    `loaded ${ENTRIES.toLocaleString('en')} + ${NOISE.toLocaleString('en')} noise entries in ${loadS.toFixed(1)} s`,
  );

  const app = await buildApp(config, { logger: false });
  await app.ready();
  const headers = { authorization: `Bearer ${a.api_key}` };
  const get = (url: string) => app.inject({ method: 'GET', url, headers });

  // A cursor ~90% of the way down the list: the id of the entry at that depth.
  const probe = new SQLite(file, { readonly: true });
  const deep = probe
    .prepare('select id from audit_logs where workspace_id = ? order by id desc limit 1 offset ?')
    .get(a.workspace_id, Math.floor(ENTRIES * 0.9)) as { id: string };
  const deepCode = probe
    .prepare(
      "select id from audit_logs where workspace_id = ? and resource_type = 'codes' order by id desc limit 1 offset ?",
    )
    .get(a.workspace_id, Math.floor((ENTRIES * 0.9) / 4)) as { id: string };
  probe.close();

  const scenarios: Array<[string, string]> = [
    ['first page (limit 50)', '/v1/audit-logs'],
    ['first page, limit 100', '/v1/audit-logs?limit=100'],
    ['resource_type=webhooks', '/v1/audit-logs?resource_type=webhooks'],
    ['resource_id=res_4242', '/v1/audit-logs?resource_id=res_4242'],
    ['action=api_keys.revoked', '/v1/audit-logs?action=api_keys.revoked'],
    ['resource_type + action', '/v1/audit-logs?resource_type=codes&action=codes.deleted'],
    ['deep cursor (90% down)', `/v1/audit-logs?cursor=${deep.id}`],
    ['deep cursor + resource_type', `/v1/audit-logs?resource_type=codes&cursor=${deepCode.id}`],
  ];
  const rows: string[] = [];
  for (const [name, url] of scenarios) {
    // The first request of a filter counts its settled entries from scratch (cold count cache).
    const c0 = performance.now();
    await get(url);
    const cold = performance.now() - c0;
    for (let i = 0; i < 10; i++) await get(url);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const res = await get(url);
      times.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      total = res.json().meta.pagination.total_count;
    }
    times.sort((x, y) => x - y);
    rows.push(
      `| ${name} | ${total.toLocaleString('en')} | ${cold.toFixed(1)} | ${pct(times, 50).toFixed(2)} | ${pct(times, 99).toFixed(2)} |`,
    );
    console.log(rows[rows.length - 1]);
  }
  await app.close();

  const table = [
    '| Request | total_count | first request ms | p50 ms | p99 ms |',
    '|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  // Only the section's figures are replaced: what they mean and how to read them stay as written.
  const current = `**Current value** (${new Date().toISOString().slice(0, 10)}, Node ${process.version}; the ${ENTRIES.toLocaleString('en')} entries bulk-loaded in ${loadS.toFixed(1)} s, plus ${NOISE.toLocaleString('en')} in another organization's workspace; ${RUNS} sequential requests per row after 10 warm-up requests):

${table}
`;
  const docs = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'benchmarks.md');
  let text = existsSync(docs) ? readFileSync(docs, 'utf8') : '';
  const re = /(## Audit log listing\n[\s\S]*?)\*\*Current value\*\*[^\n]*\n\n(?:\|[^\n]*\n)+/;
  if (!re.test(text)) throw new Error(`${docs} has no "## Audit log listing" section with a **Current value** table`);
  text = text.replace(re, (_m, head: string) => head + current);
  writeFileSync(docs, text);
  console.log(`\n${table}\n\nwritten to ${docs}`);
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  rmSync(dir, { recursive: true, force: true });
  console.error(err);
  process.exit(1);
});
