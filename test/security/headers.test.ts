import { it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { call } from '../support/harness.js';
import { forEachDialect, useHarness } from '../support/suite.js';
import { pathOf, publishedPassport } from '../support/passports.js';

// Regression (docs/security.md, Security headers): HTML pages once sent no security headers.

function assertDocumentHeaders(res: LightMyRequestResponse, what: string) {
  assert.match(String(res.headers['content-type']), /^text\/html/, what);
  const csp = String(res.headers['content-security-policy'] ?? '');
  assert.match(csp, /frame-ancestors 'none'/, `${what}: CSP with frame-ancestors`);
  const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? /(?:^|;)\s*default-src ([^;]*)/.exec(csp)?.[1] ?? '';
  assert.doesNotMatch(scripts, /unsafe-inline|unsafe-eval|\*/, `${what}: no inline or foreign script allowed`);
  assert.equal(res.headers['x-content-type-options'], 'nosniff', what);
  assert.ok(res.headers['referrer-policy'], `${what}: Referrer-Policy`);
  assert.equal(res.headers['x-frame-options'], 'DENY', what);
  // The page works under its policy: no inline script, no inline event handler.
  // (A JSON data block, <script type="application/json">, is not run and needs no permission.)
  assert.doesNotMatch(
    res.body,
    /<script(?![^>]*\b(?:src=|type="application\/(?:ld\+)?json"))[^>]*>|\son[a-z]+=/i,
    `${what}: inline script`,
  );
}

forEachDialect('security headers on HTML pages', (dialect) => {
  const { h, t } = useHarness(dialect, { tenant: 'pro' });

  const get = (url: string, accept = 'text/html') => call(h, { url, headers: { accept } });

  it('docs pages: the reference, an error type, the versioning policy', async () => {
    for (const url of [
      '/docs',
      '/docs/errors/not-found',
      '/docs/errors/secret-not-replayable',
      '/docs/api/versioning',
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      assertDocumentHeaders(res, url);
    }
  });

  it('redirect pages: unknown code (404) and a paused code (410)', async () => {
    assertDocumentHeaders(await get('/r/unknownCode1'), '404 page');
    const c = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://example.com/h' },
    });
    await call(h, { method: 'PATCH', url: `/v1/codes/${c.json.data.id}`, tenant: t, body: { status: 'paused' } });
    const gone = await get(`/r/${c.json.data.short_code}`);
    assert.equal(gone.statusCode, 410);
    assertDocumentHeaders(gone, '410 page');
  });

  it('the passport page and its not-found page', async () => {
    const { passport } = await publishedPassport(h, 'ev', t);
    const page = await get(pathOf(passport.public_url));
    assert.equal(page.statusCode, 200);
    assertDocumentHeaders(page, 'passport page');
    const missing = await get('/dpp/09506000134352/NOPE');
    assert.equal(missing.statusCode, 404);
    assertDocumentHeaders(missing, 'passport 404 page');
  });

  it(
    'the dashboard page keeps its own stricter policy',
    { skip: !existsSync('web/dist/index.html') && 'dashboard not built' },
    async () => {
      const res = await get('/');
      assert.equal(res.statusCode, 200);
      assertDocumentHeaders(res, 'dashboard');
      assert.match(String(res.headers['content-security-policy']), /style-src 'self'(;|$)/);
    },
  );

  it('API answers get nosniff and no page policy', async () => {
    const res = await call(h, { url: '/v1/codes', tenant: t });
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['content-security-policy'], undefined);
    const problem = await call(h, { url: '/v1/nothing-here' });
    assert.equal(problem.headers['x-content-type-options'], 'nosniff');
  });
});
