// POST /v1/qr/preview: the editor's live preview renders unsaved content with the image routes'
// renderer. Decoded with zbar (via rsvg) so the preview is a real, scannable symbol.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { decodeSvg, missingTools } from '../../support/decode.js';

forEachDialect('POST /v1/qr/preview', (dialect) => {
  const { h, t } = useHarness(dialect);

  const preview = (body: unknown, tenant: Tenant | null = t) =>
    call(h, { method: 'POST', url: '/v1/qr/preview', body, tenant: tenant ?? undefined });

  it('renders a static wifi code and a dynamic url code as SVG that decodes', async (ctx) => {
    const wifi = await preview({
      type: 'wifi',
      content: { ssid: 'Office', encryption: 'WPA', password: 'secret' },
      style: { foreground: '#112233', margin: 2 },
    });
    assert.equal(wifi.statusCode, 200, wifi.body);
    assert.match(String(wifi.headers['content-type']), /^image\/svg\+xml/);
    assert.equal(wifi.headers['cache-control'], 'no-store');
    assert.ok(wifi.headers['x-ratelimit-limit'], 'rate-limited like every authenticated call');
    assert.match(wifi.body, /#112233/i);
    const dyn = await preview({ type: 'url', url: 'https://example.com/spring' });
    assert.equal(dyn.statusCode, 200);
    const reason = missingTools('zbarimg', 'rsvg-convert');
    if (reason) return ctx.skip(reason);
    assert.equal(await decodeSvg(wifi.body), 'WIFI:T:WPA;S:Office;P:secret;;');
    assert.equal(await decodeSvg(dyn.body), 'http://qrs.test/r/00000000');
    const stat = await preview({ type: 'url', dynamic: false, url: 'https://example.com/spring' });
    assert.equal(await decodeSvg(stat.body), 'https://example.com/spring');
  });

  it('answers 422 with pointers for bad content, url and colours, 400 for a missing url', async () => {
    let p = expectProblem(await preview({ type: 'wifi', content: { encryption: 'WPA' } }), 422, 'validation-error');
    assert.ok(
      p.errors.some((e: any) => e.pointer === '/content/ssid'),
      JSON.stringify(p.errors),
    );
    p = expectProblem(await preview({ type: 'url', url: 'javascript:alert(1)' }), 422, 'validation-error');
    assert.equal(p.errors[0].pointer, '/url');
    p = expectProblem(
      await preview({
        type: 'url',
        url: 'https://a.example',
        style: { foreground: '#777777', background: '#888888' },
      }),
      422,
      'validation-error',
    );
    assert.equal(p.errors[0].pointer, '/style/foreground');
    assert.equal(p.errors[0].code, 'contrast');
    p = expectProblem(
      await preview({ type: 'text', content: { text: 'x'.repeat(2000) }, style: { error_correction: 'H' } }),
      422,
      'validation-error',
    );
    assert.equal(p.errors[0].pointer, '/style/error_correction');
    p = expectProblem(await preview({ type: 'nope', url: 'https://a.example' }), 422, 'validation-error');
    assert.equal(p.errors[0].pointer, '/type');
    p = expectProblem(
      await preview({ type: 'wifi', dynamic: true, content: { ssid: 'x', encryption: 'nopass' } }),
      422,
      'validation-error',
    );
    assert.equal(p.errors[0].pointer, '/dynamic');
    p = expectProblem(await preview({ type: 'url' }), 400, 'bad-request');
    assert.equal(p.errors[0].pointer, '/url');
    expectProblem(
      await call(h, { method: 'POST', url: '/v1/qr/preview', body: '{"type":', tenant: t }),
      400,
      'bad-request',
    );
  });

  it('needs authentication and is in the OpenAPI document', async () => {
    expectProblem(await preview({ type: 'url', url: 'https://a.example' }, null), 401, 'authentication');
    const op = (h.app.swagger() as any).paths['/v1/qr/preview'].post;
    assert.equal(op.operationId, 'previewQr');
    assert.ok(op.responses['200'].content['image/svg+xml']);
  });

  it("uses the caller's own workspace colour only: another tenant's brand never leaks", async () => {
    const other = await seedTenant(h);
    await h.db
      .updateTable('workspaces')
      .set({ primary_color: '#0A3D91' })
      .where('id', '=', other.workspaceId)
      .execute();
    const mine = await preview({ type: 'text', content: { text: 'hello' } });
    assert.doesNotMatch(mine.body, /#0A3D91/i);
    const theirs = await preview({ type: 'text', content: { text: 'hello' } }, other);
    assert.match(theirs.body, /#0A3D91/i);
  });
});
