// POST /v1/qr/preview draws what the saved code will: the brand kit under the style's own fields,
// the logo and the frame (docs/decisions.md D23, D30). A logo too large, or a logo or kit of
// another workspace, is a 422 pointing at the field, as on save.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { decodeSvg, missingTools } from '../../support/decode.js';

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#E91E63"/></svg>`;

forEachDialect('preview of a designed code', (dialect) => {
  let t: Tenant;
  let other: Tenant;
  let logoId: string;
  let kitId: string;
  const { h } = useHarness(dialect, { tenant: false });
  before(async () => {
    [t, other] = [await seedTenant(h, 'pro'), await seedTenant(h, 'pro')];
    const logo = await call(h, {
      method: 'POST',
      url: '/v1/logos',
      tenant: t,
      body: { content_type: 'image/svg+xml', data: Buffer.from(LOGO).toString('base64') },
    });
    logoId = logo.json.data.id;
    const kit = await call(h, {
      method: 'POST',
      url: '/v1/brand-kits',
      tenant: t,
      body: { name: 'Kit', style: { module_shape: 'dots', frame: { text: 'Kit frame', font: 'mono' } } },
    });
    kitId = kit.json.data.id;
  });

  const preview = (style: unknown, tenant = t) =>
    call(h, {
      method: 'POST',
      url: '/v1/qr/preview',
      tenant,
      body: { type: 'url', dynamic: false, url: 'https://design.example.com/', style },
    });

  it('draws the logo, the frame and the kit, and still decodes', async (ctx) => {
    const plain = await preview({});
    const own = await preview({ logo_id: logoId, logo_size: 0.25, frame: { text: 'Scan me' } });
    assert.equal(own.statusCode, 200, own.body);
    assert.ok(own.body.includes('<image '), 'the logo');
    assert.ok(!plain.body.includes('<image '));
    // The frame makes the image taller than wide.
    const box = (svg: string) => /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number);
    const [w, hgt] = box(own.body);
    assert.ok(hgt > w, `${w}x${hgt}`);
    const kit = await preview({ brand_kit_id: kitId });
    assert.equal(kit.statusCode, 200, kit.body);
    // Dots are drawn as module-sized arcs of radius 0.45.
    const dots = /a0\.45 0\.45/;
    assert.ok(dots.test(kit.body), 'the kit’s dots');
    assert.ok(box(kit.body)[1] > box(kit.body)[0], 'the kit’s frame');
    // The style's own field wins over the kit's.
    const squared = await preview({ brand_kit_id: kitId, module_shape: 'square' });
    assert.equal(squared.statusCode, 200);
    assert.ok(!dots.test(squared.body), 'own square modules');
    const skip = missingTools('zbarimg', 'rsvg-convert');
    if (skip) return ctx.skip(skip);
    assert.equal(await decodeSvg(own.body), 'https://design.example.com/');
    assert.equal(await decodeSvg(kit.body), 'https://design.example.com/');
  });

  it('refuses a logo too large and another workspace’s logo or kit, with pointers', async () => {
    let p = expectProblem(await preview({ logo_id: logoId, logo_size: 0.35 }), 422, 'validation-error');
    assert.equal(p.errors[0].pointer, '/style/logo_size');
    assert.equal(p.errors[0].code, 'logo_too_large');
    p = expectProblem(await preview({ logo_id: logoId, brand_kit_id: kitId }, other), 422, 'validation-error');
    assert.deepEqual(p.errors.map((e: { pointer: string }) => e.pointer).sort(), [
      '/style/brand_kit_id',
      '/style/logo_id',
    ]);
  });
});
