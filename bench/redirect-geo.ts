/**
 * What IP geolocation costs a redirect (docs/decisions.md D79), as part of bench/redirect.bench.ts:
 * a lookup in this process with the shipped DB-IP city files (load time, memory, ns a lookup over
 * spread public addresses), then the real server with the database against the same server with
 * GEOIP_DATABASE=off, back to back, each visitor a different public address through TRUST_PROXY.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { geoipConfig } from '../src/config/geoip.js';
import { MmdbLocator } from '../src/platform/geo/mmdb-locator.js';
import { REQUEST_HEADERS, median, removeScans, seedCode, startServer, stopServer } from './redirect-servers.js';

/** Addresses spread over the IPv4 space (a fixed multiplier walk), unicast only. */
function addresses(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const x = (Math.imul(i + 1, 2654435761) >>> 0) ^ (i << 7);
    const a = (x >>> 24) % 223;
    if (a === 0 || a === 10 || a === 127) continue;
    out.push(`${a}.${(x >>> 16) & 255}.${(x >>> 8) & 255}.${x & 255}`);
  }
  return out;
}

export async function lookupCost(): Promise<void> {
  const files = geoipConfig({}).files;
  const mem0 = process.memoryUsage().arrayBuffers;
  const t0 = performance.now();
  const locator = new MmdbLocator(files);
  await locator.open();
  const loadMs = performance.now() - t0;
  const heldMb = (process.memoryUsage().arrayBuffers - mem0) / 1048576;
  const ips = addresses(100_000);
  let found = 0;
  const pass = () => {
    const t = process.hrtime.bigint();
    for (const ip of ips) if (locator.locate(ip)?.city) found++;
    return Number(process.hrtime.bigint() - t) / ips.length;
  };
  const cold = pass();
  const warm = pass();
  const v6 = ['2a00:1450:4001:80b::200e', '2606:4700:4700::1111', '2001:4860:4860::8888'];
  const t6 = process.hrtime.bigint();
  for (let i = 0; i < 30_000; i++) locator.locate(v6[i % 3]);
  const v6ns = Number(process.hrtime.bigint() - t6) / 30_000;
  console.log(`\n### IP geolocation: the lookup (shipped DB-IP city lite, ${files.length} files)\n`);
  console.log(
    `load ${loadMs.toFixed(0)} ms, held in memory ${heldMb.toFixed(0)} MB; IPv4 over 100,000 spread addresses: first pass ${(cold / 1000).toFixed(2)} µs a lookup, second ${(warm / 1000).toFixed(2)} µs (${((found / 2 / ips.length) * 100).toFixed(0)} % with a city); IPv6 ${(v6ns / 1000).toFixed(2)} µs; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}

async function load(url: string, duration: number, connections: number, ips: string[]) {
  let i = 0;
  const r = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        setupRequest: (req) => ({ ...req, headers: { ...REQUEST_HEADERS, 'x-forwarded-for': ips[i++ % ips.length] } }),
      },
    ],
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** The server with and without the database, `rounds` times on fresh processes. */
export async function serverCost(databaseUrl: string, rounds: number, duration: number, connections: number) {
  const { db, code } = await seedCode(databaseUrl);
  const ips = addresses(50_000);
  const env = { TRUST_PROXY: 'loopback' };
  const rows: Array<{ on: Awaited<ReturnType<typeof load>>; off: Awaited<ReturnType<typeof load>> }> = [];
  for (let i = 0; i < rounds; i++) {
    const on = await startServer('app', databaseUrl, env);
    const off = await startServer('app', databaseUrl, { ...env, GEOIP_DATABASE: 'off' });
    const url = (s: { port: number }) => `http://127.0.0.1:${s.port}/r/${code.short_code}`;
    await load(url(on), 2, connections, ips);
    await load(url(off), 2, connections, ips);
    const a = await load(url(on), duration, connections, ips);
    const b = await load(url(off), duration, connections, ips);
    rows.push({ on: a, off: b });
    await stopServer(on);
    await stopServer(off);
  }
  await removeScans(db, code.id);
  await db.destroy();
  console.log(`\n### IP geolocation: the redirect with and without it (SQLite, spread X-Forwarded-For)\n`);
  console.log('| round | with req/s | without req/s | with / without | with p50 / p99 ms | without p50 / p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  rows.forEach(({ on, off }, i) =>
    console.log(
      `| ${i + 1} | ${on.rps.toFixed(0)} | ${off.rps.toFixed(0)} | ${((on.rps / off.rps) * 100).toFixed(1)} % | ${on.p50} / ${on.p99} | ${off.p50} / ${off.p99} |`,
    ),
  );
  console.log(`\nmedian with / without: **${(median(rows.map((r) => r.on.rps / r.off.rps)) * 100).toFixed(1)} %**`);
}
