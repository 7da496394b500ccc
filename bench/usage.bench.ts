/**
 * Usage endpoint latency with 10 million scans in the month. GET /v1/organizations/usage reads the
 * per-organization monthly counter the scan buffer maintains, so its cost does not depend on the
 * number of scans. To show that on real data, 1,000,000 raw scan rows of this month are inserted
 * in bulk (SQL-generated, not through HTTP) and the counter is set to 10,000,000, as the flushes of
 * 10 M scans would have left it; an organization with no scans is the baseline. For contrast, the
 * naive COUNT(*) over the raw rows is timed too.
 * Run: npx tsx bench/usage.bench.ts   (PostgreSQL too with BENCH_DATABASE_URL / TEST_DATABASE_URL)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../src/config/load-config.js';
import { openDatabase, isPostgres, type DB } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildApp } from '../src/app.js';
import { bootstrap } from '../src/cli/commands.js';

const RAW_ROWS = Number(process.env.BENCH_RAW_SCANS ?? 1_000_000);
const COUNTER = 10_000_000;
const CALLS = 2_000;

async function tenant(db: DB, config: ReturnType<typeof loadConfig>) {
  const slug = `usage-${randomBytes(4).toString('hex')}`;
  return bootstrap(db, config, {
    email: `${slug}@example.com`,
    password: 'bench password 1',
    orgName: 'Usage bench',
    orgSlug: slug,
    plan: 'enterprise',
  });
}

async function bulkScans(db: DB, codeId: string, workspaceId: string, organizationId: string, period: string) {
  const start = `${period}-01T00:00:00.000Z`;
  // Ids: the month's time prefix plus a counter: unique and well-formed enough for a load test.
  if (isPostgres(db)) {
    await sql`insert into scans (id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser, referrer, language, is_bot, ip_hash, destination)
      select 'scn_01BENCH' || lpad(n::text, 19, '0'), ${codeId}, ${workspaceId}, ${organizationId},
        to_char((${start}::timestamptz + (n % 86400) * interval '1 second') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        (array['DE','FR','US','GB'])[1 + n % 4], 'mobile', 'iOS', 'Mobile Safari', null, 'en', case when n % 50 = 0 then 1 else 0 end,
        md5(n::text), 'https://example.com/'
      from generate_series(1, ${RAW_ROWS}) as n`.execute(db);
  } else {
    await sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${RAW_ROWS})
      insert into scans (id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser, referrer, language, is_bot, ip_hash, destination)
      select 'scn_01BENCH' || printf('%019d', n), ${codeId}, ${workspaceId}, ${organizationId},
        strftime('%Y-%m-%dT%H:%M:%fZ', ${start}, '+' || (n % 86400) || ' seconds'),
        case n % 4 when 0 then 'DE' when 1 then 'FR' when 2 then 'US' else 'GB' end, 'mobile', 'iOS', 'Mobile Safari', null, 'en',
        case when n % 50 = 0 then 1 else 0 end, hex(randomblob(16)), 'https://example.com/'
      from s`.execute(db);
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(app: Awaited<ReturnType<typeof buildApp>>, key: string) {
  const times: number[] = [];
  let body: unknown;
  for (let i = 0; i < CALLS; i++) {
    const t0 = process.hrtime.bigint();
    const res = await app.inject({
      method: 'GET',
      url: '/v1/organizations/usage',
      headers: { authorization: `Bearer ${key}` },
    });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (res.statusCode !== 200) throw new Error(res.body);
    body = res.json().data;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), body: body as { scans: { used: number } } };
}

async function run(label: string, databaseUrl: string) {
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const db = openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax });
  await migrateToLatest(db);
  const busy = await tenant(db, config);
  const idle = await tenant(db, config);
  const app = await buildApp(config, { db, logger: false });
  const created = await app.inject({
    method: 'POST',
    url: '/v1/codes',
    headers: { authorization: `Bearer ${busy.api_key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ type: 'url', url: 'https://example.com/' }),
  });
  const code = created.json().data as { id: string };
  const period = new Date().toISOString().slice(0, 7);

  const t0 = Date.now();
  await bulkScans(db, code.id, busy.workspace_id, busy.organization_id, period);
  const seedMs = Date.now() - t0;
  await db
    .insertInto('usage_counters')
    .values({ organization_id: busy.organization_id, period, scans: COUNTER })
    .onConflict((oc) => oc.columns(['organization_id', 'period']).doUpdateSet({ scans: COUNTER }))
    .execute();

  const base = await measure(app, idle.api_key);
  const loaded = await measure(app, busy.api_key);
  const c0 = process.hrtime.bigint();
  const naive = await db
    .selectFrom('scans')
    .select(sql<number>`count(*)`.as('n'))
    .where('organization_id', '=', busy.organization_id)
    .where('scanned_at', '>=', `${period}-01T00:00:00.000Z`)
    .where('is_bot', '=', 0)
    .executeTakeFirstOrThrow();
  const naiveMs = Number(process.hrtime.bigint() - c0) / 1e6;
  await app.close();
  await db.deleteFrom('scans').where('code_id', '=', code.id).execute(); // leave no million rows behind
  await db.destroy();

  console.log(`\n### ${label}\n`);
  console.log(
    `${RAW_ROWS.toLocaleString('en')} raw scan rows inserted in ${(seedMs / 1000).toFixed(1)} s; counter = ${COUNTER.toLocaleString('en')}; ${CALLS} sequential requests each (app.inject, API key auth included).\n`,
  );
  console.log('| organization | scans.used | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  console.log(`| no scans | ${base.body.scans.used} | ${base.p50.toFixed(2)} | ${base.p99.toFixed(2)} |`);
  console.log(
    `| 10 M scans this month | ${loaded.body.scans.used.toLocaleString('en')} | ${loaded.p50.toFixed(2)} | ${loaded.p99.toFixed(2)} |`,
  );
  console.log(
    `\nFor contrast, COUNT(*) over the ${RAW_ROWS.toLocaleString('en')} raw rows (no index on organization_id): ${naiveMs.toFixed(0)} ms (${Number(naive.n).toLocaleString('en')} non-bot rows).`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'qrs-usage-'));
console.log(`usage benchmark, node ${process.version}`);
await run('SQLite (temp file)', `sqlite:${join(dir, 'usage.sqlite')}`);
const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pg) await run('PostgreSQL', pg);
rmSync(dir, { recursive: true, force: true });
