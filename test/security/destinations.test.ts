import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../support/harness.js';
import { forEachDialect, useHarness } from '../support/suite.js';
import { UA } from '../support/codes.js';

// Regressions (docs/security.md, Destinations): destinations with CR/LF or characters above U+00FF were stored
// and every redirect was a 500 (after recording a scan); localhost and [::1] passed the loop
// check; `https://evil.example\@good.example/` was accepted.

forEachDialect('destination URLs', (dialect) => {
  const { h, t } = useHarness(dialect, { tenant: 'pro' });

  const create = (body: Record<string, unknown> | string) =>
    call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: typeof body === 'string' ? body : { type: 'url', ...body },
    });
  const scan = (shortCode: string) => call(h, { url: `/r/${shortCode}`, headers: { 'user-agent': UA.iphone } });
  const codeCount = async () =>
    (await h.db.selectFrom('codes').select('id').where('workspace_id', '=', t.workspaceId).execute()).length;

  it('IDN hosts and non-ASCII paths are stored normalised and redirect', async () => {
    const res = await create({
      url: 'https://Bücher.example/日本?q=ü#teil',
      fallback_url: 'https://例え.jp/',
      destinations: [{ url: 'https://example.com/ä', weight: 1 }],
    });
    assert.equal(res.statusCode, 201, res.body);
    const c = res.json.data;
    assert.equal(c.url, 'https://xn--bcher-kva.example/%E6%97%A5%E6%9C%AC?q=%C3%BC#teil');
    assert.equal(c.fallback_url, 'https://xn--r8jz45g.jp/');
    assert.equal(c.destinations[0].url, 'https://example.com/%C3%A4');
    const row = await h.db
      .selectFrom('codes')
      .select(['url', 'destinations'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.url, c.url);
    const r = await scan(c.short_code);
    assert.equal(r.statusCode, 302);
    assert.equal(r.headers.location, 'https://example.com/%C3%A4');
  });

  it('PATCH stores the normalised form too', async () => {
    const c = (await create({ url: 'https://example.com/a' })).json.data;
    const res = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${c.id}`,
      tenant: t,
      body: { url: 'HTTPS://EXAMPLE.com:443/日本' },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json.data.url, 'https://example.com/%E6%97%A5%E6%9C%AC');
    const r = await scan(c.short_code);
    assert.equal(r.headers.location, 'https://example.com/%E6%97%A5%E6%9C%AC');
  });

  const refused: Array<[string, string, string]> = [
    ['CR/LF', 'https://example.com/a\r\nSet-Cookie: x=1', 'url'],
    ['a tab', 'https://exa\tmple.com/', 'url'],
    ['credentials', 'https://user:pass@example.com/', 'url_credentials'],
    ['a user name only', 'https://user@example.com/', 'url_credentials'],
    ['a backslash', 'https://evil.example\\@good.example/', 'url'],
    ['localhost', 'http://localhost/x', 'url_loop'],
    ['LOCALHOST. with a trailing dot', 'http://LOCALHOST./x', 'url_loop'],
    ['a .localhost name', 'http://app.localhost:3000/', 'url_loop'],
    ['127.0.0.1', 'http://127.0.0.1:8080/', 'url_loop'],
    ['127.0.0.1 as a decimal integer', 'http://2130706433/', 'url_loop'],
    ['127.1 shorthand', 'http://127.1/', 'url_loop'],
    ['[::1]', 'http://[::1]/', 'url_loop'],
    ['[0:0:0:0:0:0:0:1]', 'http://[0:0:0:0:0:0:0:1]/', 'url_loop'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/', 'url_loop'],
    ["the service's own host in upper case with a trailing dot", 'https://QRS.TEST./r/abcdefgh', 'url_loop'],
    ['javascript:', 'javascript:alert(1)', 'url_scheme'],
  ];
  for (const [name, url, code] of refused) {
    it(`refuses ${name} in url, fallback_url and destinations: 422, nothing stored`, async () => {
      const before = await codeCount();
      const res = await create({
        url,
        fallback_url: url,
        destinations: [
          { url: 'https://ok.example/', weight: 1 },
          { url, weight: 1 },
        ],
      });
      const problem = expectProblem(res, 422, 'validation-error');
      assert.deepEqual(
        problem.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
        [
          ['/url', code],
          ['/fallback_url', code],
          ['/destinations/1/url', code],
        ],
      );
      assert.equal(await codeCount(), before);
    });
  }

  it('a row stored before normalisation still redirects, and an unusable one is a 410, never a 500', async () => {
    const raw = (await create({ url: 'https://example.com/old' })).json.data;
    const broken = (await create({ url: 'https://example.com/old2', fallback_url: 'https://fallback.example/' })).json
      .data;
    const dead = (await create({ url: 'https://example.com/old3' })).json.data;
    // As rows looked when they were stored unnormalised (before this fix).
    await h.db.updateTable('codes').set({ url: 'https://Bücher.example/日本' }).where('id', '=', raw.id).execute();
    await h.db
      .updateTable('codes')
      .set({ url: 'https://example.com/a\r\nSet-Cookie: x=1' })
      .where('id', '=', broken.id)
      .execute();
    await h.db.updateTable('codes').set({ url: 'https://example.com/\u0100\n' }).where('id', '=', dead.id).execute();
    let r = await scan(raw.short_code);
    assert.equal(r.statusCode, 302);
    assert.equal(r.headers.location, 'https://xn--bcher-kva.example/%E6%97%A5%E6%9C%AC');
    r = await scan(broken.short_code);
    assert.equal(r.statusCode, 302);
    assert.equal(r.headers.location, 'https://fallback.example/');
    r = await scan(dead.short_code);
    assert.equal(r.statusCode, 410);
    assert.match(String(r.headers['content-type']), /^text\/html/);
    // The API still reads such rows.
    const list = await call(h, { url: '/v1/codes', tenant: t });
    assert.equal(list.statusCode, 200);
  });
});
