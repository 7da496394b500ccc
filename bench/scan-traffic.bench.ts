/**
 * Real traffic on the scan pipeline (docs/scans-pipeline.md): 2,000 codes drawn from a Zipf
 * distribution (a few hot, a long tail) or uniformly, with rotating user agents, referrers,
 * countries, languages and client addresses, against real server processes (redirect-servers.ts).
 * For each shape it reports the server's CPU per redirect (every thread, measured until every scan
 * is a row), PostgreSQL's own CPU per scan, the bytes a stored scan wrote to storage, offered and
 * stored rates and the lag after the load, bytes per scan per table, the longest event-loop stall
 * and the latency of an API write sent every 200 ms during the load; and the same load against a
 * bare Fastify 302 in the same run.
 * Linux only. Run: npm run bench -- scan-traffic (PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set). SCAN_TRAFFIC_REDIRECTS (default 20,000) per run; SCAN_TRAFFIC_RATE offers
 * them at that many a second instead of as fast as the connections go (whether the writer keeps up);
 * SCAN_TRAFFIC_CONNECTIONS (10) is how many connections send them;
 * SCAN_TRAFFIC_SHAPES picks the shapes (zipf,uniform,one; default all three): `one` is one code
 * from one visitor, the pipeline's one-code target. SCAN_TRAFFIC_BARE_RUNS (3): bare processes a
 * shape, whose median is the ratio's denominator.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { sql } from 'kysely';
import type { DB } from '../src/db/database.js';
import { startServer, stopServer, type Server } from './redirect-servers.js';
import { postgresSum, statTicks, statTicksWithChildren, threadNames, threadTicks, writeBytes } from './proc.js';
import { CODES, cleanup, oneVisitorRequest, rng, rowsOf, seed, visitorRequest, zipf } from './traffic.js';

type SetupRequest = (req: Request) => Request;

const REDIRECTS = Number(process.env.SCAN_TRAFFIC_REDIRECTS ?? 20_000);
const RATE = process.env.SCAN_TRAFFIC_RATE ? Number(process.env.SCAN_TRAFFIC_RATE) : undefined;
// Phones each open their own connection; 10 keep the full-speed runs comparable with earlier ones,
// and a sustained rate takes more (a flush's slice of the event loop holds every open request).
const CONNECTIONS = Number(process.env.SCAN_TRAFFIC_CONNECTIONS ?? 10);
/** Redirects of the shape's traffic (another seed) each server answers before the timed part: its JIT then works on steady traffic. */
const WARMUP = Number(process.env.SCAN_TRAFFIC_WARMUP ?? 0);
const BARE_RUNS = Number(process.env.SCAN_TRAFFIC_BARE_RUNS ?? 3);
const SHAPES = (['zipf', 'uniform', 'one'] as const).filter((s) =>
  (process.env.SCAN_TRAFFIC_SHAPES ?? 'zipf,uniform,one').split(',').includes(s),
);
const HZ = Number(execSync('getconf CLK_TCK').toString());

// The servers trust one proxy hop (X-Forwarded-For is the client) and read the country header.
process.env.TRUST_PROXY = '1';
process.env.COUNTRY_HEADER = 'cf-ipcountry';

const processTicks = (pid: number) => statTicks(`/proc/${pid}/stat`);
const postgresTicks = () => postgresSum(statTicksWithChildren, 'stat');

/**
 * Ticks of the main thread, of the busiest other thread (the scan writer on a SQLite file) and of
 * the rest (V8's helper threads, mostly garbage collection; threads that ended count here too).
 */
type Trio = [number, number, number];

function split(pid: number, before: Map<string, number>, after: Map<string, number>, total: number): Trio {
  const delta = (tid: string) => (after.get(tid) ?? 0) - (before.get(tid) ?? 0);
  const main = delta(String(pid));
  let busiest = 0;
  for (const tid of after.keys()) if (tid !== String(pid)) busiest = Math.max(busiest, delta(tid));
  return [main, busiest, Math.max(0, total - main - busiest)];
}

/** The rest of the trio by thread name (threads that ended before the end are not in it). */
function restByName(
  pid: number,
  names: Map<string, string>,
  before: Map<string, number>,
  after: Map<string, number>,
): Record<string, number> {
  const deltas = [...after.keys()]
    .filter((tid) => tid !== String(pid))
    .map((tid) => [tid, (after.get(tid) ?? 0) - (before.get(tid) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1]);
  const out: Record<string, number> = {};
  for (const [tid, ticks] of deltas.slice(1)) {
    const name = `${names.get(tid) ?? 'ended'}#${tid}`;
    out[name] = (out[name] ?? 0) + ticks;
  }
  return out;
}

const TABLES = ['scans', 'scan_visitors', 'scan_rollups', 'workspace_rollups'] as const;

/**
 * PostgreSQL: rewrites the tables to their live rows (VACUUM FULL). Sizes right after a drain
 * include the row versions the flush's updates replaced, which autovacuum frees for reuse later but
 * never gives back; compacted sizes are what the stored data itself takes.
 */
async function compact(db: DB, databaseUrl: string) {
  if (databaseUrl.startsWith('sqlite:')) return;
  for (const t of TABLES) await sql`vacuum full ${sql.table(t)}`.execute(db);
}

async function sizes(db: DB, databaseUrl: string, dir: string): Promise<Record<string, number>> {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    let n = 0;
    for (const f of readdirSync(dir)) if (join(dir, f).startsWith(file)) n += statSync(join(dir, f)).size;
    return { 'database file (+ WAL)': n };
  }
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    // Partitioned scans: the sum over its partitions, indexes included. pg_partition_tree lists
    // nothing for a plain table, which read every other table as 0 bytes.
    const r = await sql<{ bytes: string }>`
      select coalesce((select sum(pg_total_relation_size(relid)) from pg_partition_tree(${t}::regclass)),
        pg_total_relation_size(${t}::regclass))::bigint as bytes`.execute(db);
    out[t] = Number(r.rows[0].bytes);
  }
  return out;
}

function stall(server: Server): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      if (m && typeof m === 'object' && 'stallMs' in m) {
        server.child.off('message', on);
        resolve((m as { stallMs: number }).stallMs);
      }
    };
    server.child.on('message', on);
    server.child.send('stall');
  });
}

interface Result {
  shape: string;
  server: string;
  offered: number;
  cpuUs: number;
  /** of cpuUs: the event loop, the busiest other thread (SQLite's scan writer), the rest */
  threadsUs: Trio;
  /** the rest of threadsUs by thread name */
  restUs: Record<string, number>;
  pgUs: number;
  /** KB written to storage a stored scan: the server process, and the postgres processes */
  diskKb: number;
  pgDiskKb: number;
  lagS: number;
  stored: number;
  stallMs: number;
  /** an API write's latency during the load, ms: median and max (qrs only) */
  apiWriteMs: [number, number] | null;
  bytes: Record<string, number>;
  compacted: Record<string, number> | null;
}

async function load(
  server: Server,
  setupRequest: SetupRequest,
  amount = REDIRECTS,
  rate = RATE,
): Promise<{ seconds: number; answered: number }> {
  const started = performance.now();
  const r = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections: CONNECTIONS,
    amount,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'GET',
        setupRequest,
      },
    ],
  });
  return { seconds: (performance.now() - started) / 1000, answered: r['3xx'] };
}

/** One API write, as a dashboard user's would be; its latency, ms. */
async function apiWrite(server: Server, apiKey: string, tag: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${server.port}/v1/codes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'url', url: `https://example.com/during-load/${tag}` }),
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`API write during the load: ${res.status}`);
  return performance.now() - started;
}

/**
 * An API write every 200 ms while `until` is pending: on a SQLite file it waits for the scan
 * writer's lock (docs/decisions.md D43). Its latencies, ms, sorted.
 */
async function apiWrites(server: Server, apiKey: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  until.then(
    () => (done = true),
    () => (done = true),
  );
  const out: number[] = [];
  for (let i = 0; !done; i++) {
    out.push(await apiWrite(server, apiKey, String(i)));
    await new Promise((r) => setTimeout(r, 200));
  }
  return out.sort((a, b) => a - b);
}

/** A shape's requests, drawn by a generator seeded with `seed`: the same traffic every run. */
function trafficOf(shape: (typeof SHAPES)[number], codes: string[], seed: number): SetupRequest {
  if (shape === 'one') return oneVisitorRequest(codes[0]);
  const rnd = rng(seed);
  const pick = shape === 'zipf' ? zipf(CODES, rnd) : () => Math.floor(rnd() * CODES);
  return visitorRequest(codes, pick, rnd);
}

async function run(label: string, databaseUrl: string, dir: string) {
  const { db, codes, workspaceId, apiKey } = await seed(databaseUrl);
  const results: Result[] = [];
  for (const shape of SHAPES) {
    // The bare 302 three times, each a fresh process, and its median: one process in three runs
    // 20-40 % slower for its whole life on a shared VM, and the ratio's denominator should not be a
    // lottery (docs/benchmarks.md, Method).
    for (const kind of [...Array<'bare'>(BARE_RUNS).fill('bare'), 'app' as const]) {
      const setupRequest = trafficOf(shape, codes, shape === 'zipf' ? 1 : 2);
      const server = await startServer(kind, databaseUrl);
      const pid = server.child.pid!;
      // Warm-up of either server: the shape's traffic, drawn afresh, until its code is optimized.
      let warmed = 0;
      const start = kind === 'app' ? await rowsOf(db, workspaceId) : 0;
      if (WARMUP)
        warmed = (await load(server, trafficOf(shape, codes, shape === 'zipf' ? 11 : 12), WARMUP, undefined)).answered;
      // Warm-up: every code once into the redirect cache, JIT; its scans are written before the timed part.
      if (kind === 'app') {
        let n = 0;
        const warm = () => n++ % CODES;
        const w = await autocannon({
          url: `http://127.0.0.1:${server.port}`,
          connections: CONNECTIONS,
          amount: CODES,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/r/${codes[warm()]}` }) }],
        });
        const target = start + w['3xx'] + warmed;
        // The process's first create compiles and loads what it needs (a few hundred ms on the loop).
        await apiWrite(server, apiKey, 'warm-up');
        for (let i = 0; i < 600 && (await rowsOf(db, workspaceId)) < target; i++)
          await new Promise((r) => setTimeout(r, 100));
        await new Promise((r) => setTimeout(r, 1_500));
      }
      const before = await rowsOf(db, workspaceId);
      await compact(db, databaseUrl);
      const bytesBefore = await sizes(db, databaseUrl, dir);
      await stall(server);
      const cpu0 = processTicks(pid);
      const threads0 = threadTicks(pid);
      const pg0 = postgresTicks();
      const disk0 = writeBytes(`/proc/${pid}/io`);
      const pgDisk0 = postgresSum(writeBytes, 'io');
      const loading = load(server, setupRequest);
      const writes = kind === 'app' ? apiWrites(server, apiKey, loading) : null;
      // A failed API write surfaces below, after the load, not as an unhandled rejection.
      writes?.catch(() => undefined);
      const { seconds, answered } = await loading;
      const loadEnd = performance.now();
      const writeMs = writes ? await writes : [];
      let rows = before;
      if (kind === 'app') {
        for (let i = 0; i < 3_000 && rows < before + answered; i++) {
          await new Promise((r) => setTimeout(r, 100));
          rows = await rowsOf(db, workspaceId);
        }
      }
      const lagS = kind === 'app' ? (performance.now() - loadEnd) / 1000 : 0;
      const cpu1 = processTicks(pid);
      const threads1 = threadTicks(pid);
      const names1 = threadNames(pid);
      const pg1 = postgresTicks();
      const disk1 = writeBytes(`/proc/${pid}/io`);
      const pgDisk1 = postgresSum(writeBytes, 'io');
      const stallMs = await stall(server);
      const bytesAfter = await sizes(db, databaseUrl, dir);
      await stopServer(server);
      const stored = rows - before;
      const perScan = (after: Record<string, number>) =>
        Object.fromEntries(
          Object.keys(after).map((k) => [k, stored ? (after[k] - bytesBefore[k]) / stored : 0] as const),
        );
      const bytes = perScan(bytesAfter);
      await compact(db, databaseUrl);
      const compacted = databaseUrl.startsWith('sqlite:') ? null : perScan(await sizes(db, databaseUrl, dir));
      results.push({
        shape,
        server: kind === 'app' ? 'qrs' : 'bare Fastify 302',
        offered: answered / seconds,
        cpuUs: (((cpu1 - cpu0) / HZ) * 1e6) / answered,
        threadsUs: split(pid, threads0, threads1, cpu1 - cpu0).map((t) => ((t / HZ) * 1e6) / answered) as Trio,
        restUs: Object.fromEntries(
          Object.entries(restByName(pid, names1, threads0, threads1)).map(([k, t]) => [k, ((t / HZ) * 1e6) / answered]),
        ),
        pgUs: stored ? (((pg1 - pg0) / HZ) * 1e6) / stored : 0,
        diskKb: stored ? (disk1 - disk0) / 1024 / stored : 0,
        pgDiskKb: stored ? (pgDisk1 - pgDisk0) / 1024 / stored : 0,
        lagS,
        stored,
        stallMs,
        apiWriteMs: writeMs.length ? [writeMs[Math.floor(writeMs.length / 2)], writeMs[writeMs.length - 1]] : null,
        bytes,
        compacted,
      });
      if (kind === 'app' && stored !== answered) console.log(`!! ${shape}: ${answered} answered, ${stored} rows`);
    }
  }
  await cleanup(db, workspaceId);
  await db.destroy();

  console.log(`\n### ${label}\n`);
  console.log(
    '| shape | server | redirects/s offered | CPU µs / redirect (all threads, until rows) | ratio to bare | PostgreSQL µs / scan | KB written / scan (server; PostgreSQL) | rows | lag after load s | longest stall ms | API write ms (median / max) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const bareOf = (shape: string) => {
    const runs = results.filter((x) => x.shape === shape && x.server !== 'qrs').sort((a, b) => a.cpuUs - b.cpuUs);
    return { median: runs[Math.floor(runs.length / 2)], all: runs.map((x) => x.cpuUs.toFixed(0)).join(', ') };
  };
  const shown = results.filter((r) => r.server === 'qrs').flatMap((r) => [bareOf(r.shape).median, r]);
  for (const r of shown) {
    const bare = bareOf(r.shape).median;
    console.log(
      `| ${r.shape} | ${r.server} | ${r.offered.toFixed(0)} | ${r.cpuUs.toFixed(0)} | ${(r.cpuUs / bare.cpuUs).toFixed(2)}× | ${label.startsWith('Postgre') && r.server === 'qrs' ? r.pgUs.toFixed(0) : '–'} | ${r.server === 'qrs' ? `${r.diskKb.toFixed(1)}${label.startsWith('Postgre') ? `; ${r.pgDiskKb.toFixed(1)}` : ''}` : '–'} | ${r.server === 'qrs' ? r.stored : '–'} | ${r.server === 'qrs' ? r.lagS.toFixed(1) : '–'} | ${r.stallMs.toFixed(0)} | ${r.apiWriteMs ? r.apiWriteMs.map((m) => m.toFixed(0)).join(' / ') : '–'} |`,
    );
  }
  console.log(
    `\nThe bare row is the median of ${BARE_RUNS} fresh processes (CPU µs: ${SHAPES.map((x) => `${x} ${bareOf(x).all}`).join('; ')}).`,
  );
  console.log('\nCPU µs a redirect by thread (qrs): the event loop, the busiest other thread, the rest:\n');
  for (const r of results.filter((x) => x.server === 'qrs'))
    console.log(
      `- ${r.shape}: ${r.threadsUs.map((t) => t.toFixed(0)).join(' + ')} (the rest: ${Object.entries(r.restUs)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(', ')})`,
    );
  console.log('\nBytes per stored scan (right after the drain; compacted: the live rows and their indexes):\n');
  const listed = (bytes: Record<string, number>) => {
    const all = Object.values(bytes).reduce((a, b) => a + b, 0);
    const raw = bytes.scans;
    const entries = Object.entries(bytes).map(([k, v]) => `${k} ${v.toFixed(0)}`);
    return `${entries.join(', ')}${raw ? `; all ${all.toFixed(0)} = ${(all / raw).toFixed(2)}× the raw row` : ''}`;
  };
  for (const r of results.filter((x) => x.server === 'qrs')) {
    console.log(`- ${r.shape}: ${listed(r.bytes)}`);
    if (r.compacted) console.log(`- ${r.shape}, compacted: ${listed(r.compacted)}`);
  }
  console.log(
    `\n${REDIRECTS.toLocaleString('en')} redirects a run over ${CODES.toLocaleString('en')} codes, ${CONNECTIONS} connections${RATE ? `, offered at ${RATE}/s` : ''}, one run each, fresh server processes; load generator on the same machine.`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'qrs-traffic-'));
process.env.SCAN_JOURNAL_DIR = join(dir, 'journal');
if (!process.env.SCAN_TRAFFIC_ONLY || process.env.SCAN_TRAFFIC_ONLY === 'sqlite')
  await run('SQLite (temp file)', `sqlite:${join(dir, 'bench.sqlite')}`, dir);
const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pg && (!process.env.SCAN_TRAFFIC_ONLY || process.env.SCAN_TRAFFIC_ONLY === 'postgres'))
  await run('PostgreSQL', pg, dir);
rmSync(dir, { recursive: true, force: true });
process.exit(0);
