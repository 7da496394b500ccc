/**
 * More traffic than the database takes, and a SIGKILL in the middle of it (docs/scans-pipeline.md,
 * "What is lost"). Mixed traffic over 2,000 codes (traffic.ts) is offered by one autocannon with 50
 * connections, as fast as it goes, for SCAN_OVERLOAD_SECONDS (default 60); the real server (with
 * its journal) is then SIGKILLed while the load is still running. A second server on the same
 * journal directory writes what the first left. Reported: redirects answered, rows stored by the
 * kill (the writer's rate against the offered one), the backlog the server reported just before,
 * rows once the second server has drained, and how many answered redirects are not rows against
 * the documented bound: the scans of the last SCAN_FLUSH_MS (1 s) before the kill.
 * Run: npm run bench -- scan-overload (BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL, else a
 * SQLite temp file).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServer, stopServer, type Server } from './redirect-servers.js';
import { CODES, cleanup, rng, rowsOf, seed, visitorRequest, zipf } from './traffic.js';

const SECONDS = Number(process.env.SCAN_OVERLOAD_SECONDS ?? 60);
const CONNECTIONS = 50;
const FLUSH_MS = 1_000; // SCAN_FLUSH_MS's default: scans not yet cut into a journaled batch

process.env.TRUST_PROXY = '1';
process.env.COUNTRY_HEADER = 'cf-ipcountry';

interface Health {
  scans: { pending: number; lag_seconds: number; journal: string; dropped: number };
}
const health = async (server: Server) =>
  (await (await fetch(`http://127.0.0.1:${server.port}/v1/health`)).json()) as Health;

async function run(label: string, databaseUrl: string, dir: string) {
  const { db, codes, workspaceId } = await seed(databaseUrl);
  const env = { SCAN_JOURNAL_DIR: join(dir, 'journal'), SCAN_FLUSH_MS: String(FLUSH_MS) };
  const first = await startServer('app', databaseUrl, env);
  const rnd = rng(3);
  const pick = zipf(CODES, rnd);

  // Every answered redirect with the time it was answered, to count those of the last second.
  const answeredAt: number[] = [];
  const started = performance.now();
  const load = autocannon(
    {
      url: `http://127.0.0.1:${first.port}`,
      connections: CONNECTIONS,
      duration: SECONDS + 60,
      requests: [{ method: 'GET', setupRequest: visitorRequest(codes, pick, rnd) }],
    },
    () => undefined,
  );
  load.on('response', (_client, status) => {
    if (status === 302) answeredAt.push(performance.now());
  });
  let lastHealth: Health | null = null;
  while (performance.now() - started < SECONDS * 1_000) {
    await new Promise((r) => setTimeout(r, 2_000));
    lastHealth = await health(first).catch(() => lastHealth);
  }
  first.child.kill('SIGKILL');
  const killedAt = performance.now();
  await new Promise((r) => first.child.once('exit', r));
  load.stop();
  const rowsAtKill = await rowsOf(db, workspaceId);
  const answered = answeredAt.length;
  const lastSecond = answeredAt.filter((t) => t > killedAt - FLUSH_MS).length;

  const restartedAt = performance.now();
  const second = await startServer('app', databaseUrl, env);
  let rows = rowsAtKill;
  let drainedAt = performance.now();
  // Drained once nothing is pending and the row count has held for 5 s.
  for (let i = 0; i < 6_000 && performance.now() - drainedAt < 5_000; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await rowsOf(db, workspaceId);
    const pending = (await health(second)).scans.pending;
    if (now !== rows || pending > 0) drainedAt = performance.now();
    rows = now;
  }
  const drainS = (drainedAt - restartedAt) / 1000;
  await stopServer(second);
  await cleanup(db, workspaceId);
  await db.destroy();

  const missing = Math.max(0, answered - rows);
  console.log(`\n### ${label}\n`);
  console.log('| measure | value |');
  console.log('|---|---:|');
  console.log(`| load before the SIGKILL | ${SECONDS} s, ${CONNECTIONS} connections |`);
  console.log(`| redirects answered (302) | ${answered} (${(answered / SECONDS).toFixed(0)}/s) |`);
  console.log(`| rows stored by the kill | ${rowsAtKill} (${(rowsAtKill / SECONDS).toFixed(0)}/s) |`);
  console.log(`| offered / stored during the load | ${(answered / Math.max(1, rowsAtKill)).toFixed(2)}× |`);
  console.log(
    `| backlog reported by /v1/health before the kill | ${lastHealth?.scans.pending ?? '–'} scans, oldest ${lastHealth?.scans.lag_seconds ?? '–'} s, journal ${lastHealth?.scans.journal ?? '–'}, dropped ${lastHealth?.scans.dropped ?? '–'} |`,
  );
  console.log(`| rows after the restart drained | ${rows} (drained in ${drainS.toFixed(1)} s) |`);
  console.log(`| answered but not a row | **${missing}** |`);
  console.log(`| bound: answered in the last ${FLUSH_MS} ms before the kill | ${lastSecond} |`);
  console.log(`| within the bound | ${missing <= lastSecond ? 'yes' : '**no**'} |`);
  console.log(
    '\nRows can exceed the answered redirects by the requests in flight at the kill: recorded, not yet answered.',
  );
}

const dir = mkdtempSync(join(tmpdir(), 'qrs-overload-'));
const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pg) await run('PostgreSQL', pg, dir);
else await run('SQLite (temp file)', `sqlite:${join(dir, 'bench.sqlite')}`, dir);
rmSync(dir, { recursive: true, force: true });
process.exit(0);
