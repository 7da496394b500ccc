// The service serves the built dashboard: hashed assets cached for a year, index.html no-cache
// with a strict CSP, an SPA fallback for browser navigations, and no API path ever shadowed.
// Uses a small fixture build so it runs without `npm run build`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, createHarness } from '../../support/harness.js';
import { sqlite, useHarness } from '../../support/suite.js';
import { DASHBOARD_CSP } from '../../../src/platform/web-app/csp.js';

const dist = mkdtempSync(join(tmpdir(), 'qrs-web-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log("app")');

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('dashboard serving', () => {
  const { h } = useHarness(sqlite, { env: { WEB_DIST: dist }, tenant: false });

  it('serves index.html at / and client routes, no-cache, with a CSP that allows no inline script', async () => {
    for (const url of ['/', '/codes', '/codes/qr_123/edit', '/login?next=1', '/workspaces/ws_1']) {
      const res = await call(h, { url, headers: html });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.equal(res.headers['content-security-policy'], DASHBOARD_CSP);
      assert.match(res.body, /<div id="root">/);
    }
    const csp = DASHBOARD_CSP;
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(csp, /frame-ancestors 'none'/);
  });

  it('caches hashed assets for a year, immutable; an unknown asset is a 404', async () => {
    const res = await call(h, { url: '/assets/index-Ab12Cd34.js' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /javascript/);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    const missing = await call(h, { url: '/assets/nope-123.js', headers: html });
    assert.equal(missing.statusCode, 404);
    const traversal = await call(h, { url: '/assets/..%2F..%2Fpackage.json' });
    assert.notEqual(traversal.statusCode, 200);
  });

  it('answers /favicon.ico with the SVG mark, cacheable for a day, so no page logs a 404 for it', async () => {
    for (const accept of ['image/avif,image/webp,image/svg+xml,image/*,*/*;q=0.8', html.accept]) {
      const res = await call(h, { url: '/favicon.ico', headers: { accept } });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^image\/svg\+xml/);
      assert.equal(res.headers['cache-control'], 'public, max-age=86400');
      assert.match(res.body, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });

  it('never shadows API, redirect, resolver and docs paths', async () => {
    const cases: Array<[string, number, RegExp]> = [
      ['/v1/nope', 404, /problem\+json/],
      ['/v1/codes', 401, /problem\+json/],
      ['/r/doesnotexist', 404, /text\/html/],
      ['/01/09506000134352/21/1', 404, /./],
      ['/dpp/0950600013435/x', 404, /./],
      ['/docs', 200, /text\/html/],
      ['/openapi.json', 200, /application\/json/],
      ['/auth/me', 401, /problem\+json/],
      ['/.well-known/gs1resolver', 200, /json/],
      ['/auth/unknown', 404, /problem\+json/],
      ['/v2/codes', 404, /problem\+json/],
    ];
    for (const [url, status, type] of cases) {
      const res = await call(h, { url, headers: html });
      assert.equal(res.statusCode, status, `${url}: ${res.body.slice(0, 200)}`);
      assert.match(String(res.headers['content-type']), type, url);
      assert.doesNotMatch(res.body, /<div id="root">/, `${url} must not be the dashboard`);
    }
  });

  it('answers API clients (JSON Accept) and other methods with problem documents, not the app', async () => {
    for (const accept of ['application/json', '*/*', undefined]) {
      const res = await call(h, { url: '/somewhere', headers: accept ? { accept } : {} });
      assert.equal(res.statusCode, 404, String(accept));
      assert.match(String(res.headers['content-type']), /problem\+json/);
    }
    const post = await call(h, {
      method: 'POST',
      url: '/v1/unknown',
      headers: { ...html, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(post.statusCode, 404, 'a POST to an unknown API path stays a 404, not a 405');
  });
});

describe('dashboard serving without a build', () => {
  it('starts, serves the API and says the dashboard is not built', async () => {
    const lines: string[] = [];
    const stream = {
      write: (l: string) => {
        lines.push(l);
      },
    };
    const h = await createHarness(sqlite, { WEB_DIST: join(dist, 'missing') }, { logger: { level: 'warn', stream } });
    try {
      const res = await call(h, { url: '/', headers: html });
      assert.equal(res.statusCode, 404);
      assert.equal((await call(h, { url: '/openapi.json' })).statusCode, 200);
      assert.ok(
        lines.some((l) => l.includes('dashboard not built')),
        lines.join('\n'),
      );
    } finally {
      await h.close();
    }
  });
});
