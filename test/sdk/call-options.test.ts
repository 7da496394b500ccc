// Issue #24 finding 9: a thrown error printed the whole Response, retries were silent, and a call
// could not be given a timeout or a signal. Against a real server on loopback (SQLite), and a
// loopback socket that never answers for the timeouts.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { inspect } from 'node:util';
import { Qrs, QrsError, QrsTimeoutError, type RetryInfo } from '../../sdk/src/index.js';
import { seedTenant, type Harness, type Tenant } from '../support/harness.js';
import { sqlite, useHarness } from '../support/suite.js';

async function listen(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
}

describe('@qrs/sdk errors, onRetry, timeout and signal', () => {
  let baseUrl: string;
  let t: Tenant;
  let limited: Tenant; // on the free plan, whose limit is one request a second here
  // Accepts connections and never answers: only a timeout or a signal ends a call to it.
  let silent: Server;
  let silentUrl: string;
  const sockets = new Set<Socket>();
  const { h } = useHarness(sqlite, {
    env: {
      BASE_URL: 'http://127.0.0.1',
      RATE_LIMIT_FREE: '1',
      RATE_LIMIT_WINDOW_MS: '1000',
    },
    tenant: false,
  });
  before(async () => {
    baseUrl = await listen(h);
    t = await seedTenant(h, 'agency');
    limited = await seedTenant(h);
    silent = createServer((s) => sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('a failure is one short line; the problem document is a property; inspect shows no Response', async () => {
    const qrs = new Qrs({ apiKey: t.apiKey, baseUrl });
    const before = (await qrs.codes.listPage()).meta.pagination.total_count;
    const err = await qrs.codes.create({ type: 'url', url: 'not a url' }).catch((e: unknown) => e);
    assert.ok(err instanceof QrsError);
    assert.equal(String(err), 'QrsError: 422 validation-error /url: must be an absolute http or https URL');
    assert.equal(err.message, '422 validation-error /url: must be an absolute http or https URL');
    assert.equal(err.problem.status, 422);
    assert.deepEqual(err.problem.errors, [
      { pointer: '/url', detail: 'must be an absolute http or https URL', code: 'url' },
    ]);
    assert.match(err.problem.request_id ?? '', /^req_/);
    assert.equal(err.response?.status, 422, 'the Response is there for who asks');
    const printed = inspect(err);
    assert.ok(printed.split('\n').length < 25, printed);
    assert.doesNotMatch(printed, /Response|Headers|ReadableStream|bodyUsed/);
    assert.equal((await qrs.codes.listPage()).meta.pagination.total_count, before, 'nothing was created');
  });

  it('onRetry is told the attempt, the reason and the wait before each retry', async () => {
    const seen: RetryInfo[] = [];
    const qrs = new Qrs({
      apiKey: limited.apiKey,
      baseUrl,
      retry: { retries: 3, baseDelayMs: 10, onRetry: (r) => seen.push(r) },
    });
    // A limit of one request a second: the second call waits out a 429. The window is fixed, so a
    // pair that straddles its edge sees none; the next pair cannot straddle it too.
    for (let pair = 0; pair < 3 && seen.length === 0; pair++) {
      await qrs.organizations.get();
      assert.equal((await qrs.organizations.get()).id, limited.organizationId);
    }
    assert.ok(seen.length >= 1, 'the 429 was retried');
    assert.equal(seen[0].attempt, 1);
    assert.equal(seen[0].reason, '429 Too Many Requests');
    assert.equal(seen[0].status, 429);
    assert.ok(seen[0].delayMs > 0 && seen[0].delayMs <= 1_500, `waits out Retry-After: ${seen[0].delayMs}`);
    assert.equal(seen[0].method, 'GET');
    assert.match(seen[0].url, /\/v1\/organizations$/);
  });

  it('onRetry names a network error as the reason', async () => {
    const seen: RetryInfo[] = [];
    // Nothing listens on port 9 of loopback: the connection is refused.
    const qrs = new Qrs({
      baseUrl: 'http://127.0.0.1:9',
      retry: { retries: 2, baseDelayMs: 5, onRetry: (r) => seen.push(r) },
    });
    await assert.rejects(qrs.health());
    assert.deepEqual(
      seen.map((r) => [r.attempt, r.status, r.reason]),
      [
        [1, undefined, 'network error: fetch failed'],
        [2, undefined, 'network error: fetch failed'],
      ],
    );
  });

  it('a per-call timeout aborts a call that gets no answer, with a clear error', async () => {
    const qrs = new Qrs({ apiKey: t.apiKey, baseUrl: silentUrl });
    const started = Date.now();
    const err = await qrs.codes.get('qr_slow', { timeout: 150 }).catch((e: unknown) => e);
    assert.ok(err instanceof QrsTimeoutError, String(err));
    assert.equal(String(err), 'QrsTimeoutError: GET /v1/codes/qr_slow took longer than its 150 ms timeout');
    assert.equal(err.timeout, 150);
    assert.ok(Date.now() - started < 2_000);
    // The client's own timeout applies to a call without one; the call's own wins.
    const impatient = new Qrs({ baseUrl: silentUrl, timeout: 100 });
    await assert.rejects(impatient.health(), (e: unknown) => e instanceof QrsTimeoutError && e.timeout === 100);
    await assert.rejects(
      impatient.health({ timeout: 120 }),
      (e: unknown) => e instanceof QrsTimeoutError && e.timeout === 120,
    );
  });

  it('the timeout covers the retries: it ends the wait for a Retry-After', async () => {
    // A service in maintenance: 503 with a Retry-After far longer than the caller will wait.
    const busy = createHttpServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '30' });
      res.end(JSON.stringify({ type: 'https://qrs.dev/problems/unavailable', title: 'Unavailable', status: 503 }));
    });
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const seen: RetryInfo[] = [];
      const port = (busy.address() as { port: number }).port;
      const qrs = new Qrs({ baseUrl: `http://127.0.0.1:${port}`, retry: { onRetry: (r) => seen.push(r) } });
      const started = Date.now();
      const err = await qrs.health({ timeout: 200 }).catch((e: unknown) => e);
      assert.ok(err instanceof QrsTimeoutError, String(err));
      assert.equal(err.message, 'GET /v1/health took longer than its 200 ms timeout');
      assert.ok(Date.now() - started < 1_000, 'did not wait the Retry-After out');
      assert.deepEqual(
        seen.map((r) => [r.attempt, r.reason]),
        [[1, '503 Service Unavailable']],
      );
      assert.ok(seen[0].delayMs >= 30_000 - 1, `Retry-After honoured: ${seen[0].delayMs}`);
    } finally {
      busy.closeAllConnections();
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it('a per-call signal aborts the call (an AbortError) and no retry follows', async () => {
    const seen: RetryInfo[] = [];
    const qrs = new Qrs({ apiKey: t.apiKey, baseUrl: silentUrl, retry: { onRetry: (r) => seen.push(r) } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = await qrs.codes.get('qr_slow', { signal: controller.signal }).catch((e: unknown) => e);
    assert.ok(err instanceof Error && err.name === 'AbortError', String(err));
    // With a timeout as well, the signal still wins when it fires first.
    const again = new AbortController();
    setTimeout(() => again.abort(new Error('user left the page')), 50);
    await assert.rejects(qrs.codes.get('qr_slow', { signal: again.signal, timeout: 5_000 }), /user left the page/);
    // An already aborted signal sends nothing.
    await assert.rejects(qrs.health({ signal: AbortSignal.abort() }), { name: 'AbortError' });
    assert.deepEqual(seen, []);
  });
});
