import { it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { call, expectProblem } from '../support/harness.js';
import { forEachDialect, useHarness } from '../support/suite.js';
import { probeRoutes } from './probe-routes.js';

forEachDialect('envelope, ids and problem details', (dialect) => {
  const counters = { executed: 0, delayMs: 0 };
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  const { h, t } = useHarness(dialect, {
    routes: (app) => probeRoutes(app, counters),
    logger: { level: 'info', stream },
  });

  it('wraps one resource in data/meta and mints req_ ULID ids, ignoring an incoming X-Request-Id', async () => {
    const res = await call(h, { url: '/v1/organizations', tenant: t, headers: { 'x-request-id': 'req_attacker' } });
    assert.equal(res.statusCode, 200);
    assert.match(res.json.meta.request_id, /^req_[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.equal(res.headers['x-request-id'], res.json.meta.request_id);
    assert.equal(res.json.meta.api_version, '1.2.0');
    assert.match(res.json.data.id, /^org_[0-9A-HJKMNP-TV-Z]{26}$/);
    assert.match(res.json.data.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('answers invalid JSON with 400 bad-request and executes nothing', async () => {
    const before = counters.executed;
    const res = await call(h, { method: 'POST', url: '/v1/probe/things', tenant: t, body: '{"name": "x",' });
    const p = expectProblem(res, 400, 'bad-request');
    assert.equal(p.title, 'Bad Request');
    assert.equal(p.instance, '/v1/probe/things');
    assert.equal(counters.executed, before);
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/probe/things',
      tenant: t,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.statusCode, 400);
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/probe/things',
      tenant: t,
      headers: { 'content-type': 'text/plain' },
      body: 'name=x',
    });
    expectProblem(res, 415, 'unsupported-media-type');
  });

  it('answers an oversize body with 413', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/probe/things',
      tenant: t,
      body: JSON.stringify({ name: 'x'.repeat(h.config.bodyLimit + 10) }),
    });
    expectProblem(res, 413, 'payload-too-large');
  });

  it('answers a missing required field with 400 and a JSON pointer', async () => {
    const res = await call(h, { method: 'POST', url: '/v1/probe/things', tenant: t, body: { size: 3 } });
    const p = expectProblem(res, 400, 'bad-request');
    assert.deepEqual(
      p.errors.map((e: any) => [e.pointer, e.code]),
      [['/name', 'required']],
    );
  });

  it('answers invalid values with 422 listing every problem with a pointer', async () => {
    const before = counters.executed;
    const res = await call(h, {
      method: 'POST',
      url: '/v1/probe/things',
      tenant: t,
      body: { name: 'far too long name', size: 0, color: 'red', extra: 1 },
    });
    const p = expectProblem(res, 422, 'validation-error');
    const pointers = p.errors.map((e: any) => e.pointer).sort();
    assert.deepEqual(pointers, ['/color', '/extra', '/name', '/size']);
    for (const e of p.errors) assert.ok(e.detail && e.code);
    assert.equal(counters.executed, before);
  });

  it('does not coerce JSON body types', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/probe/things',
      tenant: t,
      body: { name: 'ok', size: '5' },
    });
    const p = expectProblem(res, 422, 'validation-error');
    assert.equal(p.errors[0].pointer, '/size');
  });

  it('points query parameter errors at /query/<name>', async () => {
    const res = await call(h, { url: '/v1/probe/audit?limit=abc', tenant: t });
    const p = expectProblem(res, 422, 'validation-error');
    assert.equal(p.errors[0].pointer, '/query/limit');
  });

  it('hides internal errors and logs them with the request id', async () => {
    const res = await call(h, { method: 'POST', url: '/v1/probe/things', tenant: t, body: { name: 'explode' } });
    const p = expectProblem(res, 500, 'internal');
    assert.doesNotMatch(res.body, /hunter2|secret database|at .*\.ts/);
    const logged = logLines.map((l) => JSON.parse(l)).find((l) => l.level >= 50 && l.reqId === p.request_id);
    assert.ok(logged, 'the 500 is logged with its request id');
    assert.match(JSON.stringify(logged.err), /hunter2/);
  });

  it('puts the request id on every log line of a request', async () => {
    const res = await call(h, { url: '/v1/organizations', tenant: t });
    const lines = logLines.map((l) => JSON.parse(l)).filter((l) => l.reqId === res.headers['x-request-id']);
    assert.ok(lines.length >= 2, 'incoming request and response lines');
  });

  it('answers unknown routes with a 404 problem document, never HTML', async () => {
    for (const url of ['/v1/nope', '/nope', '/v1/organizations/x/y']) {
      expectProblem(await call(h, { url, tenant: t }), 404, 'not-found');
    }
  });

  it('answers an unknown version prefix with 404 naming the supported versions', async () => {
    for (const url of ['/v2/codes', '/v0/organizations']) {
      const p = expectProblem(await call(h, { url, tenant: t }), 404, 'not-found');
      assert.deepEqual(p.supported_versions, ['v1']);
      assert.match(p.detail, /v1/);
    }
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await call(h, { method: 'DELETE', url: '/v1/health' });
    expectProblem(res, 405, 'method-not-allowed');
    assert.match(String(res.headers.allow), /GET/);
  });
});

forEachDialect('URLs the router cannot decode', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('answers bad percent-encoding with a 400 problem document', async () => {
    for (const url of ['/v1/codes/%ZZ', '/01/09506000134352/21/a%E0%A4%A']) {
      const res = await call(h, { url });
      const p = expectProblem(res, 400, 'bad-request');
      assert.match(p.detail, /malformed/);
    }
  });
});
