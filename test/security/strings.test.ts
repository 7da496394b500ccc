import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../support/harness.js';
import { forEachDialect, useHarness } from '../support/suite.js';

// Regression (docs/security.md, Input validation): a NUL byte gave 500 on PostgreSQL (18 cases on 8 routes, login included);
// SQLite stored lone surrogates as invalid UTF-8. Raw JSON text so "\u0000" and "\ud800" reach the
// server exactly as an attacker sends them.
const NUL = '\\u0000';
const HIGH = '\\ud800';
const LOW = '\\udc00';

forEachDialect('strings: NUL and lone surrogates', (dialect) => {
  let codeId: string;
  const { h, t } = useHarness(dialect, { tenant: 'pro' });
  before(async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://example.com/s', title: 'Before' },
    });
    codeId = res.json.data.id;
  });

  const pointers = (res: { json: { errors: Array<{ pointer: string; code: string }> } }) =>
    res.json.errors.map((e) => e.pointer);

  it('unauthenticated POST /auth/login with NUL in the e-mail: 422, not 500', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/auth/login',
      body: `{"email":"a${NUL}b@example.com","password":"whatever password"}`,
    });
    expectProblem(res, 422, 'validation-error');
    assert.deepEqual(pointers(res), ['/email']);
    assert.equal(res.json.errors[0].code, 'invalid_string');
  });

  it('POST /auth/login with a lone surrogate in the password', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/auth/login',
      body: `{"email":"${t.email}","password":"pass${HIGH}word"}`,
    });
    expectProblem(res, 422, 'validation-error');
    assert.deepEqual(pointers(res), ['/password']);
  });

  for (const [name, bad] of [
    ['NUL', NUL],
    ['a lone high surrogate', HIGH],
    ['a lone low surrogate', LOW],
    ['a reversed pair', LOW + HIGH],
  ]) {
    it(`POST /v1/codes with ${name} in the title: 422, nothing stored`, async () => {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        body: `{"type":"url","url":"https://example.com/x","title":"a${bad}b"}`,
      });
      expectProblem(res, 422, 'validation-error');
      assert.deepEqual(pointers(res), ['/title']);
      const n = await h.db.selectFrom('codes').select('id').where('workspace_id', '=', t.workspaceId).execute();
      assert.equal(n.length, 1);
    });
  }

  it('a proper surrogate pair (an emoji) is fine', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: '{"type":"text","content":{"text":"hi \\ud83d\\ude00"},"title":"\\ud83d\\ude00"}',
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json.data.title, '😀');
  });

  it('nested values and member names: content of a code, PATCH of a workspace, a comment, an API key', async () => {
    let res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: `{"type":"text","content":{"text":"x${NUL}"}}`,
    });
    expectProblem(res, 422, 'validation-error');
    assert.deepEqual(pointers(res), ['/content/text']);
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: `{"type":"text","content":{"te${NUL}xt":"x"}}`,
    });
    expectProblem(res, 422, 'validation-error');
    assert.deepEqual(pointers(res), ['/content']);
    res = await call(h, {
      method: 'PATCH',
      url: `/v1/workspaces/${t.workspaceId}`,
      tenant: t,
      body: `{"name":"W${HIGH}"}`,
    });
    expectProblem(res, 422, 'validation-error');
    assert.deepEqual(pointers(res), ['/name']);
    res = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${codeId}`,
      tenant: t,
      body: `{"title":"T${NUL}","tags":["ok","b${LOW}"]}`,
    });
    expectProblem(res, 422, 'validation-error');
    assert.deepEqual(pointers(res), ['/title', '/tags/1']);
    res = await call(h, {
      method: 'POST',
      url: `/v1/codes/${codeId}/comments`,
      tenant: t,
      body: `{"body":"hello${NUL}"}`,
    });
    expectProblem(res, 422, 'validation-error');
    res = await call(h, { method: 'POST', url: '/v1/api-keys', tenant: t, body: `{"name":"k${NUL}"}` });
    expectProblem(res, 422, 'validation-error');
    const got = await call(h, { url: `/v1/codes/${codeId}`, tenant: t });
    assert.equal(got.json.data.title, 'Before');
    const ws = await call(h, { url: `/v1/workspaces/${t.workspaceId}`, tenant: t });
    assert.equal(ws.statusCode, 200);
    assert.doesNotMatch(ws.json.data.name, /\ud800/);
  });

  it('query strings and path parameters that are queried: 422 with /query and /params pointers', async () => {
    let res = await call(h, { url: '/v1/codes?q=a%00b', tenant: t });
    expectProblem(res, 422, 'validation-error');
    assert.deepEqual(pointers(res), ['/query/q']);
    res = await call(h, { url: '/v1/codes?tag=%00', tenant: t });
    expectProblem(res, 422, 'validation-error');
    assert.deepEqual(pointers(res), ['/query/tag']);
    res = await call(h, { url: '/v1/codes/qr_%00', tenant: t });
    expectProblem(res, 422, 'validation-error');
    assert.deepEqual(pointers(res), ['/params/id']);
    res = await call(h, { url: '/v1/audit-logs/a%00', tenant: t });
    expectProblem(res, 422, 'validation-error');
    // The unauthenticated public passport page too.
    res = await call(h, { url: '/dpp/09506000134352/S%00N', headers: { accept: 'application/json' } });
    expectProblem(res, 422, 'validation-error');
    assert.deepEqual(pointers(res), ['/params/serial']);
  });
});
