// End to end: the QR image of a passport decodes (zbar) to its GS1 Digital Link URI, and following
// that URI's path through the resolver reaches the public page of the battery.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { decodePng, decodeSvg, missingTools } from '../../support/decode.js';
import {
  FIXTURES,
  createPassport,
  pathOf,
  publish,
  publishedPassport,
  uniqueFixture,
} from '../../support/passports.js';

forEachDialect('dpp QR end to end', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  /** Scan → resolver → page: the HTML page of the battery. */
  async function follow(uri: string) {
    const resolved = await call(h, { url: pathOf(uri), headers: { accept: 'text/html' } });
    assert.equal(resolved.statusCode, 307, resolved.body.slice(0, 300));
    const page = await call(h, { url: pathOf(String(resolved.headers.location)), headers: { accept: 'text/html' } });
    assert.equal(page.statusCode, 200, page.body.slice(0, 300));
    assert.match(String(page.headers['content-type']), /^text\/html/);
    return page.body;
  }

  for (const name of FIXTURES) {
    it(`${name}: qr.png decodes to the Digital Link, which resolves to the page with the model name`, async (t) => {
      const { tenant, passport } = await publishedPassport(h, name);
      const png = await call(h, { url: `/v1/dpp/${passport.id}/qr.png`, tenant });
      assert.equal(png.statusCode, 200);
      assert.equal(png.headers['content-type'], 'image/png');
      assert.match(String(png.headers['content-disposition']), new RegExp(`filename="dpp-${passport.gtin}-`));
      const skip = missingTools('zbarimg');
      if (skip) return t.skip(skip);
      const uri = await decodePng(png.rawPayload);
      assert.equal(uri, passport.digital_link);
      const html = await follow(uri);
      assert.ok(html.includes(passport.data.generalProductInformation.batteryModel), 'model name on the page');
    });
  }

  it('serves SVG, PDF and EPS too, with ETag/304 and QR options', async (t) => {
    const { tenant, passport } = await publishedPassport(h, 'ev');
    for (const [ext, type] of [
      ['svg', /^image\/svg\+xml/],
      ['pdf', /^application\/pdf/],
      ['eps', /^application\/postscript/],
    ] as const) {
      const res = await call(h, { url: `/v1/dpp/${passport.id}/qr.${ext}`, tenant });
      assert.equal(res.statusCode, 200, ext);
      assert.match(String(res.headers['content-type']), type);
      const again = await call(h, {
        url: `/v1/dpp/${passport.id}/qr.${ext}`,
        tenant,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      assert.equal(again.statusCode, 304, ext);
    }
    const badColour = await call(h, { url: `/v1/dpp/${passport.id}/qr.svg?fg=%23FFFFFF&bg=%23FFFFFF`, tenant });
    expectProblem(badColour, 422, 'validation-error');
    const skip = missingTools('rsvg-convert', 'zbarimg');
    if (skip) return t.skip(skip);
    const svg = await call(h, { url: `/v1/dpp/${passport.id}/qr.svg?ecc=Q`, tenant });
    assert.equal(await decodeSvg(svg.body), passport.digital_link);
  });

  it('a draft has a QR (to print before publishing) whose link never shows it until it is published (RES 2.5.9: it walks up to the GTIN level)', async (t) => {
    const { tenant } = await publishedPassport(h, 'lmt');
    const draft = await createPassport(h, tenant, uniqueFixture('lmt'));
    const png = await call(h, { url: `/v1/dpp/${draft.id}/qr.png`, tenant });
    assert.equal(png.statusCode, 200);
    const before = await call(h, { url: pathOf(draft.digital_link) });
    assert.equal(before.statusCode, 307);
    assert.equal(before.headers.location, `http://qrs.test/dpp/${draft.gtin}`);
    await publish(h, tenant, draft.id);
    const skip = missingTools('zbarimg');
    if (skip) return t.skip(skip);
    await follow(await decodePng(png.rawPayload));
  });

  it('serials and lots with reserved characters survive the whole path', async (t) => {
    const { tenant } = await publishedPassport(h, 'stationary');
    const input = uniqueFixture('stationary');
    input.serial = `S/${Date.now().toString(36)}%&(x)`.slice(0, 20);
    input.lot = 'B/26?09';
    const passport = await publish(h, tenant, (await createPassport(h, tenant, input)).id);
    assert.match(passport.digital_link, /\/10\/B%2F26%3F09\/21\/S%2F/);
    const skip = missingTools('zbarimg');
    let uri = passport.digital_link;
    if (!skip) {
      uri = await decodePng((await call(h, { url: `/v1/dpp/${passport.id}/qr.png`, tenant })).rawPayload);
      assert.equal(uri, passport.digital_link);
    }
    const html = await follow(uri);
    assert.ok(html.includes(passport.data.generalProductInformation.batteryModel));
    const view = await call(h, { url: pathOf(passport.public_url), headers: { accept: 'application/json' } });
    assert.equal(view.json.data.serial, input.serial);
    assert.equal(view.json.data.lot, input.lot);
    if (skip) t.skip(skip);
  });
});
