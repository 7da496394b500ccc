/**
 * Where a redirect's CPU goes: CPU time a request, per thread, of the bare route, the app's
 * pipeline floor and the redirect (redirect-servers.ts), read from /proc while autocannon loads
 * each in turn. Throughput ratios swing with the machine; CPU a request is steadier and says
 * which thread to make cheaper: the server's event loop, its other threads (the scan writer),
 * the PostgreSQL server's processes, or the load generator (this process) itself.
 * Linux only. Run: npx tsx bench/redirect-cpu.bench.ts (PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set).
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { postgresSum, statTicksWithChildren, threadTicks } from './proc.js';
import {
  REQUEST_HEADERS,
  median,
  removeScans,
  seedCode,
  startServer,
  stopServer,
  type Server,
} from './redirect-servers.js';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HZ = existsSync('/proc/self/task') ? Number(execSync('getconf CLK_TCK').toString()) : 0;

interface Sample {
  threads: Map<string, number>;
  postgres: number;
  machineBusy: number;
  machineTotal: number;
  self: NodeJS.CpuUsage;
}

function sample(pid: number): Sample {
  const threads = threadTicks(pid);
  const postgres = postgresSum(statTicksWithChildren, 'stat');
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { threads, postgres, machineBusy: total - cpu[3] - cpu[4], machineTotal: total, self: process.cpuUsage() };
}

interface Cost {
  rps: number;
  main: number;
  others: number;
  postgres: number;
  client: number;
  busy: number;
}

async function measure(server: Server, path: string): Promise<Cost> {
  const url = `http://127.0.0.1:${server.port}${path}`;
  const pid = server.child.pid!;
  const a = sample(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: REQUEST_HEADERS });
  const b = sample(pid);
  const n = r.requests.total;
  const us = (ticks: number) => ((ticks / HZ) * 1e6) / n;
  let others = 0;
  for (const [tid, t] of b.threads) if (tid !== String(pid)) others += t - (a.threads.get(tid) ?? 0);
  const self = process.cpuUsage(a.self);
  return {
    rps: n / SECONDS,
    main: us((b.threads.get(String(pid)) ?? 0) - (a.threads.get(String(pid)) ?? 0)),
    others: us(others),
    postgres: us(b.postgres - a.postgres),
    client: (self.user + self.system) / n,
    busy: (b.machineBusy - a.machineBusy) / (b.machineTotal - a.machineTotal),
  };
}

async function run(label: string, databaseUrl: string) {
  const { db, code } = await seedCode(databaseUrl);
  const names = ['bare Fastify 302', 'app pipeline floor', 'qrs redirect + scan'];
  const costs = names.map(() => [] as Cost[]);
  // Fresh processes every round, as in redirect.bench.ts: a process keeps the speed it starts with.
  for (let i = 0; i < ROUNDS; i++) {
    const bare = await startServer('bare', databaseUrl);
    const app = await startServer('app', databaseUrl);
    const targets = [
      { server: bare, path: `/r/${code.short_code}` },
      { server: app, path: `/floor/${code.short_code}` },
      { server: app, path: `/r/${code.short_code}` },
    ];
    for (const t of targets)
      await autocannon({
        url: `http://127.0.0.1:${t.server.port}${t.path}`,
        connections: CONNECTIONS,
        duration: 2,
        headers: REQUEST_HEADERS,
      });
    for (const [j, t] of targets.entries()) costs[j].push(await measure(t.server, t.path));
    await stopServer(bare);
    await stopServer(app);
  }
  await removeScans(db, code.id);
  await db.destroy();

  console.log(`\n### ${label}\n`);
  console.log(
    '| server | req/s | event loop µs | other server threads µs | PostgreSQL µs | autocannon µs | machine busy |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const m = (xs: Cost[], k: keyof Cost) => median(xs.map((x) => x[k]));
  names.forEach((name, j) => {
    const c = costs[j];
    console.log(
      `| ${name} | ${m(c, 'rps').toFixed(0)} | ${m(c, 'main').toFixed(1)} | ${m(c, 'others').toFixed(1)} | ${m(c, 'postgres').toFixed(1)} | ${m(c, 'client').toFixed(1)} | ${(m(c, 'busy') * 100).toFixed(0)} % |`,
    );
  });
  console.log(
    `\nMedians of ${ROUNDS} rounds of ${SECONDS} s, each on fresh server processes, ${CONNECTIONS} connections; CPU time a request. "Other server threads" is mostly the scan writer; a write that lands after the round is not counted.`,
  );
}

if (!HZ) {
  console.log('redirect-cpu: needs Linux /proc; skipped.');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'qrs-bench-'));
await run('SQLite (temp file)', `sqlite:${join(dir, 'bench.sqlite')}`);
const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pg) await run('PostgreSQL', pg);
rmSync(dir, { recursive: true, force: true });
process.exit(0);
