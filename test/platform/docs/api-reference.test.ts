// The docs pages: the interactive reference (Scalar, served locally, no inline script), error
// pages rendered from Markdown with their codes, and HTML or JSON 404s by who is asking.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from '../../support/harness.js';
import { sqlite, useHarness } from '../../support/suite.js';

describe('API reference and docs pages', () => {
  const { h } = useHarness(sqlite, { tenant: false });

  it('/docs loads the renderer and its starter from this server only, with no inline script', async () => {
    const res = await call(h, { url: '/docs', headers: { accept: 'text/html' } });
    assert.equal(res.statusCode, 200);
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline[^;]*;?.*script|script-src[^;]*unsafe/);
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 2);
    for (const [, attrs, body] of scripts) {
      assert.equal(body.trim(), '', 'no inline script');
      assert.match(attrs, /src="\/docs\/assets\//);
    }
    assert.doesNotMatch(res.body, /https?:\/\/(?!.*openapi)/, 'no other origin');
    const starter = await call(h, { url: '/docs/assets/reference.js' });
    assert.equal(starter.statusCode, 200);
    assert.match(String(starter.headers['content-type']), /javascript/);
    assert.match(starter.body, /createApiReference/);
    assert.match(starter.body, /\/openapi\.json/);
    const renderer = await call(h, { url: '/docs/assets/scalar.js' });
    assert.equal(renderer.statusCode, 200);
    assert.match(String(renderer.headers['content-type']), /javascript/);
    assert.ok(renderer.body.length > 100_000, 'the full standalone renderer');
    assert.match(renderer.body, /createApiReference/);
  });

  it('error pages render Markdown and list the code values', async () => {
    const res = await call(h, { url: '/docs/errors/validation-error', headers: { accept: 'text/html' } });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.doesNotMatch(res.body, /`/, 'no raw Markdown backticks');
    assert.match(res.body, /<code>errors<\/code>/);
    assert.match(res.body, /<h2>Codes<\/h2>/);
    for (const code of ['required', 'format', 'unknown_field', 'cursor'])
      assert.match(res.body, new RegExp(`<code>${code}</code>`));
    const auth = await call(h, { url: '/docs/errors/authentication' });
    assert.match(auth.body, /<code>Authorization: Bearer qrs_sk_…<\/code>/);
  });

  it('an unknown error type is an HTML 404 for a browser and a problem document for an API client', async () => {
    const browser = await call(h, {
      url: '/docs/errors/no-such-type',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    assert.equal(browser.statusCode, 404);
    assert.match(String(browser.headers['content-type']), /text\/html/);
    assert.match(browser.body, /no-such-type/);
    const api = await call(h, { url: '/docs/errors/no-such-type', headers: { accept: 'application/json' } });
    assert.equal(api.statusCode, 404);
    assert.match(String(api.headers['content-type']), /application\/problem\+json/);
    const versioning = await call(h, { url: '/docs/api/versioning' });
    assert.equal(versioning.statusCode, 200);
    assert.match(versioning.body, /Deprecation/);
  });
});
