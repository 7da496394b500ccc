import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Value from 'typebox/value';
import { contrastRatio, resolveRenderOptions, warningHeader, type ResolveResult } from '../../src/qr/options.js';
import { QrQuery } from '../../src/features/code-images/qr-image.schemas.js';

function problems(r: ResolveResult) {
  assert.equal(r.ok, false);
  return r.ok ? [] : r.problems;
}
function resolved(r: ResolveResult) {
  assert.ok(r.ok, JSON.stringify(r));
  return r;
}

describe('render options', () => {
  test('WCAG contrast ratio', () => {
    assert.equal(contrastRatio('#000000', '#FFFFFF'), 21);
    assert.equal(contrastRatio('#FFFFFF', '#000000'), 21);
    assert.equal(contrastRatio('#777777', '#777777'), 1);
    assert.ok(Math.abs(contrastRatio('#777777', '#FFFFFF') - 4.48) < 0.01);
  });

  test('defaults: black on white, margin 4, ECC M, no warnings', () => {
    const r = resolved(resolveRenderOptions({}));
    assert.deepEqual(r.options, { ecc: 'M', margin: 4, fg: '#000000', bg: '#FFFFFF', invert: false, download: false });
    assert.deepEqual(r.warnings, []);
  });

  test('low contrast is refused with a pointer at the query parameter', () => {
    const [p, ...rest] = problems(resolveRenderOptions({ fg: '#777777', bg: '#888888' }));
    assert.equal(rest.length, 0);
    assert.equal(p.pointer, '/query/fg');
    assert.equal(p.code, 'contrast');
    assert.match(p.detail, /3:1/);
    assert.equal(problems(resolveRenderOptions({ bg: '#222222' }))[0].pointer, '/query/bg');
  });

  test('light on dark is refused without invert and accepted with it', () => {
    const [p] = problems(resolveRenderOptions({ fg: '#FFFFFF', bg: '#000000' }));
    assert.equal(p.code, 'inverted');
    assert.equal(p.pointer, '/query/fg');
    const r = resolved(resolveRenderOptions({ fg: '#FFFFFF', bg: '#000000', invert: true }));
    assert.deepEqual([r.options.fg, r.options.bg, r.options.invert], ['#FFFFFF', '#000000', true]);
    // invert alone turns the default black-on-white around
    const d = resolved(resolveRenderOptions({ invert: true }));
    assert.deepEqual([d.options.fg, d.options.bg], ['#FFFFFF', '#000000']);
  });

  test('a quiet zone below 4 modules renders with a warning', () => {
    const r = resolved(resolveRenderOptions({ margin: 1 }));
    assert.equal(r.options.margin, 1);
    assert.equal(r.warnings.length, 1);
    assert.match(r.warnings[0], /below the 4/);
    assert.match(warningHeader('say "hi"'), /^199 qrs "say 'hi'"$/);
  });

  test('foreground: query, then code style, then brand colour only when it reads well', () => {
    assert.equal(resolved(resolveRenderOptions({}, { brandColor: '#1A4D8F' })).options.fg, '#1A4D8F');
    assert.equal(
      resolved(resolveRenderOptions({}, { brandColor: '#FFD500' })).options.fg,
      '#000000',
      'yellow on white is too faint',
    );
    assert.equal(resolved(resolveRenderOptions({}, { brandColor: 'not a colour' })).options.fg, '#000000');
    assert.equal(resolved(resolveRenderOptions({}, { fg: '#333333', brandColor: '#1A4D8F' })).options.fg, '#333333');
    assert.equal(resolved(resolveRenderOptions({ fg: '#003300' }, { fg: '#333333' })).options.fg, '#003300');
    const style = resolved(resolveRenderOptions({}, { ecc: 'H', margin: 6, bg: '#FFFFEE' })).options;
    assert.deepEqual([style.ecc, style.margin, style.bg], ['H', 6, '#FFFFEE']);
  });

  test('query schema bounds', () => {
    assert.ok(
      Value.Check(QrQuery, {
        size: 512,
        mm: 30,
        margin: 0,
        ecc: 'Q',
        fg: '#00aa00',
        dpi: 300,
        invert: true,
        download: false,
      }),
    );
    for (const bad of [
      { size: 15 },
      { size: 4097 },
      { mm: 4 },
      { margin: 65 },
      { margin: 1.5 },
      { ecc: 'X' },
      { fg: 'red' },
      { bg: '#FFF' },
      { dpi: 71 },
      { dpi: 2401 },
    ]) {
      assert.ok(!Value.Check(QrQuery, bad), JSON.stringify(bad));
    }
  });
});
