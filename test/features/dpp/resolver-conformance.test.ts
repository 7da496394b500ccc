// A walk through the GS1-Conformant Resolver standard (RES) and GS1 Digital Link URI syntax (DL)
// rules the resolver meets, on every dialect. Each test names its rule and, where GS1's resolver
// test suite has a check for it, that check's id (docs/dpp.md, "Conformance").
import { it, before } from 'node:test';
import assert from 'node:assert/strict';
import { call, expectProblem } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import {
  createPassport,
  pathOf,
  publish,
  publishedModel,
  publishedPassport,
  serialAnchor,
  uniqueFixture,
} from '../../support/passports.js';
import { compressDigitalLink } from '../../../src/features/dpp/gs1-compression.js';

const VOC = 'https://ref.gs1.org/voc/';
const CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

forEachDialect('resolver conformance', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });
  let ev: any; // lot and serial, with a model passport at its GTIN
  let lmt: any; // serial only, no model passport
  let model: any;
  let stationary: any; // lot and serial, no model passport
  before(async () => {
    const published = await publishedPassport(h, 'ev');
    ev = published.passport;
    model = await publishedModel(h, published.tenant, ev);
    lmt = (await publishedPassport(h, 'lmt')).passport;
    stationary = (await publishedPassport(h, 'stationary')).passport;
  });

  /** Every link of a Link header value, split where a new `<` starts one (RFC 8288 §3). */
  const linksOf = (header: unknown) => String(header).split(/, (?=<)/);

  const get = (url: string, headers: Record<string, string> = {}) => call(h, { url, headers });
  const evPath = () => pathOf(ev.digital_link);
  const gtinPath = () => `/01/${ev.gtin}`;

  it('description file (suite rdFile): supportedPrimaryKeys is the numeric AI "01", with jsonLdContextLocation', async () => {
    const res = await get('/.well-known/gs1resolver');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json.supportedPrimaryKeys, ['01']);
    assert.equal(res.json.jsonLdContextLocation, CONTEXT);
    assert.equal(res.json.supportedLinkType[0].namespace, VOC);
    assert.match(res.json.supportedLinkType[0].prefix, /^[a-zA-Z_][A-Za-z0-9_-]*?:$/);
  });

  it('RES 2.5.8 (suite singleDefaulLink): exactly one default link per level, with title and href only', async () => {
    const { json } = await get(`${evPath()}?linkType=linkset`);
    assert.equal(json.linkset.length, 4);
    for (const context of json.linkset) {
      assert.equal(context[`${VOC}defaultLink`].length, 1);
      assert.deepEqual(Object.keys(context[`${VOC}defaultLink`][0]).sort(), ['href', 'title']);
    }
  });

  it('GS1 linkset schema (suite validLinkset): anchor, itemDescription, link types as URIs, targets with href and title', async () => {
    const { json } = await get(evPath(), { accept: 'application/linkset+json' });
    assert.deepEqual(Object.keys(json), ['linkset']);
    for (const context of json.linkset) {
      assert.match(context.anchor, /^https?:\/\/[a-zA-Z0-9./]+/);
      assert.equal(typeof context.itemDescription, 'string');
      for (const [rel, targets] of Object.entries(context)) {
        if (rel === 'anchor' || rel === 'itemDescription') continue;
        assert.match(rel, /^https?:\/\/[a-zA-Z0-9./]+$/);
        for (const t of targets as any[]) {
          assert.match(t.href, /^https?:\/\//);
          assert.equal(typeof t.title, 'string');
          for (const key of Object.keys(t)) assert.ok(['href', 'title', 'type', 'hreflang'].includes(key), key);
          for (const lang of t.hreflang ?? []) assert.match(lang, /^\w{2}(-\w{2})?$/);
        }
      }
    }
  });

  it('RES 2.14 (suite loFor…): link types in the current namespace https://ref.gs1.org/voc/ redirect, the old forms too', async () => {
    for (const lt of [`${VOC}dpp`, `${VOC}pip`, 'https://gs1.org/voc/dpp', 'gs1:dpp', 'gs1:pip', 'gs1:defaultLink']) {
      const res = await get(`${evPath()}?linkType=${encodeURIComponent(lt)}`);
      assert.equal(res.statusCode, 307, lt);
      assert.equal(res.headers.location, ev.public_url, lt);
    }
    const home = await get(`${evPath()}?linkType=gs1:homepage`);
    assert.equal(home.headers.location, ev.data.generalProductInformation.manufacturerInformation.contact.website);
  });

  it('RES 2.12 (suite qsPassedOn): the query string is passed on as sent, minus linkType', async () => {
    const location = async (query: string) =>
      String((await get(`${pathOf(lmt.digital_link)}?${query}`)).headers.location);
    assert.equal(await location('foo=bar'), `${lmt.public_url}?foo=bar`);
    assert.equal(await location('a=1&a=2'), `${lmt.public_url}?a=1&a=2`);
    assert.equal(await location('17=261231;3103=000189'), `${lmt.public_url}?17=261231;3103=000189`);
    assert.equal(await location('flag'), `${lmt.public_url}?flag`);
    assert.equal(await location('linkType=gs1:dpp&x=%20y'), `${lmt.public_url}?x=%20y`);
    // the target's own parameter (the page's lot) is never overridden
    assert.equal(String((await get(`${evPath()}?lot=forged&x=1`)).headers.location), `${ev.public_url}&x=1`);
  });

  it('RES 2.5.9 (suite basicWalkUp): an unknown lot or serial walks up to the GTIN level', async () => {
    const serial = encodeURIComponent(ev.serial);
    for (const url of [
      `/01/${ev.gtin}/10/KL8G`,
      `/01/${ev.gtin}/10/OTHER/21/${serial}`,
      `/01/${ev.gtin}/21/NO-SUCH-SERIAL`,
      `/01/${ev.gtin}/22/V1/21/${serial}`,
      gtinPath(),
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 307, url);
      assert.equal(res.headers.location, model.public_url, url);
      assert.ok(String(res.headers.link).startsWith(`<${model.digital_link}?linkType=linkset>; rel="linkset"`), url);
    }
    const linkset = (await get(`/01/${ev.gtin}/10/KL8G?linkType=linkset`)).json;
    assert.deepEqual(
      linkset.linkset.map((c: any) => c.anchor),
      [model.digital_link],
    );
  });

  it('RES 2.5.9 rule 4 (suite basicWalkUp): an unknown value of a valid key qualifier walks up without a model passport', async () => {
    // serial only: an unknown serial walks up to the GTIN level, served from the published battery's product facts
    for (const url of [`/01/${lmt.gtin}/21/NO-SUCH-SERIAL`, `/01/${lmt.gtin}/10/ANY-LOT`, `/01/${lmt.gtin}`]) {
      const res = await get(url);
      assert.equal(res.statusCode, 307, url);
      assert.equal(res.headers.location, `http://qrs.test/dpp/${lmt.gtin}`, url);
      assert.ok(String(res.headers.link).startsWith(`<http://qrs.test/01/${lmt.gtin}?linkType=linkset>`), url);
    }
    // lot and serial: a known lot with an unknown serial walks up to the lot, another lot to the GTIN
    const lot = encodeURIComponent(stationary.lot);
    const toLot = await get(`/01/${stationary.gtin}/10/${lot}/21/NO-SUCH-SERIAL`);
    assert.equal(toLot.statusCode, 307);
    assert.equal(toLot.headers.location, `http://qrs.test/dpp/${stationary.gtin}?lot=${lot}`);
    const linkset = (await get(`/01/${stationary.gtin}/10/${lot}/21/NO-SUCH-SERIAL?linkType=linkset`)).json;
    assert.deepEqual(
      linkset.linkset.map((c: any) => c.anchor),
      [`http://qrs.test/01/${stationary.gtin}/10/${lot}`, `http://qrs.test/01/${stationary.gtin}`],
    );
    const otherLot = await get(`/01/${stationary.gtin}/10/OTHER/21/${encodeURIComponent(stationary.serial)}`);
    assert.equal(otherLot.statusCode, 307);
    assert.equal(otherLot.headers.location, `http://qrs.test/dpp/${stationary.gtin}`);
    // each level's page answers, with the product named and no battery's own data
    for (const url of [String(toLot.headers.location), String(otherLot.headers.location)]) {
      const page = await get(pathOf(url), { accept: 'text/html' });
      assert.equal(page.statusCode, 200, url);
      assert.ok(page.body.includes(stationary.data.generalProductInformation.batteryModel), url);
      assert.ok(!page.body.includes(stationary.serial), url);
    }
    // a lot nobody published has no page of its own
    expectProblem(
      await get(`/dpp/${stationary.gtin}?lot=NO-SUCH-LOT`, { accept: 'application/json' }),
      404,
      'not-found',
    );
  });

  it('RES 2.5.9 rule 2: the serial-level link of a lot-bearing passport is anchored on 01+21, without AI 10', async () => {
    const { json } = await get(`${pathOf(stationary.digital_link)}?linkType=linkset`);
    const [battery, printed, lotLevel] = json.linkset;
    assert.equal(battery.anchor, serialAnchor(stationary));
    assert.doesNotMatch(battery.anchor, /\/10\//);
    assert.equal(battery[`${VOC}defaultLink`][0].href, stationary.public_url);
    // the label's URI, which the request named, repeats the battery's links (D83): the links are
    // the battery's, defined once on 01+21, and the Link header points at that anchor
    assert.equal(printed.anchor, stationary.digital_link);
    assert.deepEqual({ ...printed, anchor: battery.anchor }, battery);
    assert.equal(lotLevel.anchor, `http://qrs.test/01/${stationary.gtin}/10/${encodeURIComponent(stationary.lot)}`);
    // the lot on the label is still checked: the anchor itself resolves to the battery
    assert.equal((await get(pathOf(serialAnchor(stationary)))).headers.location, stationary.public_url);
    const page = await get(pathOf(stationary.public_url), { accept: 'text/html' });
    assert.ok(String(page.headers.link).startsWith(`<${serialAnchor(stationary)}?linkType=linkset>`));
  });

  it('RFC 8288 §3, RFC 8187, RES 2.5.1–2.5.3: every Link header link has a title naming the product; quotes and non-ASCII get title*', async () => {
    const t = (await publishedPassport(h, 'lmt')).tenant;
    const input = uniqueFixture('lmt');
    const name = 'Akku \u201eS\u00fcd\u201c "X"';
    input.data.generalProductInformation!.batteryModel = name;
    const akku = await publish(h, t, (await createPassport(h, t, input)).id);
    const redirect = await get(pathOf(akku.digital_link));
    const [link] = linksOf(redirect.headers.link);
    assert.equal(
      link,
      `<${serialAnchor(akku)}?linkType=linkset>; rel="linkset"; type="application/linkset+json"; title="Links for Akku 'Sud' 'X'"; title*=UTF-8''Links%20for%20Akku%20%E2%80%9ES%C3%BCd%E2%80%9C%20%22X%22`,
    );
    assert.doesNotMatch(String(redirect.headers.link), /[^\x20-\x7e]/);
    const answers = [
      redirect,
      await get(pathOf(akku.digital_link), { accept: 'application/linkset+json' }),
      await get(pathOf(akku.public_url), { accept: 'text/html' }),
      await get(pathOf(compressDigitalLink(akku.digital_link))),
      await get(evPath()),
    ];
    for (const res of answers)
      for (const one of linksOf(res.headers.link)) assert.match(one, /; title="[\x20-\x7e]+"/, one);
    // the linkset titles name the product and the manufacturer
    const { json } = await get(`${pathOf(akku.digital_link)}?linkType=linkset`);
    const battery = json.linkset[0];
    assert.equal(battery[`${VOC}dpp`][0].title, `Digital battery passport: ${name}`);
    assert.equal(battery[`${VOC}defaultLink`][0].title, `Battery passport: ${name}`);
    assert.equal(
      battery[`${VOC}homepage`][0].title,
      `Manufacturer: ${akku.data.generalProductInformation.manufacturerInformation.name}`,
    );
  });

  it('RES 2.5.9: the battery level comes first (and again as printed), then its lot, then the GTIN level in the linkset', async () => {
    const { json } = await get(`${evPath()}?linkType=linkset`);
    assert.deepEqual(
      json.linkset.map((c: any) => c.anchor),
      [
        serialAnchor(ev),
        ev.digital_link,
        `http://qrs.test/01/${ev.gtin}/10/${encodeURIComponent(ev.lot)}`,
        model.digital_link,
      ],
    );
    // asked by its 01+21 anchor, the battery has no printed context: the request named no lot
    assert.deepEqual(
      (await get(`${pathOf(serialAnchor(ev))}?linkType=linkset`)).json.linkset.map((c: any) => c.anchor),
      [serialAnchor(ev), `http://qrs.test/01/${ev.gtin}/10/${encodeURIComponent(ev.lot)}`, model.digital_link],
    );
    assert.equal((await get(evPath())).headers.location, ev.public_url);
  });

  it('RES 2.10 (suite ltAcceptHeader, declaredContentType, linksetJsonldCheck): Accept chooses the linkset representation', async () => {
    const linksetJson = await get(evPath(), { accept: 'application/linkset+json' });
    assert.equal(linksetJson.statusCode, 200);
    assert.equal(linksetJson.headers['content-type'], 'application/linkset+json');
    const link = String(linksetJson.headers.link);
    assert.match(
      link,
      new RegExp(`<${CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld\\+json"`),
    );
    assert.match(link, /rel="linkset"/);
    assert.equal(linksetJson.headers.vary, 'Accept');

    const json = await get(evPath(), { accept: 'application/json' });
    assert.equal(json.statusCode, 200);
    assert.equal(json.headers['content-type'], 'application/json');
    assert.equal(json.json.linkset[0].anchor, serialAnchor(ev));

    const ld = await get(evPath(), { accept: 'application/ld+json' });
    assert.equal(ld.statusCode, 200);
    assert.equal(ld.headers['content-type'], 'application/ld+json');
    assert.equal(ld.json['@context'], CONTEXT);
    assert.equal(ld.json.linkset[0].anchor, serialAnchor(ev));

    for (const accept of ['*/*', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8']) {
      assert.equal((await get(evPath(), { accept })).statusCode, 307, accept);
    }
  });

  it('RES 2.10 (suite ltLinksetNoRedirect): linkType=linkset is JSON for a client, an HTML page for a browser', async () => {
    const client = await get(`${evPath()}?linkType=linkset`);
    assert.equal(client.statusCode, 200);
    assert.equal(client.headers['content-type'], 'application/linkset+json');
    const browser = await get(`${evPath()}?linkType=linkset`, { accept: 'text/html' });
    assert.equal(browser.statusCode, 200);
    assert.match(String(browser.headers['content-type']), /^text\/html/);
    assert.ok(browser.body.includes(`href="${ev.public_url.replace(/&/g, '&amp;')}"`));
    assert.ok(browser.body.includes('gs1:dpp'));
  });

  it('RES 2.10 (suite linkOnRedirect, legacyLinkHeaders): a redirect and OPTIONS carry the Link to the linkset, and only that', async () => {
    const redirect = await get(evPath());
    assert.equal(
      redirect.headers.link,
      `<${serialAnchor(ev)}?linkType=linkset>; rel="linkset"; type="application/linkset+json"; title="Links for ${ev.data.generalProductInformation.batteryModel}"`,
    );
    const options = await call(h, { method: 'OPTIONS', url: evPath() });
    assert.equal(options.statusCode, 204);
    assert.match(
      String(options.headers.link),
      /^<[^>]+\?linkType=linkset>; rel="linkset"; type="application\/linkset\+json"; title="[^"]+"$/,
    );
  });

  it('CORS (suite corsCheck, methodsCheck): any origin, GET, HEAD and OPTIONS', async () => {
    const res = await get(evPath());
    assert.equal(res.headers['access-control-allow-origin'], '*');
    for (const m of ['GET', 'HEAD', 'OPTIONS'])
      assert.ok(String(res.headers['access-control-allow-methods']).includes(m));
  });

  it('RES 1.0/1.1 compression: a compressed Digital Link resolves like its uncompressed form, with owl:sameAs', async () => {
    const compressed = compressDigitalLink(ev.digital_link);
    assert.notEqual(compressed, ev.digital_link);
    const res = await get(pathOf(compressed));
    assert.equal(res.statusCode, 307);
    assert.equal(res.headers.location, ev.public_url);
    assert.ok(String(res.headers.link).includes(`<${ev.digital_link}>; rel="owl:sameAs"`), String(res.headers.link));
    const linkset = await get(pathOf(compressed), { accept: 'application/linkset+json' });
    assert.equal(linkset.json.linkset[0].anchor, serialAnchor(ev));
    // a single segment that is no compressed GS1 key goes on to the not-found handler
    expectProblem(await get('/not-a-compressed-link'), 404, 'not-found');
    expectProblem(
      await get(pathOf(compressDigitalLink(`http://qrs.test/01/04260123456788/21/UNKNOWN`))),
      404,
      'not-found',
    );
  });

  it('DL 1.4 AI 235: a third-party serial extension is a valid key that walks up to the GTIN level', async () => {
    const res = await get(`/01/${ev.gtin}/235/TPX-0001`);
    assert.equal(res.statusCode, 307);
    assert.equal(res.headers.location, model.public_url);
    const p = expectProblem(await get(`/01/${ev.gtin}/21/X/235/TPX`), 400, 'bad-request');
    assert.equal(p.errors[0].code, 'dl.order');
  });

  it('DL syntax (suite reportWith400, noErrorWith200): %00 and trailing junk are 400 with the rule code', async () => {
    const nul = expectProblem(await get(`/01/${ev.gtin}/21/AB%00C`), 400, 'bad-request');
    assert.equal(nul.errors[0].code, 'dl.charset');
    const junk = expectProblem(await get(`${evPath()}/foo`), 400, 'bad-request');
    assert.equal(junk.errors[0].code, 'dl.unknown_ai');
  });

  it('suite trailingSlash: the same answer with and without a trailing slash', async () => {
    const a = await get(evPath());
    const b = await get(`${evPath()}/`);
    assert.equal(a.statusCode, b.statusCode);
    assert.equal(a.headers.location, b.headers.location);
  });

  it('suite specificLinkTypeNotFound: a link type no level has is 404', async () => {
    expectProblem(await get(`${evPath()}?linkType=gs1:nosuchlt`), 404, 'not-found');
  });

  it('public page (docs/dpp.md "no executable script"): no script element, and a CSP that allows no script', async () => {
    for (const url of [evPath(), gtinPath()]) {
      const redirect = await get(url);
      const page = await get(pathOf(String(redirect.headers.location)), { accept: 'text/html' });
      assert.equal(page.statusCode, 200, url);
      assert.doesNotMatch(page.body, /<script/i, url);
      const csp = String(page.headers['content-security-policy']);
      assert.match(csp, /default-src 'none'/, url);
      assert.doesNotMatch(csp, /script-src|'unsafe-eval'|'strict-dynamic'/, url);
    }
  });

  it('browsers get HTML pages for resolver errors, other clients problem documents', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const [url, status] of [
      [`/01/04260123456788/21/NO-SUCH`, 404],
      [`/01/${ev.gtin}/21/AB%00C`, 400],
      [`/01/04260123456781/21/X`, 400],
    ] as const) {
      const res = await get(url, html);
      assert.equal(res.statusCode, status, url);
      assert.match(String(res.headers['content-type']), /^text\/html/, url);
      assert.match(res.body, /<h1>/);
    }
  });
});
