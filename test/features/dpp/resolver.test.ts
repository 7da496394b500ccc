// The GS1 Digital Link resolver over HTTP on every dialect: status codes, redirects with the Link
// header and the query kept, the linkset, HEAD, OPTIONS and the well-known description.
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import {
  createPassport,
  pathOf,
  publishedPassport,
  publisher,
  serialAnchor,
  uniqueFixture,
} from '../../support/passports.js';

forEachDialect('dpp resolver', (dialect) => {
  let ev: any; // published, with a lot
  let lmt: any; // published, no lot, GTIN-13 in the request
  const { h } = useHarness(dialect, { tenant: false });
  before(async () => {
    ev = (await publishedPassport(h, 'ev')).passport;
    lmt = (await publishedPassport(h, 'lmt')).passport;
  });

  const get = (url: string, headers: Record<string, string> = {}) => call(h, { url, headers });

  it('307 to the passport page with the linkset in a Link header, no-store, CORS', async () => {
    const res = await get(pathOf(ev.digital_link));
    assert.equal(res.statusCode, 307);
    assert.equal(res.headers.location, ev.public_url);
    const link = String(res.headers.link);
    assert.ok(
      link.startsWith(`<${serialAnchor(ev)}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`),
      link,
    );
    // Only the linkset: listing every link in the header was deprecated by GS1-Conformant Resolver 1.0.
    assert.doesNotMatch(link, /voc\/dpp/);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.body, '');
  });

  it('follows to the public page', async () => {
    const page = await get(pathOf(String((await get(pathOf(ev.digital_link))).headers.location)), {
      accept: 'text/html',
    });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(ev.data.generalProductInformation.batteryModel));
  });

  it('linkType gs1:dpp, its alias and the full URI redirect to the passport page', async () => {
    for (const lt of [
      'gs1:dpp',
      'gs1:productPassport',
      'https://gs1.org/voc/dpp',
      'https://ref.gs1.org/voc/dpp',
      'gs1:pip',
      'gs1:defaultLink',
    ]) {
      const res = await get(`${pathOf(ev.digital_link)}?linkType=${encodeURIComponent(lt)}`);
      assert.equal(res.statusCode, 307, lt);
      assert.equal(res.headers.location, ev.public_url, lt);
    }
  });

  it('keeps query parameters other than linkType on the redirect', async () => {
    const res = await get(`${pathOf(lmt.digital_link)}?linkType=gs1:dpp&utm_source=label&17=271231`);
    assert.equal(res.statusCode, 307);
    const location = new URL(String(res.headers.location));
    assert.equal(location.pathname, new URL(lmt.public_url).pathname);
    assert.equal(location.searchParams.get('utm_source'), 'label');
    assert.equal(location.searchParams.get('17'), '271231');
    assert.equal(location.searchParams.has('linkType'), false);
    // the page's own lot parameter is not overridden by the request's
    const withLot = await get(`${pathOf(ev.digital_link)}?lot=forged&x=1`);
    const evLocation = new URL(String(withLot.headers.location));
    assert.equal(evLocation.searchParams.get('lot'), ev.lot);
    assert.equal(evLocation.searchParams.get('x'), '1');
  });

  it('linkType=all, linkType=linkset and Accept: application/linkset+json answer the RFC 9264 linkset', async () => {
    for (const [url, headers] of [
      [`${pathOf(ev.digital_link)}?linkType=all`, {}],
      [`${pathOf(ev.digital_link)}?linkType=linkset`, {}],
      [pathOf(ev.digital_link), { accept: 'application/linkset+json' }],
    ] as const) {
      const res = await get(url, headers);
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['content-type'], 'application/linkset+json');
      const body = JSON.parse(res.body);
      assert.equal(body.linkset.length, 4, 'the battery, the battery as printed, its lot and the GTIN');
      const [context] = body.linkset;
      assert.equal(context.anchor, serialAnchor(ev));
      for (const rel of ['https://ref.gs1.org/voc/dpp', 'https://ref.gs1.org/voc/pip']) {
        assert.equal(context[rel][0].href, ev.public_url, rel);
        assert.equal(context[rel][0].type, 'text/html');
        assert.deepEqual(context[rel][0].hreflang, ['en', 'de']);
        assert.match(context[rel][0].title, /Voltaris VX77/);
      }
      assert.deepEqual(context['https://ref.gs1.org/voc/defaultLink'], [
        { href: ev.public_url, title: `Battery passport: ${ev.data.generalProductInformation.batteryModel}` },
      ]);
    }
  });

  it('an unknown link type is a 404', async () => {
    const p = expectProblem(await get(`${pathOf(ev.digital_link)}?linkType=gs1:recipeInfo`), 404, 'not-found');
    assert.match(p.detail, /gs1:recipeInfo/);
  });

  it('400 for a bad check digit, qualifiers out of order and other malformed paths, with the rule code', async () => {
    const serial = encodeURIComponent(ev.serial);
    const cases: Array<[string, string]> = [
      [`/01/04260123456781/21/${serial}`, 'gtin.check_digit'],
      [`/01/04260123456788/21/${serial}/10/L1`, 'dl.order'],
      [`/01/04260123456788/17/271231/21/${serial}`, 'dl.unknown_ai'],
      ['/01/04260123456788/21/a%23b', 'dl.charset'],
      ['/01/4260123456/21/x', 'gtin.length'],
      ['/01/04260123456788//21/x', 'dl.syntax'],
    ];
    for (const [url, code] of cases) {
      const p = expectProblem(await get(url), 400, 'bad-request');
      assert.deepEqual(
        p.errors.map((e: any) => e.code),
        [code],
        url,
      );
    }
  });

  it('RES 2.5.9: 404 only when no level has links (no published passport or model passport of the GTIN)', async () => {
    const tenant = await publisher(h);
    const draft = await createPassport(h, tenant, uniqueFixture('lmt'));
    for (const url of [
      '/01/04260123456788/21/NO-SUCH-SERIAL',
      '/01/04260123456788/10/L1/21/S1',
      '/01/04260123456788',
      pathOf(draft.digital_link),
      `/01/${draft.gtin}`,
    ])
      expectProblem(await get(url), 404, 'not-found');
  });

  it('tolerates a trailing slash, a missing lot and a GTIN-13', async () => {
    assert.equal((await get(`${pathOf(ev.digital_link)}/`)).statusCode, 307);
    const noLot = await get(`/01/${ev.gtin}/21/${encodeURIComponent(ev.serial)}`);
    assert.equal(noLot.statusCode, 307);
    assert.equal(noLot.headers.location, ev.public_url);
    const gtin13 = await get(`/01/${lmt.gtin.slice(1)}/21/${encodeURIComponent(lmt.serial)}`);
    assert.equal(gtin13.statusCode, 307);
    assert.equal(gtin13.headers.location, lmt.public_url);
  });

  it('answers HEAD like GET without a body, and OPTIONS with Allow', async () => {
    const head = await call(h, { method: 'HEAD', url: pathOf(ev.digital_link) });
    assert.equal(head.statusCode, 307);
    assert.equal(head.headers.location, ev.public_url);
    assert.match(String(head.headers.link), /rel="linkset"/);
    assert.equal(head.body, '');
    assert.equal((await call(h, { method: 'HEAD', url: '/01/04260123456788/21/NO-SUCH' })).statusCode, 404);

    const options = await call(h, { method: 'OPTIONS', url: pathOf(ev.digital_link) });
    assert.equal(options.statusCode, 204);
    assert.equal(options.headers.allow, 'GET, HEAD, OPTIONS');
    assert.equal(options.headers['access-control-allow-origin'], '*');
  });

  it('serves the resolver description at /.well-known/gs1resolver', async () => {
    const res = await get('/.well-known/gs1resolver');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.deepEqual(res.json, {
      name: 'qrs resolver',
      resolverRoot: 'http://qrs.test',
      supportedPrimaryKeys: ['01'],
      supportedLinkType: [
        { namespace: 'https://ref.gs1.org/voc/', prefix: 'gs1:', profile: 'https://ref.gs1.org/voc/?show=linktypes' },
      ],
      linkTypeDefaultCanBeLinkset: true,
      linkTypeDefaultCanBeAll: true,
      jsonLdContextLocation: 'https://ref.gs1.org/standards/resolver/linkset-context',
    });
  });

  it('an archived passport leaves the resolver', async () => {
    const { tenant, passport } = await publishedPassport(h, 'lmt');
    assert.equal((await get(pathOf(passport.digital_link))).statusCode, 307);
    await call(h, { method: 'POST', url: `/v1/dpp/${passport.id}/archive`, tenant });
    expectProblem(await get(pathOf(passport.digital_link)), 404, 'not-found');
  });
});
