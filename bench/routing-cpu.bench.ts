/**
 * What routing rules cost a redirect: server CPU time a request (all its threads, from /proc) for
 * a plain dynamic code and for one with five rules (the visitor matches only the fifth) and UTM
 * parameters, on the same server process, measured alternately (plain, rules, plain, rules, …) so
 * load from elsewhere on the machine hits both alike. The figure is the ratio within each round;
 * absolute numbers swing with the shared machine. Target: rules ≤ 1.10 × plain.
 * Linux only. Run: npx tsx bench/routing-cpu.bench.ts
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { liveThreadTicks } from './proc.js';
import { buildApp } from '../src/app.js';
import { REQUEST_HEADERS, benchTenant, median, removeScans, startServer, stopServer } from './redirect-servers.js';
import type { FastifyRequest } from 'fastify';
import { compileRules, matchRule, withUtm } from '../src/features/redirect/routing.js';
import { RequestVisitor } from '../src/features/redirect/visitor.js';
import { noGeo } from '../src/platform/geo/locator.js';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
const HZ = existsSync('/proc/self/task') ? Number(execSync('getconf CLK_TCK').toString()) : 0;

// The benchmark's visitor is an iPhone with en-US and no country header: it fails four rules first.
const RULES = [
  { when: { country: ['DE', 'AT', 'CH'] }, url: 'https://example.com/dach' },
  { when: { language: ['de', 'fr'] }, url: 'https://example.com/eu' },
  { when: { query: { name: 'src', value: 'poster' } }, url: 'https://example.com/poster' },
  { when: { time: { from: '02:00', to: '03:00', time_zone: 'Pacific/Kiritimati' } }, url: 'https://example.com/night' },
  { when: { os: ['ios'] }, url: 'https://example.com/ios' },
];
const UTM = { source: 'qr', medium: 'poster', campaign: 'bench' };

async function seed(databaseUrl: string) {
  const { config, db, t } = await benchTenant(databaseUrl);
  const app = await buildApp(config, { db, logger: false });
  const create = async (body: object) =>
    (
      await app.inject({
        method: 'POST',
        url: '/v1/codes',
        headers: { authorization: `Bearer ${t.api_key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ type: 'url', url: 'https://example.com/landing', ...body }),
      })
    ).json().data as { id: string; short_code: string };
  const plain = await create({});
  const routed = await create({ rules: RULES, utm: UTM });
  await app.close();
  return { db, plain, routed };
}

async function cpuPerRequest(port: number, pid: number, shortCode: string): Promise<{ us: number; rps: number }> {
  const before = liveThreadTicks(pid);
  const r = await autocannon({
    url: `http://127.0.0.1:${port}/r/${shortCode}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: REQUEST_HEADERS,
  });
  const n = r.requests.total;
  return { us: (((liveThreadTicks(pid) - before) / HZ) * 1e6) / n, rps: n / SECONDS };
}

/**
 * The rules' own work in this process: walking the five rules for the benchmark's visitor and
 * appending UTM, ns a redirect. Steadier than the server ratio on a shared machine (no network,
 * no other process), and what the ratio would show with no noise: this over the plain cost.
 */
function ruleWorkNs(): number {
  const rules = compileRules(RULES as never, 'Europe/Berlin')!;
  const memo = new Map<string, string>();
  // The redirect's own visitor class over a request-shaped object: one per redirect, as in the server.
  const request = { headers: REQUEST_HEADERS, query: {} } as unknown as FastifyRequest;
  const visitor = () => new RequestVisitor(request, { countryHeader: null, geo: noGeo });
  const now = Date.now();
  let sink = 0;
  const N = 1_000_000;
  for (let i = 0; i < 100_000; i++) sink += withUtm(matchRule(rules, visitor(), now)!, UTM, memo).length;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) sink += withUtm(matchRule(rules, visitor(), now)!, UTM, memo).length;
  const ns = Number(process.hrtime.bigint() - t0) / N;
  if (sink === 0) console.log('');
  return ns;
}

async function run(label: string, databaseUrl: string) {
  const { db, plain, routed } = await seed(databaseUrl);
  const ratios: number[] = [];
  const plainUs: number[] = [];
  const rows: string[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const app = await startServer('app', databaseUrl);
    const pid = app.child.pid!;
    // The visitor must really walk all five rules and get the UTM parameters, or the figure means nothing.
    const probe = await fetch(`http://127.0.0.1:${app.port}/r/${routed.short_code}`, {
      headers: REQUEST_HEADERS,
      redirect: 'manual',
    });
    const location = probe.headers.get('location');
    if (location !== 'https://example.com/ios?utm_source=qr&utm_medium=poster&utm_campaign=bench')
      throw new Error(`the rules code answered ${probe.status} ${location}`);
    for (const c of [plain, routed])
      await autocannon({
        url: `http://127.0.0.1:${app.port}/r/${c.short_code}`,
        connections: CONNECTIONS,
        duration: 2,
      });
    // Pairs back to back; each pair's ratio is one sample, so a burst of foreign load skews one pair only.
    for (let k = 0; k < PAIRS; k++) {
      const p = await cpuPerRequest(app.port, pid, plain.short_code);
      const r = await cpuPerRequest(app.port, pid, routed.short_code);
      ratios.push(r.us / p.us);
      plainUs.push(p.us);
      rows.push(
        `| ${i + 1}.${k + 1} | ${p.us.toFixed(1)} | ${r.us.toFixed(1)} | ${((r.us / p.us) * 100).toFixed(1)} % | ${p.rps.toFixed(0)} | ${r.rps.toFixed(0)} |`,
      );
    }
    await stopServer(app);
  }
  await removeScans(db, plain.id);
  await removeScans(db, routed.id);
  await db.destroy();
  const ruleNs = ruleWorkNs();
  const bestPlainUs = Math.min(...plainUs);
  console.log(`\n### ${label}\n`);
  console.log(
    '| round.pair | plain µs CPU/req | 5 rules + UTM µs CPU/req | rules / plain | plain req/s | rules req/s |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log(
    `\nMedian rules / plain over ${ratios.length} pairs: **${(median(ratios) * 100).toFixed(1)} %** (target ≤ 110 %). ${ROUNDS} rounds on fresh server processes, ${PAIRS} pairs each, ${SECONDS} s per measurement, ${CONNECTIONS} connections; server CPU of all threads.`,
  );
  console.log(
    `\nThe rules' own work measured in process: **${ruleNs.toFixed(0)} ns** a redirect (five rules walked, UTM appended), ` +
      `${((ruleNs / 1000 / bestPlainUs) * 100).toFixed(2)} % of the cheapest plain redirect above (${bestPlainUs.toFixed(1)} µs CPU).`,
  );
}

if (!HZ) {
  console.log('routing-cpu: needs Linux /proc; skipped.');
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'qrs-bench-'));
await run('SQLite (temp file)', `sqlite:${join(dir, 'bench.sqlite')}`);
rmSync(dir, { recursive: true, force: true });
process.exit(0);
