import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderPassportPage } from '../../../src/features/dpp/dpp.page.js';
import { escapeHtml } from '../../../src/lib/html.js';
import { publicView } from '../../../src/features/dpp/dpp.public-view.js';
import { FIXTURES, storedPassport } from '../../support/dpp-fixtures.js';

const page = (name: (typeof FIXTURES)[number] = 'ev', level: 'public' | 'legitimate_interest' = 'public') =>
  renderPassportPage(publicView(storedPassport(name), level));

describe('passport page', () => {
  test('is a complete, accessible HTML document', () => {
    const html = page();
    assert.match(html, /^<!doctype html>\n<html lang="en">/);
    assert.match(html, /<meta charset="utf-8">/);
    assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    assert.match(html, /<title>Battery passport: Voltaris VX77 NMC811 traction pack, 77 kWh<\/title>/);
    assert.equal(html.match(/<h1>/g)?.length, 1);
    assert.match(html, /<main>[\s\S]*<\/main>/);
    assert.match(
      html,
      /<section aria-labelledby="aspect-performance"><details open><summary><h2 id="aspect-performance">Performance and durability<\/h2><\/summary>/,
    );
    assert.match(html, /<style>[^<]+<\/style>/);
  });

  test('has no script element at all: schema.org Product data is microdata on the summary card', () => {
    for (const name of FIXTURES) {
      const html = page(name, 'legitimate_interest');
      assert.doesNotMatch(html, /<script/i);
      assert.match(
        html,
        /<section aria-labelledby="summary" class="card" itemscope itemtype="https:\/\/schema\.org\/Product">/,
      );
      assert.match(html, /<meta itemprop="gtin14" content="[0-9]{14}">/);
      assert.match(html, /<meta itemprop="name" content="[^"]+">/);
    }
  });

  test('starts with the access level and a summary card, then collapsible sections', () => {
    const html = page('stationary', 'legitimate_interest');
    const level = html.indexOf('class="level"');
    const card = html.indexOf('id="summary"');
    assert.ok(level > 0 && level < card && card < html.indexOf('id="identification"'));
    assert.match(html, /<strong>Legitimate-interest view\.<\/strong>/);
    const summary = html.slice(card, html.indexOf('</section>', card));
    for (const label of ['Model', 'Manufacturer', 'Category', 'Capacity and energy', 'State of health', 'Passport'])
      assert.ok(summary.includes(`<dt>${label}</dt>`), label);
    assert.doesNotMatch(
      page('stationary', 'public').slice(0, page('stationary', 'public').indexOf('id="identification"')),
      /State of health/,
    );
    assert.match(html, /@media print/);
  });

  test('shows dates for people and contacts as links', () => {
    const html = page('ev');
    assert.match(html, /<time datetime="2026-0[0-9]-[0-9]{2}">[0-9]{1,2} [A-Z][a-z]+ 2026<\/time>/);
    assert.match(html, /<a href="mailto:[^"]+@[^"]+">/);
  });

  test('shows values with their units and labels derived from attribute names', () => {
    const html = page();
    assert.ok(html.includes('<dt>Rated capacity</dt><dd>216&nbsp;<abbr title="ampere-hours">Ah</abbr></dd>'));
    assert.ok(html.includes('<dt>Rated energy</dt><dd>77&nbsp;<abbr title="kilowatt-hours">kWh</abbr></dd>'));
    assert.ok(html.includes('<dt>Battery mass</dt><dd>482.5&nbsp;<abbr title="kilograms">kg</abbr></dd>'));
    assert.ok(html.includes('<dt>Lower</dt><dd>-40&nbsp;<abbr title="degrees Celsius">°C</abbr></dd>'));
    assert.ok(html.includes('<dt>Pre-consumer</dt><dd>6.5&nbsp;<abbr title="percent">%</abbr></dd>'));
    assert.ok(html.includes('68.4&nbsp;<abbr title="kilograms of CO2 equivalent per kilowatt-hour">kgCO2e/kWh</abbr>'));
    assert.ok(page('lmt').includes('<dt>Internal resistance</dt><dd>0.12&nbsp;<abbr title="ohms">Ω</abbr></dd>'));
  });

  test('shows dynamic values with the time of their last update to viewers who may see them', () => {
    const html = page('stationary', 'legitimate_interest');
    assert.ok(html.includes('<dt>State of health</dt><dd>100&nbsp;<abbr title="percent">%</abbr> <small>(as of <time'));
    assert.ok(html.includes('<dt>Battery status</dt><dd>Original</dd>'));
    assert.doesNotMatch(page('stationary', 'public'), /State of health|Battery status/);
  });

  test('escapes the microdata so a value cannot end its attribute', () => {
    const passport = storedPassport('ev');
    passport.data.generalProductInformation!.batteryModel = '"><script>alert(1)</script>';
    const html = renderPassportPage(publicView(passport, 'public'));
    assert.doesNotMatch(html, /<script/i);
    assert.ok(html.includes('<meta itemprop="name" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">'));
  });

  test('escapes every value: text, links, envelope fields', () => {
    const passport = storedPassport('ev');
    passport.data.generalProductInformation!.batteryModel = '<script>alert("x")</script>';
    passport.data.generalProductInformation!.manufacturerInformation!.name = `O'Brien & <b>Sons</b>`;
    passport.data.labels!.declarationOfConformity = 'https://x.example/a?b=1&c="><script>alert(1)</script>';
    passport.serial = `<a>"'&`; // every one of these is legal in GS1 character set 82
    const html = renderPassportPage(publicView(passport, 'public'));
    assert.doesNotMatch(html, /<script/i);
    assert.doesNotMatch(html, /<b>Sons/);
    assert.ok(html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'));
    assert.ok(html.includes('O&#39;Brien &amp; &lt;b&gt;Sons&lt;/b&gt;'));
    assert.ok(html.includes('href="https://x.example/a?b=1&amp;c=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"'));
    assert.ok(html.includes('<dd>&lt;a&gt;&quot;&#39;&amp;</dd>'));
  });

  test('never turns a non-http value into a link', () => {
    const passport = storedPassport('ev');
    passport.data.labels!.declarationOfConformity = 'javascript:alert(1)';
    const html = renderPassportPage(publicView(passport, 'public'));
    assert.doesNotMatch(html, /href="javascript:/);
    assert.ok(html.includes('<dd>javascript:alert(1)</dd>'));
  });

  test('takes the language and linkset address from the options, safely', () => {
    const view = publicView(storedPassport('lmt'), 'public');
    assert.match(renderPassportPage(view, { lang: 'de' }), /<html lang="de">/);
    assert.match(renderPassportPage(view, { lang: '"><script>' as 'en' }), /<html lang="en">/);
    const html = renderPassportPage(view, { linksetUrl: 'https://qrs.example/01/1?linkType=linkset&x="' });
    assert.ok(
      html.includes(
        '<link rel="linkset" type="application/linkset+json" href="https://qrs.example/01/1?linkType=linkset&amp;x=&quot;">',
      ),
    );
  });

  test('explains the access level shown', () => {
    assert.match(page('ev', 'public'), /publicly accessible information/);
    assert.match(page('ev', 'legitimate_interest'), /legitimate interest/);
  });

  test('escapeHtml', () => assert.equal(escapeHtml(`<&>"'`), '&lt;&amp;&gt;&quot;&#39;'));
});
