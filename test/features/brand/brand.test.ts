// Logos, frames and brand kits through the API on every dialect: an uploaded logo is sanitised,
// a code with a logo and a frame decodes with zbar in all four formats, kits apply live.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem, seedTenant, type Tenant } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { decodeEps, decodePdf, decodePng, decodeSvg, missingTools } from '../../support/decode.js';

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><foreignObject width="5" height="5"><p>x</p></foreignObject><a href="javascript:alert(3)"><circle cx="5" cy="5" r="5" fill="#E91E63"/></a><image href="https://evil.example/x.png" width="2" height="2"/></svg>`;
const b64 = (s: string) => Buffer.from(s).toString('base64');

forEachDialect('logos, frames and brand kits', (dialect) => {
  let other: Tenant;
  const { h, t } = useHarness(dialect, { tenant: 'pro' });
  before(async () => {
    other = await seedTenant(h, 'pro');
  });

  it('an SVG logo is stored sanitised; another workspace gets 404', async () => {
    const res = await call(h, {
      method: 'POST',
      url: '/v1/logos',
      tenant: t,
      body: { content_type: 'image/svg+xml', data: b64(LOGO_SVG) },
    });
    assert.equal(res.statusCode, 201, res.body);
    const id = res.json.data.id;
    const img = await call(h, { url: `/v1/logos/${id}/image`, tenant: t });
    assert.equal(img.statusCode, 200);
    for (const bad of ['script', 'onload', 'foreignObject', 'javascript:', 'evil.example'])
      assert.ok(!img.body.includes(bad), bad);
    assert.match(img.body, /circle/);
    assert.equal((await call(h, { url: `/v1/logos/${id}`, tenant: other })).statusCode, 404);
    assert.equal((await call(h, { url: `/v1/logos/${id}/image`, tenant: other })).statusCode, 404);
  });

  it('bad files are a 422 and nothing is stored', async () => {
    const before = (await call(h, { url: '/v1/logos', tenant: t })).json.meta.pagination.total_count;
    for (const body of [
      { content_type: 'image/png', data: b64('not a png') },
      { content_type: 'image/svg+xml', data: b64('<html/>') },
      {
        content_type: 'image/svg+xml',
        data: b64(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">${'x'.repeat(300 * 1024)}</svg>`),
      },
    ]) {
      const p = expectProblem(
        await call(h, { method: 'POST', url: '/v1/logos', tenant: t, body }),
        422,
        'validation-error',
      );
      assert.ok(p.errors.length > 0);
    }
    assert.equal((await call(h, { url: '/v1/logos', tenant: t })).json.meta.pagination.total_count, before);
  });

  it('a code with a logo and a frame decodes in every format; a kit applies and a foreign logo is refused', async (ctx) => {
    const logo = (
      await call(h, {
        method: 'POST',
        url: '/v1/logos',
        tenant: t,
        body: { content_type: 'image/svg+xml', data: b64(LOGO_SVG) },
      })
    ).json.data;
    const kit = await call(h, {
      method: 'POST',
      url: '/v1/brand-kits',
      tenant: t,
      body: {
        name: 'Brand',
        style: { module_shape: 'dots', logo_id: logo.id, frame: { text: 'Scan me', font: 'serif' } },
      },
    });
    assert.equal(kit.statusCode, 201, kit.body);
    const code = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: t,
      body: { type: 'url', url: 'https://brand.example.com/', style: { brand_kit_id: kit.json.data.id } },
    });
    assert.equal(code.statusCode, 201, code.body);
    const c = code.json.data;
    const foreign = await call(h, {
      method: 'POST',
      url: '/v1/codes',
      tenant: other,
      body: { type: 'url', url: 'https://brand.example.com/', style: { logo_id: logo.id } },
    });
    assert.ok(
      expectProblem(foreign, 422, 'validation-error').errors.some(
        (e: { pointer: string }) => e.pointer === '/style/logo_id',
      ),
    );
    assert.equal((await call(h, { url: `/v1/brand-kits/${kit.json.data.id}`, tenant: other })).statusCode, 404);
    const skip = missingTools('zbarimg', 'rsvg-convert', 'pdftoppm', 'gs');
    if (skip) return ctx.skip(skip);
    const get = (ext: string) => call(h, { url: `/v1/codes/${c.id}/qr.${ext}`, headers: t.auth });
    const svg = await get('svg');
    assert.match(svg.body, /<image /);
    assert.equal(await decodeSvg(svg.body), c.short_url);
    assert.equal(await decodePng((await get('png')).rawPayload), c.short_url);
    assert.equal(await decodePdf((await get('pdf')).rawPayload), c.short_url);
    assert.equal(await decodeEps((await get('eps')).body), c.short_url);
    const etag = svg.headers.etag;
    const patched = await call(h, {
      method: 'PATCH',
      url: `/v1/brand-kits/${kit.json.data.id}`,
      tenant: t,
      body: { style: { module_shape: 'rounded', frame: { text: 'Menu' } } },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.notEqual((await get('svg')).headers.etag, etag);
  });
});
