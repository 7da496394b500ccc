// Chaos under load, on a real port against 127.0.0.1 only: PostgreSQL backends terminated while
// redirects are answered, and a Redis of the test's own killed, frozen and brought back.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import autocannon from 'autocannon';
import { call, createHarness, randomSlug, seedTenant, type Harness, type Tenant } from '../support/harness.js';
import { createCode, scanCount } from '../support/codes.js';
import { namedUrl, PrivateRedis, redisUnavailable, terminateBackends } from '../support/private-servers.js';
import { retried } from '../../src/lib/retry.js';

const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function listen(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

const sharedPg = process.env.TEST_DATABASE_URL;

/**
 * Runs a check query of the test once the killer has stopped. The pool may still hold connections
 * terminated in its last round; each fails once and leaves the pool, so a few tries reach a live one.
 */
const afterKills = <T>(query: () => Promise<T>): Promise<T> => retried(query, 10, 50);

describe(
  'chaos: PostgreSQL backends terminated during redirect load',
  { skip: sharedPg ? false : 'SKIPPED: TEST_DATABASE_URL not set (needs PostgreSQL)' },
  () => {
    let h: Harness;
    let t: Tenant;
    let base = '';
    const name = randomSlug('qrs-chaos');
    before(async () => {
      h = await createHarness({ name: 'postgres', url: namedUrl(sharedPg!, name) }, { SCAN_FLUSH_MS: '50' });
      t = await seedTenant(h);
      base = await listen(h);
    });
    after(async () => {
      await h?.close();
    });

    it('never crashes, and every answered 302 becomes a scan row', async () => {
      const codes = await Promise.all(
        [1, 2, 3].map((i) => createCode(h, t, { type: 'url', url: `https://example.com/chaos/${i}` })),
      );
      const answered = new Map<string, number>(codes.map((c) => [c.id, 0]));
      const other = new Map<number, number>();
      let running = true;
      let kills = 0;
      let terminated = 0;
      // Terminates every backend of this app (its pool) every 150 ms.
      const killer = (async () => {
        while (running) {
          await new Promise((r) => setTimeout(r, 150));
          terminated += await terminateBackends(sharedPg!, name);
          kills++;
        }
      })();
      const deadline = Date.now() + 3_000;
      await Promise.all(
        Array.from({ length: 6 }, async (_, w) => {
          for (let i = w; Date.now() < deadline; i++) {
            const c = codes[i % codes.length];
            const res = await fetch(`${base}/r/${c.short_code}`, { redirect: 'manual', headers: { 'user-agent': UA } });
            await res.arrayBuffer();
            if (res.status === 302) answered.set(c.id, answered.get(c.id)! + 1);
            else other.set(res.status, (other.get(res.status) ?? 0) + 1);
          }
        }),
      );
      running = false;
      await killer;
      assert.ok(
        kills >= 2 && terminated > 0,
        `backends were terminated during the load (${terminated} in ${kills} rounds)`,
      );
      // Only an uncached lookup can meet a dead connection; it answers 503, never 500.
      for (const status of other.keys()) assert.equal(status, 503, `no status other than 302 or 503 (${[...other]})`);
      // The buffer retries until the writer's fresh connection takes every batch.
      for (let i = 0; i < 20 && h.app.scans.size > 0; i++)
        await h.app.scans.flush().catch(() => new Promise((r) => setTimeout(r, 100)));
      await h.app.scans.flush();
      const total = [...answered.values()].reduce((a, b) => a + b, 0);
      assert.ok(total > 50, `load was served (${total} redirects)`);
      for (const c of codes) {
        const rows = await afterKills(() => scanCount(h, c.id));
        assert.equal(rows, answered.get(c.id), `scan rows of ${c.short_code} equal its answered 302s`);
      }
      assert.equal(
        (
          await afterKills(async () => {
            const res = await call(h, { url: '/v1/health' });
            if (res.statusCode !== 200) throw new Error(`health ${res.statusCode}`);
            return res;
          })
        ).statusCode,
        200,
      );
    });

    it('closes cleanly although the pool last saw its connections terminated', async () => {
      await call(h, { url: '/v1/codes', headers: { authorization: `Bearer ${t.apiKey}` } });
      await terminateBackends(sharedPg!, name);
      await h.close();
      h = undefined as unknown as Harness;
    });
  },
);

const noRedis = redisUnavailable();
const TIMEOUT_MS = 250;

describe(
  'chaos: a private Redis killed, frozen and restarted during redirect load',
  { skip: noRedis ? `SKIPPED: ${noRedis}` : false },
  () => {
    const redis = new PrivateRedis();
    let probe: Redis;
    let h: Harness;
    let t: Tenant;
    let base = '';
    let outageLogs = 0;
    const rateKeys = async () => (await probe.keys('qrs:rl:pub:*')).length;
    const counted = async () => {
      let n = 0;
      for (const k of await probe.keys('qrs:rl:pub:*')) n += Number(await probe.get(k));
      return n;
    };
    before(async () => {
      await redis.start();
      probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: null, retryStrategy: () => 50 });
      probe.on('error', () => undefined);
      await probe.connect();
      // The public budget stays on (a large one), so every redirect goes through the rate-limit store.
      const logger = {
        level: 'warn',
        stream: {
          write: (line: string) => {
            if (line.includes('redis unavailable')) outageLogs++;
          },
        },
      };
      h = await createHarness(
        { name: 'sqlite', url: 'sqlite::memory:' },
        // A command timeout well above this machine's noise, so a redirect that waited on Redis
        // stands out from one that a busy CI machine merely slowed.
        { REDIS_URL: redis.url, RATE_LIMIT_PUBLIC: '10000000', REDIS_TIMEOUT_MS: String(TIMEOUT_MS) },
        { logger },
      );
      t = await seedTenant(h);
      base = await listen(h);
    });
    after(async () => {
      await h?.close();
      probe?.disconnect();
      await redis.stop();
    });

    it('keeps redirecting without waiting on Redis while it dies, and uses Redis again once it is back', async () => {
      const code = await createCode(h, t, { type: 'url', url: 'https://example.com/redis-chaos' });
      const url = `${base}/r/${code.short_code}`;
      await fetch(url, { redirect: 'manual' });
      assert.ok((await counted()) >= 1, 'the limiter counts in Redis while it is up');

      const load = () =>
        autocannon({ url, connections: 4, duration: 2, overallRate: 500, headers: { 'user-agent': UA } });
      // The same load with Redis up, in the same run: on a machine shared with other work the
      // baseline itself can miss 50 ms, and the outage must then cost no more than the machine does.
      const baseline = await load();
      outageLogs = 0;
      const killAt = setTimeout(() => void redis.stop(), 200);
      const r = await load();
      clearTimeout(killAt);
      const answered = r['3xx'];
      assert.ok(answered > 50, `load was served (${answered})`);
      assert.equal(r.non2xx, answered, 'every answer was a redirect');
      assert.equal(r.errors + r.timeouts, 0, 'no request failed or hung');
      assert.ok(r.latency.max < 1_000, `no request waited on the dead Redis (max ${r.latency.max} ms)`);
      // A timing target is a benchmark's job; here the bound only has to catch redirects waiting on
      // the dead Redis. Were they, the nine in ten sent after the kill (200 ms into 2 s) would take
      // the command timeout (TIMEOUT_MS), so the p90 is held to four fifths of it (or twice its
      // figure with Redis up, on a machine busy with other work). The p99 is printed: the few
      // requests in flight at the kill set it. Loaded CI machines put the outage's p90 at 54 ms
      // (Redis up: 19 ms) and once at 152 ms (Redis up: 18 ms) although nothing waited on Redis.
      const bound = Math.max(TIMEOUT_MS * 0.8, 2 * baseline.latency.p90);
      console.log(
        `# redis outage: p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms (Redis up: ${baseline.latency.p90} ms, ${baseline.latency.p99} ms), bound ${bound} ms`,
      );
      assert.ok(
        r.latency.p90 < bound,
        `p90 ${r.latency.p90} ms < ${bound} ms (four fifths of the timeout, or twice the p90 with Redis up: ${baseline.latency.p90} ms)`,
      );
      // Once per outage, not per request (a busy machine can add one for a command that timed out
      // just before the kill).
      assert.ok(
        outageLogs >= 1 && outageLogs <= 2,
        `the outage is logged once, not per request (${outageLogs} lines for ${answered} requests)`,
      );
      const health = await call(h, { url: '/v1/health' });
      assert.equal(health.statusCode, 200);
      assert.deepEqual(
        { status: health.json.status, checks: health.json.checks },
        { status: 'degraded', checks: { database: 'up', redis: 'degraded', scans: 'ok' } },
      );

      await redis.start(); // same port, empty
      for (let i = 0; i < 100 && (await call(h, { url: '/v1/health' })).json.checks.redis !== 'up'; i++)
        await new Promise((res) => setTimeout(res, 100));
      assert.equal((await call(h, { url: '/v1/health' })).json.checks.redis, 'up', 'recovered by itself');
      for (let i = 0; i < 5; i++) await fetch(url, { redirect: 'manual' });
      assert.ok((await rateKeys()) >= 1 && (await counted()) >= 5, 'the limiter counts in Redis again');
    });

    it('answers promptly while Redis is frozen (accepts connections, never replies), then recovers', async () => {
      if (!redis.running) await redis.start(); // the previous test may have failed while it was down
      for (let i = 0; i < 100 && (await call(h, { url: '/v1/health' })).json.checks.redis !== 'up'; i++)
        await new Promise((res) => setTimeout(res, 100));
      const code = await createCode(h, t, { type: 'url', url: 'https://example.com/redis-frozen' });
      const url = `${base}/r/${code.short_code}`;
      redis.pause();
      try {
        const slowest = await Promise.all(
          Array.from({ length: 20 }, async () => {
            const t0 = performance.now();
            const res = await fetch(url, { redirect: 'manual' });
            assert.equal(res.status, 302);
            return performance.now() - t0;
          }),
        );
        // One command timeout (TIMEOUT_MS) at most, plus this busy machine's slack.
        assert.ok(
          Math.max(...slowest) < 1_000,
          `no redirect waited on the frozen Redis (${Math.round(Math.max(...slowest))} ms)`,
        );
        assert.equal((await call(h, { url: '/v1/health' })).json.checks.redis, 'degraded');
      } finally {
        redis.resume();
      }
      for (let i = 0; i < 100 && (await call(h, { url: '/v1/health' })).json.checks.redis !== 'up'; i++)
        await new Promise((res) => setTimeout(res, 100));
      assert.equal((await call(h, { url: '/v1/health' })).json.checks.redis, 'up');
    });
  },
);
