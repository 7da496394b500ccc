// The passport page in English and German (Accept-Language, a switch remembered in the URL and a
// cookie), the Art. 77(3) unique identifier wherever the passport is shown, and the power
// capability by state of charge (docs/decisions.md D25).
import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPassportPage } from '../../../src/features/dpp/dpp.page.js';
import { publicView } from '../../../src/features/dpp/dpp.public-view.js';
import { PassportDataSchema, type SchemaNode } from '../../../src/features/dpp/dpp.contract.js';
import { GERMAN_LABELS, fromAcceptLanguage, pageLanguage } from '../../../src/features/dpp/page-text.js';
import { parseDigitalLinkPath, uniqueIdentifier } from '../../../src/features/dpp/gs1.js';
import { validatePassport } from '../../../src/features/dpp/dpp.validate.js';
import { fixture, storedPassport } from '../../support/dpp-fixtures.js';
import { call } from '../../support/harness.js';
import { forEachDialect, useHarness } from '../../support/suite.js';
import { pathOf, publishedPassport } from '../../support/passports.js';

function contractKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (node: SchemaNode | undefined) => {
    if (!node) return;
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      keys.add(key);
      walk(child);
    }
    walk(node.items);
  };
  walk(PassportDataSchema as unknown as SchemaNode);
  return keys;
}

describe('page language (pure)', () => {
  test('every attribute and member of the contract has a German label', () => {
    const missing = [...contractKeys()].filter((k) => !GERMAN_LABELS[k]);
    assert.deepEqual(missing, []);
  });

  test('Accept-Language picks the supported language with the highest q; English otherwise', () => {
    assert.equal(fromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8'), 'de');
    assert.equal(fromAcceptLanguage('fr-FR, en;q=0.5, de;q=0.7'), 'de');
    assert.equal(fromAcceptLanguage('fr, it'), 'en');
    assert.equal(fromAcceptLanguage(undefined), 'en');
    assert.equal(fromAcceptLanguage('de;q=0'), 'en');
  });

  test('an explicit ?lang= beats the cookie, which beats Accept-Language; unknown values are ignored', () => {
    assert.deepEqual(pageLanguage({ query: 'en', cookie: 'de', acceptLanguage: 'de' }), { lang: 'en', explicit: true });
    assert.deepEqual(pageLanguage({ query: 'xx', cookie: 'de', acceptLanguage: 'en' }), {
      lang: 'de',
      explicit: false,
    });
    assert.deepEqual(pageLanguage({ cookie: 'zz', acceptLanguage: 'de-AT' }), { lang: 'de', explicit: false });
  });

  test('the German page: lang attribute, German headings, labels, units, dates and numbers', () => {
    const view = publicView(storedPassport('ev'), 'legitimate_interest');
    const html = renderPassportPage(view, { lang: 'de' });
    assert.match(html, /<html lang="de">/);
    for (const text of [
      'Batteriepass: ',
      '<h2 id="summary">Überblick</h2>',
      '<h2 id="identification">Identifikation</h2>',
      'Ansicht für Personen mit berechtigtem Interesse',
      'Allgemeine Produktinformationen',
      'Nennkapazität',
      'Elektrofahrzeugbatterie',
      'Alterungszustand',
      'Eindeutige Kennung',
      '<abbr title="Kilowattstunden">kWh</abbr>',
      'Stand <time',
    ])
      assert.ok(html.includes(text), text);
    // German number and date formats.
    assert.match(html, /355,2&nbsp;<abbr title="Volt">V<\/abbr>/);
    assert.match(html, /<time datetime="\d{4}-\d{2}-\d{2}">\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}<\/time>/);
    // No English label of the contract is left (values entered by the manufacturer may be English).
    for (const english of ['Rated capacity', 'General product information', 'Summary', 'Public information'])
      assert.ok(!html.includes(`>${english}<`), english);
  });

  test('the unique identifier (Art. 77(3)) is on the page, in the schema.org microdata, and carries the Digital Link keys', () => {
    const passport = storedPassport('ev');
    assert.equal(passport.unique_identifier, `(01)${passport.gtin}(21)${passport.serial}`);
    const html = renderPassportPage(publicView(passport, 'public'));
    assert.equal(
      html.split(`<code>${passport.unique_identifier}</code>`).length - 1,
      2,
      'summary card and identification',
    );
    assert.ok(html.includes(`<meta itemprop="identifier" content="${passport.unique_identifier}">`));
    const key = parseDigitalLinkPath(pathOf(passport.digital_link));
    assert.ok(key.ok);
    assert.equal(uniqueIdentifier({ gtin: key.value.gtin14, serial: key.value.serial! }), passport.unique_identifier);
  });

  test('power capability by state of charge: rendered per point, validated in ascending order', () => {
    const en = renderPassportPage(publicView(storedPassport('ev'), 'public'));
    assert.ok(
      en.includes(
        '180,000&nbsp;<abbr title="watts">W</abbr> at 20&nbsp;<abbr title="percent">%</abbr> state of charge',
      ),
    );
    const de = renderPassportPage(publicView(storedPassport('ev'), 'public'), { lang: 'de' });
    assert.ok(
      de.includes('180.000&nbsp;<abbr title="Watt">W</abbr> bei 20&nbsp;<abbr title="Prozent">%</abbr> Ladezustand'),
    );

    const input = fixture('ev');
    input.data.performance!.rated!.powerCapabilityAt = [
      { atSoC: 80, power: 250000 },
      { atSoC: 20, power: 180000 },
      { atSoC: 20, power: 170000 },
    ];
    const result = validatePassport(input, { now: new Date('2026-11-25T00:00:00Z') });
    assert.equal(result.valid, false);
    const order = result.errors.filter((e) => e.code === 'soc.order').map((e) => e.path);
    assert.deepEqual(order, [
      '/data/performance/rated/powerCapabilityAt/1/atSoC',
      '/data/performance/rated/powerCapabilityAt/2/atSoC',
    ]);
    input.data.performance!.rated!.powerCapabilityAt = [{ atSoC: 120, power: -1 } as never];
    const codes = validatePassport(input, { now: new Date('2026-11-25T00:00:00Z') }).errors.map((e) => e.code);
    assert.ok(codes.includes('range.percent') && codes.includes('range.positive'), codes.join());
    input.data.performance!.rated!.powerCapabilityAt = [];
    assert.ok(
      validatePassport(input, { now: new Date('2026-11-25T00:00:00Z') }).errors.some((e) => e.code === 'items.min'),
    );
  });
});

forEachDialect('page language and unique identifier over HTTP', (dialect) => {
  const { h } = useHarness(dialect, { tenant: false });

  it('the API and the JSON view carry the unique identifier; the QR link names the same keys', async () => {
    const { tenant, passport } = await publishedPassport(h, 'ev');
    assert.equal(passport.unique_identifier, `(01)${passport.gtin}(21)${passport.serial}`);
    const got = await call(h, { url: `/v1/dpp/${passport.id}`, tenant });
    assert.equal(got.json.data.unique_identifier, passport.unique_identifier);
    const view = await call(h, { url: pathOf(passport.public_url), headers: { accept: 'application/json' } });
    assert.equal(view.statusCode, 200);
    assert.equal(view.json.data.unique_identifier, passport.unique_identifier);
    assert.equal(passport.data.performance.rated.powerCapabilityAt[0].atSoC, 20);
  });

  it('Accept-Language: de gives the German page; ?lang=en switches and is remembered in a cookie', async () => {
    const { passport } = await publishedPassport(h, 'ev');
    const url = pathOf(passport.public_url);
    const de = await call(h, { url, headers: { accept: 'text/html', 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } });
    assert.equal(de.statusCode, 200);
    assert.match(de.body, /<html lang="de">/);
    assert.equal(de.headers['content-language'], 'de');
    assert.match(String(de.headers.vary), /Accept-Language/);
    assert.equal(de.headers['set-cookie'], undefined, 'no cookie without an explicit choice');
    // The switch keeps the lot (the page's key) and sets only lang.
    const lot = encodeURIComponent(passport.lot);
    assert.ok(
      de.body.includes(`href="${url.split('?')[0]}?lot=${lot}&amp;lang=en" hreflang="en" lang="en">English</a>`),
    );

    const en = await call(h, { url: `${url}&lang=en`, headers: { accept: 'text/html', 'accept-language': 'de' } });
    assert.match(en.body, /<html lang="en">/);
    const cookie = String(en.headers['set-cookie']);
    assert.match(cookie, /^qrs_lang=en;/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /Path=\/dpp\//);
    const again = await call(h, {
      url,
      headers: { accept: 'text/html', 'accept-language': 'de', cookie: 'qrs_lang=en' },
    });
    assert.match(again.body, /<html lang="en">/);
    const bogus = await call(h, { url: `${url}&lang=xx`, headers: { accept: 'text/html', 'accept-language': 'de' } });
    assert.equal(bogus.statusCode, 200);
    assert.match(bogus.body, /<html lang="de">/);
  });
});
