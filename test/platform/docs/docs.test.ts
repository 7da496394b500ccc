import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createHarness } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { ERROR_TYPES } from '../../../src/http/errors.js';

forEachDialect('health, docs, versions and deprecation', (dialect) => {
  const { h } = useHarness(dialect, {
    env: {
      DEPRECATIONS_JSON: JSON.stringify([{ method: 'GET', path: '/v1/organizations', sunset: '2027-06-30T00:00:00Z' }]),
    },
    tenant: false,
  });

  it('answers health without an API key', async () => {
    const res = await call(h, { url: '/v1/health' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json.status, 'ok');
    assert.equal(res.json.version, '1.2.0');
    assert.equal(res.json.environment, 'test');
    assert.equal(res.json.meta.request_id, res.headers['x-request-id']);
  });

  it('serves an OpenAPI 3.1 document listing routes with their error responses', async () => {
    const res = await call(h, { url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json.openapi, '3.1.0');
    const org = res.json.paths['/v1/organizations'].get;
    assert.equal(org.operationId, 'getOrganization');
    for (const status of ['200', '401', '429', '500']) assert.ok(org.responses[status], `status ${status} documented`);
    assert.ok(res.json.paths['/v1/health'].get);
    assert.equal(res.json.paths['/openapi.json'], undefined, 'docs routes are not API routes');
    for (const [path, ops] of Object.entries<any>(res.json.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        assert.ok(op.responses['500'], `${method} ${path} documents its errors`);
      }
    }
  });

  it('answers a client that holds the document with 304 and no body', async () => {
    const first = await call(h, { url: '/openapi.json' });
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[\w-]{32}"$/);
    assert.equal(first.headers['cache-control'], 'no-cache');
    const again = await call(h, { url: '/openapi.json', headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, etag);
    const other = await call(h, { url: '/openapi.json', headers: { 'if-none-match': '"another"' } });
    assert.equal(other.statusCode, 200);
    assert.equal(other.body, first.body);
  });

  it('serves the reference page, a page for every error type and the versioning page', async () => {
    const ref = await call(h, { url: '/docs' });
    assert.equal(ref.statusCode, 200);
    assert.match(String(ref.headers['content-type']), /text\/html/);
    assert.match(ref.body, /assets\/scalar\.js/);
    for (const type of Object.keys(ERROR_TYPES)) {
      const page = await call(h, { url: `/docs/errors/${type}` });
      assert.equal(page.statusCode, 200, type);
      assert.match(page.body, new RegExp(type));
    }
    assert.equal((await call(h, { url: '/docs/errors/no-such-type' })).statusCode, 404);
    const versioning = await call(h, { url: '/docs/api/versioning' });
    assert.equal(versioning.statusCode, 200);
    assert.match(versioning.body, /Sunset/);
  });

  it('makes every problem type address a real page', async () => {
    const res = await call(h, { url: '/v1/organizations' });
    const path = new URL(res.json.type).pathname;
    assert.equal((await call(h, { url: path })).statusCode, 200);
  });

  it('sends the deprecation headers for a route in the deprecation table, and only there', async () => {
    const res = await call(h, { url: '/v1/organizations' });
    assert.equal(res.headers.deprecation, 'true');
    assert.equal(res.headers.sunset, 'Wed, 30 Jun 2027 00:00:00 GMT');
    assert.equal(res.headers.link, '<http://qrs.test/docs/api/versioning>; rel="deprecation"');
    assert.equal((await call(h, { url: '/v1/health' })).headers.deprecation, undefined);
  });

  it('answers 503 degraded when the database does not answer', async () => {
    const broken = await createHarness(dialect);
    await broken.db.destroy();
    const res = await call(broken, { url: '/v1/health' });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json.status, 'degraded');
    await broken.app.close();
  });
});
