// Peak memory of POST /v1/codes/export over real HTTP (not inject, which buffers the whole
// body): server and a deliberately slow client in one process, memory sampled every 5 ms.
// Run: node --expose-gc --import tsx test/features/code-images/export-memory.ts [sqlite|postgres-url]
// Figures go to docs/benchmarks.md, "PDF export memory".
import http from 'node:http';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AddressInfo } from 'node:net';
import { call, createHarness, seedTenant, type Harness, type Tenant } from '../../support/harness.js';

const mb = (n: number) => (n / 2 ** 20).toFixed(1);

async function seedCodes(h: Harness, t: Tenant, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1000) {
    const codes = Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({
      type: 'url',
      url: `https://example.com/product/${i + j}`,
      title: `Battery pack ${i + j}`,
    }));
    const res = await call(h, { method: 'POST', url: '/v1/codes/batch', tenant: t, body: { codes } });
    if (res.statusCode !== 201) throw new Error(res.body);
    ids.push(...res.json.data.map((c: { id: string }) => c.id));
  }
  return ids;
}

interface Run {
  codes: number;
  bytes: number;
  seconds: number;
  rss: [number, number];
  heap: [number, number];
}

/** One export; `slow` makes the client take one chunk per event-loop turn, as a slow network would. */
async function exportOnce(port: number, t: Tenant, ids: string[], slow: boolean): Promise<Run> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  const start = performance.now();
  let bytes = 0;
  const body = JSON.stringify({ ids });
  await new Promise<void>((resolve, reject) => {
    const req = http.request(
      { port, method: 'POST', path: '/v1/codes/export', headers: { ...t.auth, 'content-type': 'application/json' } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
        const sink = new Writable({
          highWaterMark: 16 * 1024,
          write(chunk: Buffer, _e, done) {
            bytes += chunk.length;
            if (slow) setImmediate(done);
            else done();
          },
        });
        pipeline(res, sink).then(resolve, reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  clearInterval(timer);
  return {
    codes: ids.length,
    bytes,
    seconds: (performance.now() - start) / 1000,
    rss: [base.rss, peakRss],
    heap: [base.heapUsed, peakHeap],
  };
}

const url = process.argv[2] && process.argv[2] !== 'sqlite' ? process.argv[2] : 'sqlite::memory:';
const h = await createHarness({ name: url.startsWith('postgres') ? 'postgres' : 'sqlite', url });
try {
  const t = await seedTenant(h, 'enterprise');
  const ids = await seedCodes(h, t, 1000);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  await exportOnce(port, t, ids.slice(0, 24), false); // warm-up: fonts, JIT, pools
  console.log(
    `Node ${process.version}, ${url.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}, A4 3×4 with captions, gc before each run`,
  );
  console.log('| codes | client | PDF bytes | seconds | RSS before → peak MB | heap before → peak MB |');
  console.log('|---:|---|---:|---:|---|---|');
  for (const [n, slow] of [
    [100, true],
    [1000, true],
    [1000, false],
  ] as const) {
    const r = await exportOnce(port, t, ids.slice(0, n), slow);
    console.log(
      `| ${r.codes} | ${slow ? 'slow' : 'fast'} | ${r.bytes} | ${r.seconds.toFixed(2)} | ${mb(r.rss[0])} → ${mb(r.rss[1])} | ${mb(r.heap[0])} → ${mb(r.heap[1])} |`,
    );
  }
} finally {
  await h.close();
}
