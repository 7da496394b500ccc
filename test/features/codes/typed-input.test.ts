import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { withHttps } from '../../../src/features/codes/codes.fns.js';

// Issue #24 finding 10: what a person types. `example.com` was refused; a past expiry was saved silently.
describe('withHttps', () => {
  it('adds https:// to a dotted host without a scheme and leaves everything else to the URL check', () => {
    const cases: Array<[string, string]> = [
      ['example.com', 'https://example.com'],
      ['example.com/menu?x=1#y', 'https://example.com/menu?x=1#y'],
      ['shop.example.co.uk:8443/a', 'https://shop.example.co.uk:8443/a'],
      ['//cdn.example.com/x', 'https://cdn.example.com/x'],
      ['http://example.com', 'http://example.com'],
      ['javascript:alert(1)', 'javascript:alert(1)'],
      ['mailto:a@example.com', 'mailto:a@example.com'],
      ['localhost:3000', 'localhost:3000'],
      ['user@example.com', 'user@example.com'],
      ['not a url', 'not a url'],
      ['nodot', 'nodot'],
    ];
    for (const [input, out] of cases) assert.equal(withHttps(input), out, input);
  });
});

forEachDialect('typed destinations and dates', (dialect) => {
  const { h, t } = useHarness(dialect, { tenant: 'pro' });
  const post = (url: string, body: unknown) => call(h, { method: 'POST', url, tenant: t, body });

  it('a destination typed without a scheme is stored with https://, on create, batch and update', async () => {
    const one = await post('/v1/codes', { type: 'url', url: 'example.com/menu', fallback_url: 'example.org' });
    assert.equal(one.statusCode, 201, one.body);
    assert.equal(one.json.data.url, 'https://example.com/menu');
    assert.equal(one.json.data.fallback_url, 'https://example.org/');
    const batch = await post('/v1/codes/batch', {
      codes: [{ type: 'url', url: 'shop.example.com', destinations: [{ url: 'a.example.com', weight: 1 }] }],
    });
    assert.equal(batch.statusCode, 201, batch.body);
    assert.equal(batch.json.data[0].url, 'https://shop.example.com/');
    assert.equal(batch.json.data[0].destinations[0].url, 'https://a.example.com/');
    const patched = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${one.json.data.id}`,
      tenant: t,
      body: { url: 'www.example.net/x' },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json.data.url, 'https://www.example.net/x');
    const bad = expectProblem(
      await post('/v1/codes', { type: 'url', url: 'javascript:alert(1)' }),
      422,
      'validation-error',
    );
    assert.equal(bad.errors[0].pointer, '/url');
  });

  it('an expiry in the past is 422 on /expires_at, on create and update; nothing changes', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const count = async () => (await call(h, { url: '/v1/codes?limit=1', tenant: t })).json.meta.pagination.total_count;
    const before = await count();
    let p = expectProblem(
      await post('/v1/codes', { type: 'url', url: 'https://e.example/', expires_at: past }),
      422,
      'validation-error',
    );
    assert.deepEqual([p.errors[0].pointer, p.errors[0].code], ['/expires_at', 'in_past']);
    p = expectProblem(
      await post('/v1/codes/batch', { codes: [{ type: 'url', url: 'https://e.example/', expires_at: past }] }),
      422,
      'validation-error',
    );
    assert.equal(p.errors[0].pointer, '/codes/0/expires_at');
    assert.equal(await count(), before);
    const code = (await post('/v1/codes', { type: 'url', url: 'https://e.example/' })).json.data;
    const patch = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${code.id}`,
      tenant: t,
      body: { expires_at: past },
    });
    p = expectProblem(patch, 422, 'validation-error');
    assert.equal(p.errors[0].pointer, '/expires_at');
    const now = await call(h, { url: `/v1/codes/${code.id}`, tenant: t });
    assert.equal(now.json.data.expires_at, null);
    assert.equal(now.json.data.status, 'active');
  });
});
