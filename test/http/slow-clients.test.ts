import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config/load-config.js';
import { sqlite, useHarness } from '../support/suite.js';

/** Opens a socket that sends one header line every `everyMs` and never ends its headers. */
function drip(port: number, everyMs: number): Promise<{ socket: Socket; closedAfterMs: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /v1/health HTTP/1.1\r\nHost: qrs.test\r\n');
      let n = 0;
      const timer = setInterval(() => socket.write(`X-Drip-${n++}: a\r\n`), everyMs);
      const closedAfterMs = new Promise<number>((done) =>
        socket.on('close', () => {
          clearInterval(timer);
          done(Date.now() - started);
        }),
      );
      resolve({ socket, closedAfterMs });
    });
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

describe('slow clients (real port)', () => {
  let port: number;
  const { h } = useHarness(sqlite, {
    env: { HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000' },
    tenant: false,
  });
  before(async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });

  it('sockets dripping header lines are closed within the headers timeout; others are served', async () => {
    const sockets = await Promise.all(Array.from({ length: 50 }, () => drip(port, 200)));
    // An ordinary request still gets through while they drip.
    const res = await fetch(`http://127.0.0.1:${port}/v1/health`);
    assert.equal(res.status, 200);
    const closed = await Promise.race([
      Promise.all(sockets.map((s) => s.closedAfterMs)),
      new Promise<null>((r) => setTimeout(() => r(null), 5_000).unref()),
    ]);
    for (const s of sockets) s.socket.destroy();
    assert.ok(closed, 'dripping sockets still open after 5 s');
    // HTTP_HEADERS_TIMEOUT_MS plus Node's check interval (a quarter of it) and scheduling slack.
    assert.ok(Math.max(...closed) < 2_000, `slowest closed after ${Math.max(...closed)} ms`);
  });
});

describe('HTTP timeout settings', () => {
  it('default to 10 s headers, 30 s request, 5 s keep-alive', () => {
    assert.deepEqual(loadConfig({}).http, {
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
    });
  });

  it('refuse a headers timeout longer than the request timeout, and zero', () => {
    assert.throws(
      () => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' }),
      /HTTP_HEADERS_TIMEOUT_MS \(40000\) must not exceed HTTP_REQUEST_TIMEOUT_MS \(30000\)/,
    );
    assert.throws(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' }), /at least 1/);
    assert.throws(() => loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: 'soon' }), /non-negative integer/);
  });
});
