/**
 * Redirect throughput: the real server (all plugins, cache, scan buffer) against a bare Fastify
 * route that only answers 302, each in its own child process, loaded by autocannon from this one.
 * Afterwards every 302 of the run must be a scan row. Run: npx tsx bench/redirect.bench.ts
 * PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Then what IP geolocation
 * costs (bench/redirect-geo.ts), unless BENCH_GEO=off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  REQUEST_HEADERS,
  median,
  removeScans,
  scanRows,
  seedCode,
  startServer,
  stopServer,
} from './redirect-servers.js';
import { lookupCost, serverCost } from './redirect-geo.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = 2;

async function load(url: string, duration: number) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers: REQUEST_HEADERS });
  const redirects = Number(r.statusCodeStats?.['302' as `${number}`]?.count ?? 0);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    redirects,
    errors: r.errors + r.timeouts,
    total: r.requests.total,
  };
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function run(label: string, databaseUrl: string) {
  const { db, code } = await seedCode(databaseUrl);
  const rounds: Array<{
    b: Awaited<ReturnType<typeof load>>;
    f: Awaited<ReturnType<typeof load>>;
    a: Awaited<ReturnType<typeof load>>;
  }> = [];
  let appRedirects = 0;
  // Fresh server processes every round: on this VM a process keeps the speed it starts with, and
  // about one process in three runs everything 20-40 % slower, our code, Node's and the kernel's
  // alike (perf). A round per process pair samples that instead of letting one unlucky process
  // decide every round.
  for (let i = 0; i < ROUNDS; i++) {
    const bare = await startServer('bare', databaseUrl);
    const app = await startServer('app', databaseUrl);
    const bareUrl = `http://127.0.0.1:${bare.port}/r/${code.short_code}`;
    const floorUrl = `http://127.0.0.1:${app.port}/floor/${code.short_code}`;
    const appUrl = `http://127.0.0.1:${app.port}/r/${code.short_code}`;
    await load(bareUrl, WARMUP);
    await load(floorUrl, WARMUP);
    appRedirects += (await load(appUrl, WARMUP)).redirects;
    // Back to back, so load from elsewhere on the machine hits all three alike.
    const b = await load(bareUrl, DURATION);
    const f = await load(floorUrl, DURATION);
    const a = await load(appUrl, DURATION);
    appRedirects += a.redirects;
    rounds.push({ a, b, f });
    await stopServer(bare);
    await stopServer(app); // graceful: the scan sink flushes on close
  }

  const scans = await scanRows(db, code.id);
  const stored = await db.selectFrom('codes').select('scan_count').where('id', '=', code.id).executeTakeFirstOrThrow();
  await removeScans(db, code.id);
  await db.destroy();
  // autocannon stops with up to one request per connection in flight: the server answered (and
  // recorded) it, the client no longer counts it. So rows may exceed counted 302s by that much.
  const phases = 2 * ROUNDS; // a warm-up and a round per app process
  const inFlight = scans - appRedirects;
  const ok = inFlight >= 0 && inFlight <= phases * CONNECTIONS && Number(stored.scan_count) === scans;
  console.log(`\n### ${label}\n`);
  console.log(
    '| round | bare req/s | app pipeline floor req/s | qrs /r req/s | qrs / bare | floor / bare | qrs / floor | bare p99 ms | qrs p50 ms | qrs p99 ms | qrs 302s | errors |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  rounds.forEach(({ a, b, f }, i) => {
    console.log(
      `| ${i + 1} | ${b.rps.toFixed(0)} | ${f.rps.toFixed(0)} | ${a.rps.toFixed(0)} | ${pct(a.rps / b.rps)} | ${pct(f.rps / b.rps)} | ${pct(a.rps / f.rps)} | ${b.p99} | ${a.p50} | ${a.p99} | ${a.redirects} | ${a.errors + b.errors + f.errors} |`,
    );
  });
  const ratio = median(rounds.map(({ a, b }) => a.rps / b.rps));
  console.log(
    `\nmedian qrs / bare: **${pct(ratio)}** (target ≥ 75 %); median floor / bare ${pct(median(rounds.map(({ f, b }) => f.rps / b.rps)))}; median qrs / floor ${pct(median(rounds.map(({ a, f }) => a.rps / f.rps)))}; median qrs p99 ${median(rounds.map((r) => r.a.p99))} ms`,
  );
  console.log(
    `scan rows: ${scans} for ${appRedirects} counted 302s (${ROUNDS} warm-ups + ${ROUNDS} rounds) + ${inFlight} answered while autocannon stopped (≤ ${phases * CONNECTIONS}); code scan_count ${stored.scan_count} → ${ok ? 'every 302 is a scan row ✔' : 'MISMATCH ✘'}`,
  );
  return ok;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'qrs-bench-'));
  console.log(
    `redirect benchmark: ${CONNECTIONS} connections, ${ROUNDS} rounds, each on fresh server processes: ${WARMUP} s warm-up, then ${DURATION} s per server, node ${process.version}, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  let ok = await run('SQLite (temp file)', `sqlite:${join(dir, 'bench.sqlite')}`);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) ok = (await run('PostgreSQL', pg)) && ok;
  // What the IP geolocation lookup costs (D79); BENCH_GEO=off skips it.
  if (process.env.BENCH_GEO !== 'off') {
    await lookupCost();
    await serverCost(`sqlite:${join(dir, 'geo.sqlite')}`, ROUNDS, DURATION, CONNECTIONS);
  }
  rmSync(dir, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}

await main();
