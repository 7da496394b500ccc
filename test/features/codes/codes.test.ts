import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Harness } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';

const contentOk: Record<string, unknown> = {
  text: { text: 'hello' },
  email: { to: 'a@example.com', subject: 'Hi' },
  phone: { number: '+49 30 1234567' },
  sms: { number: '+4930123', message: 'yo' },
  wifi: { ssid: 'Home', encryption: 'WPA', password: 'secret123' },
  vcard: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
  geo: { lat: 52.52, lng: 13.405 },
};
const contentBad: Record<string, { content: unknown; pointer: string }> = {
  text: { content: { text: '' }, pointer: '/content/text' },
  email: { content: { to: 'not-an-email' }, pointer: '/content/to' },
  phone: { content: { number: 'abc' }, pointer: '/content/number' },
  sms: { content: { number: '12', message: 'x' }, pointer: '/content/number' },
  wifi: { content: { ssid: 'Home', encryption: 'WPA2', password: 'x' }, pointer: '/content/encryption' },
  vcard: { content: { first_name: 'Ada', url: 'ftp://x' }, pointer: '/content/url' },
  geo: { content: { lat: 95, lng: 0 }, pointer: '/content/lat' },
};

async function count(h: Harness, workspaceId: string): Promise<number> {
  const r = await h.db
    .selectFrom('codes')
    .select(h.db.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

forEachDialect('codes', (dialect) => {
  const { h, t } = useHarness(dialect, { tenant: 'pro' });

  it('creates a dynamic url code with a short URL and reads it back', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://example.com/a', title: 'A', tags: ['spring', 'print'] },
    });
    assert.equal(res.statusCode, 201, res.body);
    const c = res.json.data;
    assert.match(c.id, /^qr_[0-9A-Z]{26}$/);
    assert.equal(c.dynamic, true);
    assert.equal(c.status, 'active');
    assert.match(c.short_code, /^[0-9A-Za-z]{7,}$/);
    assert.equal(c.short_url, `http://qrs.test/r/${c.short_code}`);
    assert.equal(c.workspace_id, t.workspaceId);
    assert.match(c.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(c.tags, ['spring', 'print']);
    assert.deepEqual(c.style, {
      foreground: null,
      background: null,
      error_correction: null,
      margin: null,
      module_shape: null,
      eye_shape: null,
      eye_color: null,
      gradient: null,
      logo_id: null,
      logo_size: null,
      frame: null,
      brand_kit_id: null,
    });
    const got = await call(h, { url: `/v1/codes/${c.id}`, tenant: t });
    assert.equal(got.statusCode, 200);
    assert.deepEqual(got.json.data, c);
  });

  it('a static url code has no short URL', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://example.com/s', dynamic: false },
    });
    assert.equal(res.statusCode, 201);
    assert.equal(res.json.data.short_url, null);
    assert.equal(res.json.data.short_code, null);
  });

  for (const [type, content] of Object.entries(contentOk)) {
    it(`creates a static ${type} code`, async () => {
      const res = await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body: { type, content } });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json.data.dynamic, false);
      assert.equal(res.json.data.short_url, null);
      assert.deepEqual(res.json.data.content, content);
    });
    it(`refuses invalid ${type} content with a pointer and creates nothing`, async () => {
      const before = await count(h, t.workspaceId);
      const bad = contentBad[type];
      const res = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        body: { type, content: bad.content },
      });
      const p = expectProblem(res, 422, 'validation-error');
      assert.ok(
        p.errors.some((e: { pointer: string }) => e.pointer === bad.pointer),
        JSON.stringify(p.errors),
      );
      assert.equal(await count(h, t.workspaceId), before);
    });
  }

  it('a type without a hosted page cannot be dynamic; content is required', async () => {
    let res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'email', content: { to: 'a@example.com' }, dynamic: true },
    });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].pointer, '/dynamic');
    res = await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body: { type: 'wifi' } });
    assert.equal(expectProblem(res, 400, 'bad-request').errors[0].pointer, '/content');
    res = await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body: { type: 'url' } });
    assert.equal(expectProblem(res, 400, 'bad-request').errors[0].pointer, '/url');
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'barcode', url: 'https://x.y' },
    });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].pointer, '/type');
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'text', content: { text: 'x' }, expires_at: '2030-01-01T00:00:00Z' },
    });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].code, 'dynamic_only');
  });

  for (const [url, code] of [
    ['javascript:alert(1)', 'url_scheme'],
    ['data:text/html,hi', 'url_scheme'],
    ['ftp://example.com/x', 'url_scheme'],
    ['not a url', 'url'],
    ['/relative/path', 'url'],
    ['http://qrs.test/r/abcdefg', 'url_loop'],
    ['https://QRS.test/anything', 'url_loop'],
  ] as const) {
    it(`refuses the destination ${url}`, async () => {
      const before = await count(h, t.workspaceId);
      const res = await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body: { type: 'url', url } });
      const p = expectProblem(res, 422, 'validation-error');
      assert.equal(p.errors[0].pointer, '/url');
      assert.equal(p.errors[0].code, code);
      assert.equal(await count(h, t.workspaceId), before);
    });
  }

  it('refuses a destination on a verified workspace custom domain, also in A/B destinations and fallback', async () => {
    const other = await seedTenant(h);
    const domain = `go-${other.workspaceId.slice(-6).toLowerCase()}.example.org`;
    // Verified through DNS in test/features/workspaces/custom-domains.test.ts; an unverified one counts for nobody.
    await h.db
      .updateTable('workspaces')
      .set({ custom_domain: domain, custom_domain_verified_at: new Date().toISOString() })
      .where('id', '=', other.workspaceId)
      .execute();
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: {
        type: 'url',
        url: `https://${domain}/r/x`,
        fallback_url: `https://${domain}/`,
        destinations: [
          { url: 'https://ok.example.com', weight: 1 },
          { url: `http://${domain.toUpperCase()}/y`, weight: 2 },
        ],
      },
    });
    const p = expectProblem(res, 422, 'validation-error');
    assert.deepEqual(p.errors.map((e: { pointer: string }) => e.pointer).sort(), [
      '/destinations/1/url',
      '/fallback_url',
      '/url',
    ]);
  });

  it('refuses unknown fields and bad weights', async () => {
    let res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://e.com', colour: 'red' },
    });
    expectProblem(res, 422, 'validation-error');
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://e.com', destinations: [{ url: 'https://a.com', weight: 0 }] },
    });
    assert.equal(expectProblem(res, 422, 'validation-error').errors[0].pointer, '/destinations/0/weight');
    res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://e.com', destinations: [{ url: 'https://a.com', weight: 1.5 }] },
    });
    expectProblem(res, 422, 'validation-error');
  });

  it('uses the workspace custom domain in short_url once verified', async () => {
    const t2 = await seedTenant(h);
    const domain = `qr-${t2.workspaceId.slice(-8).toLowerCase()}.brand.example`;
    await h.db
      .updateTable('workspaces')
      .set({ custom_domain: domain, custom_domain_verified_at: new Date().toISOString() })
      .where('id', '=', t2.workspaceId)
      .execute();
    const res = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t2,
      body: { type: 'url', url: 'https://example.com' },
    });
    assert.equal(res.json.data.short_url, `https://${domain}/r/${res.json.data.short_code}`);
  });
});
