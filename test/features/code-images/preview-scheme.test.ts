// A destination typed without a scheme (`example.com/spring`) is completed by one function, the
// same for the live preview and for saving (docs/decisions.md D65): the preview accepts what Create
// accepts and draws what Create stores; routing rules' destinations are completed the same way.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';

forEachDialect('a missing scheme, preview and save alike', (dialect) => {
  const { h, t } = useHarness(dialect);
  const preview = (body: unknown) => call(h, { method: 'POST', url: '/v1/qr/preview', body, tenant: t });

  it('the preview draws example.com/spring as the saved static code stores it', async () => {
    const typed = await preview({ type: 'url', dynamic: false, url: 'example.com/spring' });
    assert.equal(typed.statusCode, 200, typed.body);
    const full = await preview({ type: 'url', dynamic: false, url: 'https://example.com/spring' });
    assert.equal(typed.body, full.body, 'the same symbol as for https://example.com/spring');
    const saved = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', dynamic: false, url: 'example.com/spring' },
    });
    assert.equal(saved.statusCode, 201, saved.body);
    assert.equal(saved.json.data.url, 'https://example.com/spring');
    const dynamic = await preview({ type: 'url', url: 'example.com/spring' });
    assert.equal(dynamic.statusCode, 200, dynamic.body);
  });

  it('what neither accepts is refused by both at /url, and nothing is stored', async () => {
    const before = (await call(h, { url: '/v1/codes', tenant: t })).json.meta.pagination.total_count;
    for (const url of ['not a url', 'ftp://example.com/x']) {
      const p = expectProblem(await preview({ type: 'url', url }), 422, 'validation-error');
      assert.equal(p.errors[0].pointer, '/url');
      const c = expectProblem(
        await call(h, { method: 'POST', url: '/v1/codes', tenant: t, body: { type: 'url', url } }),
        422,
        'validation-error',
      );
      assert.equal(c.errors[0].pointer, '/url');
    }
    assert.equal((await call(h, { url: '/v1/codes', tenant: t })).json.meta.pagination.total_count, before);
  });

  it("a routing rule's destination typed without a scheme is completed on save", async () => {
    const made = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: {
        type: 'url',
        url: 'example.com/default',
        rules: [{ when: { os: ['ios'] }, url: 'example.com/iphone' }],
      },
    });
    assert.equal(made.statusCode, 201, made.body);
    assert.equal(made.json.data.rules[0].url, 'https://example.com/iphone');
    const moved = await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${made.json.data.id}`,
      tenant: t,
      body: { rules: [{ when: { os: ['android'] }, url: 'example.org/android' }] },
    });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal(moved.json.data.rules[0].url, 'https://example.org/android');
  });
});
