/**
 * Redirect throughput: the real server (all plugins, cache, scan buffer) against a bare Fastify
 * route that only answers 302, each in its own child process, loaded by autocannon from this one.
 * Afterwards every 302 of the run must be a scan row. Run: npx tsx bench/redirect.bench.ts
 * PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildApp } from '../src/app.js';
import { bootstrap } from '../src/cli/commands.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const env = (databaseUrl: string) => ({ ...process.env, DATABASE_URL: databaseUrl, RATE_LIMIT_PUBLIC: '0', NODE_ENV: 'production', LOG_LEVEL: 'silent' });

// ---- child: one server, told when to close --------------------------------------------------
async function serve(kind: string) {
  let close: () => Promise<void>;
  let port: number;
  if (kind === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/r/:code', (_req, reply) => { reply.code(302).header('location', 'https://example.com/landing').header('cache-control', 'no-store').send(); });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    close = () => app.close();
  } else {
    const config = loadConfig(process.env);
    const db = openDatabase(config.databaseUrl);
    const app = await buildApp(config, { db, logger: false });
    // The same bare 302 inside the real app (all plugins and hooks, no lookup, no scan): separates
    // the cost of the shared request pipeline from the cost of the redirect's own work.
    app.get('/floor/:code', { config: { auth: false, rateLimit: 'public' } }, (_req, reply) => { reply.code(302).header('location', 'https://example.com/landing').header('cache-control', 'no-store').send(); });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    close = async () => { await app.close(); await db.destroy(); };
  }
  process.send!({ port });
  process.on('message', async (m) => {
    if (m === 'close') {
      await close();
      process.send!('closed', () => process.exit(0));
    }
  });
}

// ---- parent ---------------------------------------------------------------------------------
function start(kind: 'app' | 'bare', databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(fileURLToPath(import.meta.url), ['serve', kind], { env: env(databaseUrl), execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('message', (m) => { if (m === 'closed') resolve(); });
    child.send('close');
  });
}

async function load(url: string, duration: number) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers: { 'user-agent': UA, 'accept-language': 'en-US' } });
  const redirects = Number(r.statusCodeStats?.['302' as `${number}`]?.count ?? 0);
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, redirects, errors: r.errors + r.timeouts, total: r.requests.total };
}

async function seed(databaseUrl: string) {
  const config = loadConfig(env(databaseUrl));
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const t = await bootstrap(db, config, { email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'bench password 1', orgName: 'Bench', orgSlug: `bench-${randomBytes(4).toString('hex')}`, plan: 'enterprise' });
  const app = await buildApp(config, { db, logger: false });
  const res = await app.inject({ method: 'POST', url: '/v1/codes', headers: { authorization: `Bearer ${t.api_key}`, 'content-type': 'application/json' }, payload: JSON.stringify({ type: 'url', url: 'https://example.com/landing' }) });
  await app.close();
  const code = res.json().data as { id: string; short_code: string };
  return { db, code };
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function run(label: string, databaseUrl: string) {
  const { db, code } = await seed(databaseUrl);
  const bare = await start('bare', databaseUrl);
  const app = await start('app', databaseUrl);
  const bareUrl = `http://127.0.0.1:${bare.port}/r/${code.short_code}`;
  const appUrl = `http://127.0.0.1:${app.port}/r/${code.short_code}`;
  // Alternating rounds, so load from elsewhere on the machine hits both servers alike.
  const floorUrl = `http://127.0.0.1:${app.port}/floor/${code.short_code}`;
  const rounds: Array<{ b: Awaited<ReturnType<typeof load>>; f: Awaited<ReturnType<typeof load>>; a: Awaited<ReturnType<typeof load>> }> = [];
  let appRedirects = 0;
  await load(bareUrl, WARMUP);
  await load(floorUrl, WARMUP);
  appRedirects += (await load(appUrl, WARMUP)).redirects;
  for (let i = 0; i < ROUNDS; i++) {
    const b = await load(bareUrl, DURATION);
    const f = await load(floorUrl, DURATION);
    const a = await load(appUrl, DURATION);
    appRedirects += a.redirects;
    rounds.push({ a, b, f });
  }
  await stop(bare.child);
  await stop(app.child); // graceful: the ScanBuffer flushes on close

  const row = await db.selectFrom('scans').select(db.fn.countAll<number>().as('n')).where('code_id', '=', code.id).executeTakeFirstOrThrow();
  const stored = await db.selectFrom('codes').select('scan_count').where('id', '=', code.id).executeTakeFirstOrThrow();
  // A PostgreSQL benchmark database is often the shared test database: leave no million rows.
  await db.deleteFrom('scans').where('code_id', '=', code.id).execute();
  await db.destroy();
  const scans = Number(row.n);
  // autocannon stops with up to one request per connection in flight: the server answered (and
  // recorded) it, the client no longer counts it. So rows may exceed counted 302s by that much.
  const phases = 1 + ROUNDS;
  const inFlight = scans - appRedirects;
  const ok = inFlight >= 0 && inFlight <= phases * CONNECTIONS && Number(stored.scan_count) === scans;
  console.log(`\n### ${label}\n`);
  console.log('| round | bare req/s | app pipeline floor req/s | qrs /r req/s | qrs / bare | floor / bare | qrs / floor | bare p99 ms | qrs p50 ms | qrs p99 ms | qrs 302s | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  rounds.forEach(({ a, b, f }, i) => {
    console.log(`| ${i + 1} | ${b.rps.toFixed(0)} | ${f.rps.toFixed(0)} | ${a.rps.toFixed(0)} | ${pct(a.rps / b.rps)} | ${pct(f.rps / b.rps)} | ${pct(a.rps / f.rps)} | ${b.p99} | ${a.p50} | ${a.p99} | ${a.redirects} | ${a.errors + b.errors + f.errors} |`);
  });
  const ratio = median(rounds.map(({ a, b }) => a.rps / b.rps));
  console.log(`\nmedian qrs / bare: **${pct(ratio)}** (target ≥ 75 %); median floor / bare ${pct(median(rounds.map(({ f, b }) => f.rps / b.rps)))}; median qrs / floor ${pct(median(rounds.map(({ a, f }) => a.rps / f.rps)))}; median qrs p99 ${median(rounds.map((r) => r.a.p99))} ms`);
  console.log(`scan rows: ${scans} for ${appRedirects} counted 302s (warm-up + ${ROUNDS} rounds) + ${inFlight} answered while autocannon stopped (≤ ${phases * CONNECTIONS}); code scan_count ${stored.scan_count} → ${ok ? 'every 302 is a scan row ✔' : 'MISMATCH ✘'}`);
  return ok;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'qrs-bench-'));
  console.log(`redirect benchmark: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s per server (after ${WARMUP} s warm-up), node ${process.version}, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  let ok = await run('SQLite (temp file)', `sqlite:${join(dir, 'bench.sqlite')}`);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) ok = (await run('PostgreSQL', pg)) && ok;
  rmSync(dir, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}

if (process.argv[2] === 'serve') await serve(process.argv[3]);
else await main();
