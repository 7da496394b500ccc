/**
 * A burst of webhook events against the redirect (docs/benchmarks.md, "Webhook burst"): 10,000
 * `code.created` events land in the outbox at once, the real server (its own process, job runner
 * polling) fans them out and delivers them to a receiver on loopback, and meanwhile autocannon
 * offers redirects at a fixed rate. Two topologies (docs/decisions.md D32), alternated round by
 * round: `all`, one process serving redirects and running jobs; `split`, a `ROLE=web` process
 * serving redirects and a `worker` process delivering. Three phases per round, on fresh processes:
 *   B. the burst alone: time until every event arrived (counted by webhook-id), and the server's
 *      CPU for it, i.e. what one delivery costs;
 *   A. redirects alone at the fixed rate, before C and again after it: the server's CPU per
 *      redirect (the baseline, both windows together);
 *   C. another burst with the same redirects: the server's CPU per redirect, gross (delivery work
 *      included) and net (minus the deliveries made in the window at B's cost each).
 * CPU is the redirect-serving process's (and, for B, the delivering process's), read once every
 * scan of the window is a row, as the redirect benchmark measures: on SQLite the worker's writes
 * can hold the web process's scan flush past the window's end, which read at the window's end
 * would make the burst look cheaper than nothing. The target
 * (webhooks issue) is gross C / A ≤ 105 % for the redirect-serving process. Linux only (CPU from /proc/<pid>/task).
 * Run: npm run bench -- webhook-burst (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is
 * set, else a SQLite temp file). BENCH_EVENTS (10000), BENCH_RATE (redirects/s, 500), BENCH_ROUNDS
 * (2: each runs both topologies, in alternating order), BENCH_TOPOLOGIES (all,split), BENCH_WARMUP_S (20).
 */
import { execSync } from 'node:child_process';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { liveThreadTicks } from './proc.js';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import type { DB } from '../src/db/database.js';
import { buildApp } from '../src/app.js';
import { publishEvent } from '../src/platform/events/index.js';
import {
  REQUEST_HEADERS,
  benchTenant,
  median,
  removeScans,
  scanRows,
  startServer,
  stopServer,
  type Server,
} from './redirect-servers.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 20);
const REWARM_S = 5;
type Topology = 'all' | 'split';
const TOPOLOGIES = (process.env.BENCH_TOPOLOGIES ?? 'all,split').split(',') as Topology[];
const HZ = existsSync('/proc/self/task') ? Number(execSync('getconf CLK_TCK').toString()) : 0;

// The server under test: the job runner polls as in production, webhooks may reach loopback.
process.env.WEBHOOK_ALLOW_PRIVATE = 'true';
process.env.JOBS_POLL_INTERVAL_MS ??= '1000';

const cpuUs = (ticks: number) => (ticks / HZ) * 1e6;

/** A receiver on loopback: counts distinct webhook-ids, verifies the first of each burst. */
class Receiver {
  ids = new Set<string>();
  secret = '';
  verified = 0;
  private server!: HttpServer;
  url = '';
  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        if (this.verified < 3) {
          new Webhook(this.secret).verify(
            Buffer.concat(chunks).toString('utf8'),
            req.headers as Record<string, string>,
          );
          this.verified++;
        }
        this.ids.add(id);
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

async function seed(databaseUrl: string, rx: Receiver) {
  // Development rules for the seeding only: production refuses an http endpoint when it is saved.
  const { config, db, t } = await benchTenant(databaseUrl, { NODE_ENV: 'development' });
  const app = await buildApp(config, { db, logger: false });
  const post = (url: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${t.api_key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const code = (await post('/v1/codes', { type: 'url', url: 'https://example.com/landing' })).json().data;
  const hook = (await post('/v1/webhooks', { url: rx.url, event_types: ['code.created'] })).json().data;
  rx.secret = hook.secret;
  await app.close();
  return { db, code, hookId: hook.id as string, org: t.organization_id, ws: t.workspace_id };
}

/** 10,000 code.created events in the outbox, committed together: the burst. */
async function burst(db: DB, org: string, ws: string) {
  const at = new Date();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < EVENTS; i++)
      await publishEvent(
        trx,
        { type: 'code.created', organizationId: org, workspaceId: ws, data: { id: `qr_bench${i}`, n: i } },
        at,
      );
  });
}

/**
 * SQLite: folds the write-ahead log into the database file before a measured window. Otherwise the
 * first writer to commit in the window (the web process's scan flush) pays for checkpointing the
 * 10,000 events the burst just wrote, and redirects alone would look dearer than they are.
 */
async function checkpoint(db: DB, databaseUrl: string) {
  if (databaseUrl.startsWith('sqlite:')) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/** Waits until the code has `want` scan rows: the window's CPU is read once its scans are written. */
async function untilScans(db: DB, codeId: string, want: number, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const n = await scanRows(db, codeId);
    if (n >= want) return;
    if (Date.now() > until) throw new Error(`only ${n} of ${want} scans were written`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function untilDelivered(rx: Receiver, want: number, timeoutMs = 1_800_000) {
  const until = Date.now() + timeoutMs;
  while (rx.ids.size < want && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  if (rx.ids.size < want) throw new Error(`only ${rx.ids.size} of ${want} events arrived`);
}

interface Round {
  topology: Topology;
  deliverS: number;
  perSecond: number;
  deliveryUs: number;
  baseUs: number;
  /** redirects alone, before the burst and after it */
  aloneUs: [number, number];
  grossUs: number;
  netUs: number;
  baseP99: number;
  burstP99: number;
  inWindow: number;
}

async function redirects(server: Server, path: string, seconds: number) {
  return autocannon({
    url: `http://127.0.0.1:${server.port}${path}`,
    connections: 10,
    overallRate: RATE,
    duration: seconds,
    headers: REQUEST_HEADERS,
  });
}

async function round(databaseUrl: string, topology: Topology): Promise<Round> {
  const rx = await new Receiver().start();
  const { db, code, hookId, org, ws } = await seed(databaseUrl, rx);
  const server = await startServer('app', databaseUrl, { ROLE: topology === 'all' ? 'all' : 'web' });
  const worker = topology === 'split' ? await startServer('worker', databaseUrl) : null;
  const pid = server.child.pid!;
  // What one delivery costs, on the process that delivers.
  const deliverer = worker ? worker.child.pid! : pid;
  const path = `/r/${code.short_code}`;
  try {
    // Warm-up: long enough that the JIT and the scan path settle before anything is measured (with 5 s, a
    // redirect alone still cost 163 µs before the burst and 90–115 µs after it).
    let scans = (await redirects(server, path, WARMUP_S))['3xx'];
    await untilScans(db, code.id, scans);

    // B: the burst alone
    let t0 = liveThreadTicks(deliverer);
    await burst(db, org, ws);
    const start = Date.now();
    await untilDelivered(rx, EVENTS);
    const deliverS = (Date.now() - start) / 1000;
    const deliveryUs = cpuUs(liveThreadTicks(deliverer) - t0) / EVENTS;
    const window = Math.max(5, Math.floor(deliverS * 0.7));

    // A: redirects alone, as long as C's window, before C and again after it, so a drift of the
    // process over the round (still warming, or slowing) falls on both sides of the comparison.
    // Each measured window follows redirects, never an idle spell: after the burst alone (no
    // redirects for its length) a redirect cost 283 µs on PostgreSQL, 132 µs once traffic had run.
    const rewarm = async () => {
      scans += (await redirects(server, path, REWARM_S))['3xx'];
    };
    const alone = async () => {
      await rewarm();
      await checkpoint(db, databaseUrl);
      const t = liveThreadTicks(pid);
      const r = await redirects(server, path, window);
      await untilScans(db, code.id, (scans += r['3xx']));
      return { cpu: cpuUs(liveThreadTicks(pid) - t), requests: r.requests.total, p99: r.latency.p99 };
    };
    const a1 = await alone();

    // C: a second burst, and the same redirects while it is delivered
    await rewarm();
    await burst(db, org, ws);
    await checkpoint(db, databaseUrl);
    const before = rx.ids.size;
    t0 = liveThreadTicks(pid);
    const c = await redirects(server, path, window);
    await untilScans(db, code.id, (scans += c['3xx']));
    const cpuC = cpuUs(liveThreadTicks(pid) - t0);
    const inWindow = rx.ids.size - before;
    await untilDelivered(rx, 2 * EVENTS);
    const a2 = await alone();
    const baseUs = (a1.cpu + a2.cpu) / (a1.requests + a2.requests);
    return {
      topology,
      deliverS,
      perSecond: EVENTS / deliverS,
      deliveryUs,
      baseUs,
      aloneUs: [a1.cpu / a1.requests, a2.cpu / a2.requests],
      grossUs: cpuC / c.requests.total,
      // Split: the deliveries' CPU is the worker's, none of it to subtract here.
      netUs: (cpuC - (worker ? 0 : inWindow * deliveryUs)) / c.requests.total,
      baseP99: Math.max(a1.p99, a2.p99),
      burstP99: c.latency.p99,
      inWindow,
    };
  } finally {
    if (worker) await stopServer(worker);
    await stopServer(server);
    await rx.stop();
    await removeScans(db, code.id);
    await db.deleteFrom('webhook_deliveries').where('webhook_id', '=', hookId).execute();
    await db.deleteFrom('jobs').where('payload', 'like', '%qr_bench%').execute();
    await db.destroy();
  }
}

async function run(label: string, databaseUrl: string) {
  console.log(`\n### ${label}\n`);
  console.log(
    `| topology | ${EVENTS} delivered in s | events/s | delivering process CPU µs / event | redirect CPU µs, alone (before / after) | during burst, gross | gross / alone | net / alone | p99 ms alone / burst | events delivered in window |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const rounds: Round[] = [];
  // Alternating order: a load swing on the shared machine hits both topologies alike.
  for (let i = 0; i < ROUNDS; i++)
    for (const topology of i % 2 ? [...TOPOLOGIES].reverse() : TOPOLOGIES) {
      const r = await round(databaseUrl, topology);
      rounds.push(r);
      console.log(
        `| ${r.topology} | ${r.deliverS.toFixed(1)} | ${r.perSecond.toFixed(0)} | ${r.deliveryUs.toFixed(0)} | ${r.baseUs.toFixed(0)} (${r.aloneUs.map((u) => u.toFixed(0)).join(' / ')}) | ${r.grossUs.toFixed(0)} | ${((r.grossUs / r.baseUs) * 100).toFixed(1)} % | ${((r.netUs / r.baseUs) * 100).toFixed(1)} % | ${r.baseP99} / ${r.burstP99} | ${r.inWindow} |`,
      );
    }
  for (const topology of TOPOLOGIES) {
    const of = rounds.filter((r) => r.topology === topology);
    const m = (f: (r: Round) => number) => median(of.map(f));
    console.log(
      `\nMedian, ${topology}: ${EVENTS} events in ${m((r) => r.deliverS).toFixed(1)} s (${m((r) => r.perSecond).toFixed(0)}/s); redirect CPU during the burst ${m((r) => (r.grossUs / r.baseUs) * 100).toFixed(1)} % of alone (gross, same-round ratio), net ${m((r) => (r.netUs / r.baseUs) * 100).toFixed(1)} %. ${RATE} redirects/s offered, ${of.length} rounds.`,
    );
  }
}

if (!HZ) {
  console.log('webhook-burst: needs Linux /proc; skipped.');
  process.exit(0);
}
const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pg) await run('PostgreSQL', pg);
else {
  const dir = mkdtempSync(join(tmpdir(), 'qrs-bench-'));
  await run('SQLite (temp file)', `sqlite:${join(dir, 'bench.sqlite')}`);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
