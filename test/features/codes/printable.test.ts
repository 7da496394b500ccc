import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode } from '../../support/codes.js';

// Issue #24 finding 1: a code whose every image would be a 422 used to be saved (201).
forEachDialect('codes the renderer refuses are not saved', (dialect) => {
  const { h, t } = useHarness(dialect, { tenant: 'pro' });

  const count = async () => (await call(h, { url: '/v1/codes?limit=1', tenant: t })).json.meta.pagination.total_count;
  const post = (url: string, body: unknown) => call(h, { method: 'POST', url, tenant: t, body });

  it('create: low contrast, inverted colours and content too long are 422 with a pointer; nothing stored', async () => {
    const before = await count();
    let p = expectProblem(
      await post('/v1/codes', { type: 'url', url: 'https://a.example/', style: { foreground: '#DDDDDD' } }),
      422,
      'validation-error',
    );
    assert.deepEqual(
      p.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]),
      [['/style/foreground', 'contrast']],
    );
    assert.match(p.errors[0].detail, /1\.36:1/);
    p = expectProblem(
      await post('/v1/codes', {
        type: 'text',
        content: { text: 'dark' },
        style: { foreground: '#FFFFFF', background: '#000000' },
      }),
      422,
      'validation-error',
    );
    assert.deepEqual([p.errors[0].pointer, p.errors[0].code], ['/style/foreground', 'inverted']);
    p = expectProblem(
      await post('/v1/codes', { type: 'text', content: { text: 'ü'.repeat(2000) } }),
      422,
      'validation-error',
    );
    assert.deepEqual([p.errors[0].pointer, p.errors[0].code], ['/content', 'capacity']);
    p = expectProblem(
      await post('/v1/codes', {
        type: 'text',
        content: { text: 'x'.repeat(2000) },
        style: { error_correction: 'H' },
      }),
      422,
      'validation-error',
    );
    assert.deepEqual([p.errors[0].pointer, p.errors[0].code], ['/style/error_correction', 'capacity']);
    assert.equal(await count(), before);
  });

  it('batch: the failing item is named, and no item is created', async () => {
    const before = await count();
    const p = expectProblem(
      await post('/v1/codes/batch', {
        codes: [
          { type: 'url', url: 'https://ok.example/' },
          { type: 'url', url: 'https://b.example/', style: { foreground: '#DDDDDD', background: '#FFFFFF' } },
        ],
      }),
      422,
      'validation-error',
    );
    assert.deepEqual(
      p.errors.map((e: { pointer: string }) => e.pointer),
      ['/codes/1/style/foreground'],
    );
    assert.equal(await count(), before);
  });

  it('update: a style or content that cannot render is refused and the code keeps its look', async () => {
    const code = await createCode(h, t, { type: 'text', content: { text: 'hello' } });
    const patch = (body: unknown) => call(h, { method: 'PATCH', url: `/v1/codes/${code.id}`, tenant: t, body });
    let p = expectProblem(await patch({ style: { background: '#111111' } }), 422, 'validation-error');
    assert.deepEqual([p.errors[0].pointer, p.errors[0].code], ['/style/background', 'contrast']);
    p = expectProblem(await patch({ content: { text: '€'.repeat(1000) } }), 422, 'validation-error');
    assert.deepEqual([p.errors[0].pointer, p.errors[0].code], ['/content', 'capacity']);
    const now = await call(h, { url: `/v1/codes/${code.id}`, tenant: t });
    assert.equal(now.json.data.style.background, null);
    assert.deepEqual(now.json.data.content, { text: 'hello' });
    const ok = await patch({ style: { foreground: '#1A237E', background: '#FFFFFF' } });
    assert.equal(ok.statusCode, 200, ok.body);
    const img = await call(h, { url: `/v1/codes/${code.id}/qr.svg`, tenant: t });
    assert.equal(img.statusCode, 200);
  });

  it('what is saved renders: the preview refuses the same body with the same pointer', async () => {
    const body = { type: 'url', url: 'https://a.example/', style: { foreground: '#DDDDDD' } };
    const p = expectProblem(await post('/v1/qr/preview', body), 422, 'validation-error');
    assert.equal(p.errors[0].pointer, '/style/foreground');
  });
});
