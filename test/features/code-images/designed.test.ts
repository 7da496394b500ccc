// A code's design (style.module_shape, eye_shape, eye_color, gradient) reaches every image route,
// and each image decodes back to the short URL with zbar.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { createCode } from '../../support/codes.js';
import { decodeEps, decodePdf, decodePng, decodeSvg, missingTools } from '../../support/decode.js';

const DESIGN = {
  module_shape: 'dots',
  eye_shape: 'circle',
  eye_color: '#B00020',
  gradient: { to: '#1A237E', direction: 'diagonal' },
};

forEachDialect('designed codes through the API', (dialect) => {
  const { h, t } = useHarness(dialect, { tenant: 'pro' });

  it('the stored design is returned and every image format of the code decodes', async (ctx) => {
    const c = await createCode(h, t, { type: 'url', url: 'https://design.example.com/', style: DESIGN });
    assert.deepEqual(
      {
        ...c.style,
        foreground: undefined,
        background: undefined,
        error_correction: undefined,
        margin: undefined,
        logo_id: undefined,
        logo_size: undefined,
        frame: undefined,
        brand_kit_id: undefined,
      },
      {
        ...DESIGN,
        foreground: undefined,
        background: undefined,
        error_correction: undefined,
        margin: undefined,
        logo_id: undefined,
        logo_size: undefined,
        frame: undefined,
        brand_kit_id: undefined,
      },
    );
    const skip = missingTools('zbarimg', 'rsvg-convert', 'pdftoppm', 'gs');
    if (skip) return ctx.skip(skip);
    const get = (ext: string) => call(h, { url: `/v1/codes/${c.id}/qr.${ext}`, headers: t.auth });
    const svg = await get('svg');
    assert.equal(svg.statusCode, 200);
    assert.match(svg.body, /qrs-gradient/);
    assert.equal(await decodeSvg(svg.body), c.short_url);
    assert.equal(await decodePng((await get('png')).rawPayload), c.short_url);
    assert.equal(await decodePdf((await get('pdf')).rawPayload), c.short_url);
    assert.equal(await decodeEps((await get('eps')).body), c.short_url);
    // The design is part of the ETag: changing it changes the image.
    const before = svg.headers.etag;
    await call(h, {
      method: 'PATCH',
      url: `/v1/codes/${c.id}`,
      tenant: t,
      body: { style: { module_shape: 'rounded' } },
    });
    assert.notEqual((await get('svg')).headers.etag, before);
  });

  it('unknown shapes, bad colours and unknown gradient fields are a 422 with a pointer', async () => {
    for (const [style, pointer] of [
      [{ module_shape: 'hearts' }, '/style/module_shape'],
      [{ eye_shape: 'star' }, '/style/eye_shape'],
      [{ eye_color: 'red' }, '/style/eye_color'],
      [{ gradient: { to: '#000000', direction: 'radial' } }, '/style/gradient/direction'],
      [{ gradient: { to: '#000000', direction: 'vertical', angle: 3 } }, '/style/gradient/angle'],
    ] as const) {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/codes',
        tenant: t,
        body: { type: 'url', url: 'https://a.example.com/', style },
      });
      const p = expectProblem(res, 422, 'validation-error');
      assert.ok(
        p.errors.some((e: { pointer: string }) => e.pointer === pointer),
        `${pointer}: ${JSON.stringify(p.errors)}`,
      );
    }
  });

  it('an eye colour or gradient end too pale to scan is refused by the preview with its pointer', async () => {
    for (const [style, pointer] of [
      [{ eye_color: '#EEEEEE' }, '/style/eye_color'],
      [{ gradient: { to: '#F0F0F0', direction: 'vertical' } }, '/style/gradient/to'],
    ] as const) {
      const res = await call(h, {
        method: 'POST',
        url: '/v1/qr/preview',
        tenant: t,
        body: { type: 'url', url: 'https://a.example.com/', style },
      });
      const p = expectProblem(res, 422, 'validation-error');
      assert.equal(p.errors[0].pointer, pointer);
      assert.equal(p.errors[0].code, 'contrast');
    }
    const ok = await call(h, {
      method: 'POST',
      url: '/v1/qr/preview',
      tenant: t,
      body: { type: 'url', url: 'https://a.example.com/', style: DESIGN },
    });
    assert.equal(ok.statusCode, 200);
    assert.match(ok.body, /qrs-gradient/);
  });
});
