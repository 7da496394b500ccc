/**
 * What the redirect benchmarks share: the seeded code, and the servers under test, each in its own
 * child process (this file is also that child's program): `bare` is a plain Fastify route that
 * only answers 302; `app` is the real server (all plugins, cache, scan sink) plus `/floor/:code`,
 * the same bare 302 inside the real app, which separates the shared request pipeline's cost from
 * the redirect's own work; `worker` is the real app as `ROLE=worker` runs it (docs/decisions.md
 * D32): job runner only, no port.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { loadConfig } from '../src/config/load-config.js';
import { openDatabase, type DB } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildApp } from '../src/app.js';
import { bootstrap } from '../src/cli/commands.js';

export type ServerKind = 'bare' | 'app' | 'worker';

export const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const REQUEST_HEADERS = { 'user-agent': UA, 'accept-language': 'en-US' };

/** The per-IP public limit is off (0): one address is measuring the redirect, not the limiter. */
export const benchEnv = (databaseUrl: string) => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  RATE_LIMIT_PUBLIC: '0',
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
});

// A block body: a handler that returns the reply would take Fastify's slower thenable path.
const redirectToLanding = (_req: FastifyRequest, reply: FastifyReply) => {
  reply.code(302).header('location', 'https://example.com/landing').header('cache-control', 'no-store').send();
};

async function serve(kind: ServerKind) {
  let close: () => Promise<void>;
  let port: number;
  if (kind === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/r/:code', redirectToLanding);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    close = () => app.close();
  } else {
    const config = loadConfig({ ...process.env, ROLE: kind === 'worker' ? 'worker' : process.env.ROLE });
    const db = openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax });
    const app = await buildApp(config, { db, logger: false });
    if (kind === 'worker') {
      await app.ready();
      port = 0;
    } else {
      app.get('/floor/:code', { config: { auth: false, rateLimit: 'public' } }, redirectToLanding);
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as { port: number }).port;
    }
    close = async () => {
      await app.close();
      await db.destroy();
    };
  }
  // The longest event-loop stall since the last 'stall' message (scan-traffic.bench.ts asks).
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  process.send!({ port });
  process.on('message', async (m) => {
    if (m === 'stall') {
      process.send!({ stallMs: loop.max / 1e6 });
      loop.reset();
    }
    if (m === 'close') {
      await close();
      process.send!('closed', () => process.exit(0));
    }
  });
}

export interface Server {
  child: ChildProcess;
  port: number;
}

/** BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it exits (bench/NOTES.md). */
const profiling = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
/** BENCH_NODE_FLAGS='--trace-gc …': more flags for each server's node (bench/NOTES.md). */
const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];

export function startServer(kind: ServerKind, databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const child = fork(fileURLToPath(import.meta.url), ['serve', kind], {
    env: { ...benchEnv(databaseUrl), ...env },
    execArgv: ['--import', 'tsx', ...profiling, ...nodeFlags],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

/** Graceful: the app's scan sink writes every recorded scan before the process exits. */
export function stopServer({ child }: Server): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('message', (m) => {
      if (m === 'closed') resolve();
    });
    child.send('close');
  });
}

/**
 * A migrated database with one new enterprise organization (`t`: its owner, workspace and API key),
 * named afresh each run so several runs can share a database. `env` adds to benchEnv.
 */
export async function benchTenant(databaseUrl: string, env: Record<string, string> = {}) {
  const config = loadConfig({ ...benchEnv(databaseUrl), ...env });
  const db = openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax });
  await migrateToLatest(db);
  const suffix = randomBytes(4).toString('hex');
  const t = await bootstrap(db, config, {
    email: `bench-${suffix}@example.com`,
    password: 'bench password 1',
    orgName: 'Bench',
    orgSlug: `bench-${suffix}`,
    plan: 'enterprise',
  });
  return { config, db, t };
}

/** A migrated database with one enterprise organization and one dynamic url code. */
export async function seedCode(databaseUrl: string): Promise<{ db: DB; code: { id: string; short_code: string } }> {
  const { config, db, t } = await benchTenant(databaseUrl);
  const app = await buildApp(config, { db, logger: false });
  const res = await app.inject({
    method: 'POST',
    url: '/v1/codes',
    headers: { authorization: `Bearer ${t.api_key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ type: 'url', url: 'https://example.com/landing' }),
  });
  await app.close();
  return { db, code: res.json().data as { id: string; short_code: string } };
}

/** How many scan rows the code has: what "every scan is a row" is checked against. */
export async function scanRows(db: DB, codeId: string): Promise<number> {
  const row = await db
    .selectFrom('scans')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('code_id', '=', codeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A benchmark database is often the shared test database: leave no million rows behind. */
export async function removeScans(db: DB, codeId: string): Promise<void> {
  const code = await db.selectFrom('codes').select('workspace_id').where('id', '=', codeId).executeTakeFirst();
  await db.deleteFrom('scans').where('code_id', '=', codeId).execute();
  await db.deleteFrom('scan_rollups').where('code_id', '=', codeId).execute();
  if (code) await db.deleteFrom('workspace_rollups').where('workspace_id', '=', code.workspace_id).execute();
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (process.argv[2] === 'serve') await serve(process.argv[3] as ServerKind);
