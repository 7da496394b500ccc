/**
 * Analytics at size (docs/analytics.md). Part 1: one code gets ANALYTICS_REDIRECT_SCANS scans through real
 * redirects (the app server in its own process, autocannon from here); then, while autocannon
 * keeps the redirects busy, GET /v1/codes/:id/stats and the first page of scans are called in turn:
 * their p50/p99, and the slowest redirect answered meanwhile. Part 2: ANALYTICS_SEEDED scans
 * inserted in SQL across ANALYTICS_CODES (1,000) codes and 365 days (ids carrying their scan time, as the sink's),
 * rolled up by the 0005 migration's backfill (its speed and the rollup rows a scan are printed);
 * then GET /v1/analytics for the year, p50/p99 (in process, app.inject).
 * Run: npm run bench -- analytics (PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 * ANALYTICS_KEEP=<dir> keeps the seeded databases (the SQLite file in <dir>) and a note of their
 * workspace; a later run with the same dir times the calls again without seeding, for tuning reads.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { loadConfig } from '../src/config/load-config.js';
import { isPostgres, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildApp } from '../src/app.js';
import { rollUpAsTheFlush } from '../test/support/rollup-backfill.js';
import { REQUEST_HEADERS, benchEnv, benchTenant, startServer, stopServer } from './redirect-servers.js';
import { scanIdSql } from '../test/support/scan-ids.js';

const REDIRECT_SCANS = Number(process.env.ANALYTICS_REDIRECT_SCANS ?? 1_000_000);
const SEEDED = Number(process.env.ANALYTICS_SEEDED ?? 10_000_000);
// Fewer codes keep a scaled-down run at the full run's density (10,000 scans a code a year).
const CODES = Number(process.env.ANALYTICS_CODES ?? 1_000);
const CALLS = Number(process.env.ANALYTICS_CALLS ?? 200);
/** Untimed calls before each timed row: the first call of a path compiles it (JIT, query plans). */
const WARM_UP = 10;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const fmt = (n: number) => n.toFixed(1);

async function tenant(databaseUrl: string) {
  const { config, db, t } = await benchTenant(databaseUrl);
  return { config, db, t, auth: { authorization: `Bearer ${t.api_key}` } };
}

async function throughRedirects(label: string, databaseUrl: string) {
  const { db, auth } = await tenant(databaseUrl);
  const server = await startServer('app', databaseUrl);
  const base = `http://127.0.0.1:${server.port}`;
  const created = await fetch(`${base}/v1/codes`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'url', url: 'https://example.com/landing' }),
  });
  const code = (await created.json()).data as { id: string; short_code: string };
  const started = Date.now();
  await autocannon({
    url: `${base}/r/${code.short_code}`,
    connections: 50,
    amount: REDIRECT_SCANS,
    headers: REQUEST_HEADERS,
  });
  const loadSeconds = (Date.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 3_000)); // the sink's last flush
  // Redirects keep coming while the analytics calls run.
  let instance!: autocannon.Instance;
  const redirects = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      { url: `${base}/r/${code.short_code}`, connections: 10, duration: 3600, headers: REQUEST_HEADERS },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  const time = async (path: string) => {
    const times: number[] = [];
    for (let i = 0; i < CALLS + WARM_UP; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { headers: auth });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      if (i >= WARM_UP) times.push(performance.now() - t0);
    }
    return times;
  };
  const timedLoad = loadavg()[0].toFixed(1);
  const stats = await time(`/v1/codes/${code.id}/stats`);
  const list = await time(`/v1/codes/${code.id}/scans`);
  instance.stop();
  const during = await redirects;
  await stopServer(server);
  const stored = await db.selectFrom('codes').select('scan_count').where('id', '=', code.id).executeTakeFirstOrThrow();
  console.log(
    `\n#### ${label}: one code, ${Number(stored.scan_count).toLocaleString('en')} scans through redirects (${fmt(loadSeconds)} s at 50 connections)\n`,
  );
  console.log('| call | p50 ms | p99 ms |\n|---|---:|---:|');
  console.log(`| GET /v1/codes/:id/stats (30 days) | ${fmt(pct(stats, 50))} | ${fmt(pct(stats, 99))} |`);
  console.log(`| GET /v1/codes/:id/scans (first page) | ${fmt(pct(list, 50))} | ${fmt(pct(list, 99))} |`);
  console.log(
    `\nload average (1 min) when the calls began: ${timedLoad}. Redirects during those ${(CALLS + WARM_UP) * 2} calls (warm-up included): ${during.requests.total.toLocaleString('en')} answered, p99 ${during.latency.p99} ms, slowest **${during.latency.max} ms**`,
  );
  await db.destroy();
}

const KEEP = process.env.ANALYTICS_KEEP;

interface Kept {
  api_key: string;
  workspace_id: string;
  seconds: { seed: number; backfill: number };
  counts: number[];
}

async function seeded(label: string, databaseUrl: string) {
  const keptAt = KEEP ? join(KEEP, `${label.startsWith('SQLite') ? 'sqlite' : 'postgres'}.json`) : undefined;
  if (keptAt && existsSync(keptAt)) {
    const kept = JSON.parse(readFileSync(keptAt, 'utf8')) as Kept;
    const config = loadConfig(benchEnv(databaseUrl));
    const db = openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax });
    await migrateToLatest(db);
    console.log(
      `\n#### ${label}: the kept ${SEEDED.toLocaleString('en')} scans of ${keptAt} (seeded in ${fmt(kept.seconds.seed)} s, backfilled in ${fmt(kept.seconds.backfill)} s)\n`,
    );
    await timeCalls(config, db, { authorization: `Bearer ${kept.api_key}` });
    await db.destroy();
    return;
  }
  const { config, db, t, auth } = await tenant(databaseUrl);
  const started = Date.now();
  const codeRows = Array.from({ length: CODES }, (_, i) => ({
    id: `qr_BENCH${String(i).padStart(4, '0')}${randomBytes(8).toString('hex').toUpperCase().slice(0, 15)}`,
  }));
  // One code made through the API, copied 1,000 times with fresh ids and short codes.
  const app0 = await buildApp(config, { db, logger: false });
  const made = await app0.inject({
    method: 'POST',
    url: '/v1/codes',
    headers: { ...auth, 'content-type': 'application/json' },
    payload: JSON.stringify({ type: 'url', url: 'https://example.com/' }),
  });
  await app0.close();
  const template = await db
    .selectFrom('codes')
    .selectAll()
    .where('id', '=', made.json().data.id)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('codes').where('id', '=', template.id).execute();
  for (let i = 0; i < CODES; i += 200) {
    await db
      .insertInto('codes')
      .values(
        codeRows
          .slice(i, i + 200)
          .map((c) => ({ ...template, id: c.id, short_code: `b${randomBytes(6).toString('hex')}` })),
      )
      .execute();
  }
  const start = Date.parse('2025-11-23T00:00:00.000Z');
  const step = (365 * 86_400_000) / (SEEDED / CODES);
  const perCode = SEEDED / CODES;
  // Every code gets SEEDED/1,000 scans spread evenly over the year, offset a little per code.
  for (const [n, c] of codeRows.entries()) {
    if (isPostgres(db)) {
      await sql`insert into scans (id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser, referrer, language, is_bot, ip_hash, destination)
        select ${scanIdSql(sql`(${sql.lit(start + n * 997)}::bigint + i::bigint * ${sql.lit(Math.round(step))})`, sql`i`, true)}, ${c.id}, ${t.workspace_id}, ${t.organization_id},
          to_char(to_timestamp((${start + n * 997}::bigint + (i::bigint * ${Math.round(step)})) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          (array['DE','FR','US','GB','IN',null])[1 + (i + ${n}) % 6], (array['mobile','desktop','tablet'])[1 + i % 3], (array['iOS','Android','Windows','macOS'])[1 + i % 4],
          (array['Mobile Safari','Chrome','Firefox'])[1 + i % 3], case when i % 3 = 0 then 'https://r' || (i % 20) || '.example/' end,
          (array['de-de','en-us','fr-fr','hi'])[1 + i % 4], case when i % 10 = 0 then 1 else 0 end, md5((i % 500)::text), 'https://example.com/'
        from generate_series(0, ${perCode - 1}) as i`.execute(db);
    } else {
      await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${perCode - 1})
        insert into scans (id, code_id, workspace_id, organization_id, scanned_at, country, device, os, browser, referrer, language, is_bot, ip_hash, destination)
        select ${scanIdSql(sql`(${sql.lit(start + n * 997)} + cast(i * ${sql.lit(step)} as integer))`, sql`i`, false)}, ${c.id}, ${t.workspace_id}, ${t.organization_id},
          strftime('%Y-%m-%dT%H:%M:%fZ', (${start + n * 997} + cast(i * ${step} as integer)) / 1000.0, 'unixepoch'),
          case (i + ${n}) % 6 when 0 then 'DE' when 1 then 'FR' when 2 then 'US' when 3 then 'GB' when 4 then 'IN' end,
          case i % 3 when 0 then 'mobile' when 1 then 'desktop' else 'tablet' end, case i % 4 when 0 then 'iOS' when 1 then 'Android' when 2 then 'Windows' else 'macOS' end,
          case i % 3 when 0 then 'Mobile Safari' when 1 then 'Chrome' else 'Firefox' end, case when i % 3 = 0 then 'https://r' || (i % 20) || '.example/' end,
          case i % 4 when 0 then 'de-de' when 1 then 'en-us' when 2 then 'fr-fr' else 'hi' end, case when i % 10 = 0 then 1 else 0 end, hex(i % 500), 'https://example.com/'
        from n`.execute(db);
    }
  }
  const seededAt = Date.now();
  await rollUpAsTheFlush(db, new Date(), [t.workspace_id]);
  const rolledAt = Date.now();
  // A production database has statistics (autovacuum analyzes after such a load); plans without them differ.
  if (isPostgres(db)) await sql`analyze`.execute(db);
  const counts = await Promise.all(
    ['scan_rollups', 'workspace_rollups'].map(async (table) => {
      const r = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(table === 'scan_rollups' ? 'code_id' : 'workspace_id')} ${table === 'scan_rollups' ? sql`in (select id from codes where workspace_id = ${t.workspace_id})` : sql`= ${t.workspace_id}`}`.execute(
        db,
      );
      return Number(r.rows[0].n);
    }),
  );
  console.log(
    `\n#### ${label}: ${SEEDED.toLocaleString('en')} scans in SQL across ${CODES.toLocaleString('en')} codes and 365 days\n`,
  );
  const seconds = (rolledAt - seededAt) / 1000;
  console.log(
    `seeded in ${fmt((seededAt - started) / 1000)} s, rolled up by the migration's backfill in ${fmt(seconds)} s (${Math.round(SEEDED / seconds).toLocaleString('en')} scans/s, ${Math.round((counts[0] + counts[1]) / seconds).toLocaleString('en')} rollup rows/s): ${counts[0].toLocaleString('en')} code rollup rows (${(counts[0] / SEEDED).toFixed(2)} a scan), ${counts[1].toLocaleString('en')} workspace rollup rows (${(counts[1] / SEEDED).toFixed(2)} a scan)\n`,
  );
  const kept: Kept = {
    api_key: t.api_key,
    workspace_id: t.workspace_id,
    seconds: { seed: (seededAt - started) / 1000, backfill: seconds },
    counts,
  };
  if (keptAt) writeFileSync(keptAt, JSON.stringify(kept));
  await timeCalls(config, db, auth);
  if (keptAt) return db.destroy();
  // Leave no millions of rows in a shared database.
  await db.deleteFrom('scans').where('workspace_id', '=', t.workspace_id).execute();
  await db
    .deleteFrom('scan_rollups')
    .where(
      'code_id',
      'in',
      codeRows.map((c) => c.id),
    )
    .execute();
  await db.deleteFrom('workspace_rollups').where('workspace_id', '=', t.workspace_id).execute();
  await db.destroy();
}

const QUERIES = process.env.ANALYTICS_QUERIES?.split(' ') ?? [
  'from=2025-11-23&to=2026-11-22',
  'from=2025-11-23&to=2026-11-22&tz=Europe/Berlin',
  'from=2025-11-23&to=2026-11-22&tz=Asia/Kolkata&interval=week',
];

/** GET /v1/analytics for each query, CALLS times after WARM_UP calls, in process. */
async function timeCalls(
  config: ReturnType<typeof loadConfig>,
  db: ReturnType<typeof openDatabase>,
  auth: Record<string, string>,
) {
  const app = await buildApp(config, { db, logger: false });
  console.log(`load average (1 min) when the calls began: ${loadavg()[0].toFixed(1)}\n`);
  console.log('| GET /v1/analytics (a year) | p50 ms | p99 ms | total scans |\n|---|---:|---:|---:|');
  for (const q of QUERIES) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < CALLS + WARM_UP; i++) {
      const t0 = performance.now();
      const res = await app.inject({ url: `/v1/analytics?${q}`, headers: auth });
      if (res.statusCode !== 200) throw new Error(res.body);
      if (i >= WARM_UP) times.push(performance.now() - t0);
      total = res.json().data.totals.scans;
    }
    console.log(`| ${q} | ${fmt(pct(times, 50))} | ${fmt(pct(times, 99))} | ${total.toLocaleString('en')} |`);
  }
  await app.close();
}

const dir = mkdtempSync(join(tmpdir(), 'qrs-analytics-'));
console.log(
  `analytics benchmark: node ${process.version}, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, ${CALLS} calls a row`,
);
const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const only = process.env.ANALYTICS_PART;
// ANALYTICS_DB=sqlite|postgres runs one database (e.g. the two seeded parts in two processes).
const sqlite = process.env.ANALYTICS_DB !== 'postgres';
const postgres = pg && process.env.ANALYTICS_DB !== 'sqlite' ? pg : undefined;
if (only !== 'seeded') {
  if (sqlite) await throughRedirects('SQLite (temp file)', `sqlite:${join(dir, 'redirects.sqlite')}`);
  if (postgres) await throughRedirects('PostgreSQL', postgres);
}
if (KEEP) mkdirSync(KEEP, { recursive: true });
if (only !== 'redirects') {
  if (sqlite)
    await seeded(KEEP ? 'SQLite (file)' : 'SQLite (temp file)', `sqlite:${join(KEEP ?? dir, 'seeded.sqlite')}`);
  if (postgres) await seeded('PostgreSQL', postgres);
}
rmSync(dir, { recursive: true, force: true });
