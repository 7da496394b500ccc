import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildDigitalLink,
  computeCheckDigit,
  encodeAiValue,
  gtinCheckDigitValid,
  isAi82,
  isValidAiValue,
  normalizeGtin,
  parseDigitalLinkPath,
} from '../../../src/features/dpp/gs1.js';

describe('GTIN check digits', () => {
  const valid = {
    'GTIN-8': '96385074',
    'GTIN-12': '036000291452',
    'GTIN-13': '9506000134352',
    'GTIN-14': '14260123450097',
  };
  for (const [kind, gtin] of Object.entries(valid)) {
    test(`accepts a valid ${kind}`, () => {
      assert.equal(gtinCheckDigitValid(gtin), true);
      const result = normalizeGtin(gtin);
      assert.deepEqual(result, { ok: true, value: gtin.padStart(14, '0') });
    });
    test(`rejects a ${kind} with a wrong check digit`, () => {
      const wrong = gtin.slice(0, -1) + String((Number(gtin.at(-1)) + 1) % 10);
      assert.equal(gtinCheckDigitValid(wrong), false);
      const result = normalizeGtin(wrong);
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.error.code, 'gtin.check_digit');
    });
  }

  test('computes the GS1 mod-10 check digit', () => {
    assert.equal(computeCheckDigit('950600013435'), 2);
    assert.equal(computeCheckDigit('9638507'), 4);
    assert.equal(computeCheckDigit('1426012345009'), 7);
  });

  for (const length of [1, 7, 9, 10, 11, 15, 18]) {
    test(`rejects ${length} digits as a wrong length`, () => {
      const result = normalizeGtin('1'.repeat(length));
      assert.equal(!result.ok && result.error.code, 'gtin.length');
      assert.equal(gtinCheckDigitValid('1'.repeat(length)), false);
    });
  }

  for (const bad of [
    '',
    '9506000l34352',
    '950600013435 2',
    '+9506000134352',
    '９５０６０００１３４３５２',
    '9506000134352\n',
  ]) {
    test(`rejects non-digits: ${JSON.stringify(bad)}`, () => {
      const result = normalizeGtin(bad);
      assert.equal(!result.ok && result.error.code, 'gtin.format');
      assert.equal(gtinCheckDigitValid(bad), false);
    });
  }
});

describe('GS1 character set 82', () => {
  test('accepts every character of the set', () => {
    const all = `!"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz`;
    assert.equal(isAi82(all), true);
  });
  for (const bad of ['#', ' ', 'é', '$', '~', '@', '[', '\\', '^', '`', '{', '|', 'AB\tC', '']) {
    test(`rejects ${JSON.stringify(bad)}`, () => assert.equal(isAi82(bad), false));
  }
  test('limits serials and lots to 20 characters', () => {
    assert.equal(isValidAiValue('A'.repeat(20)), true);
    assert.equal(isValidAiValue('A'.repeat(21)), false);
  });
});

describe('GS1 Digital Link', () => {
  const base = 'https://id.example.com';

  test('builds /01/{gtin14}/10/{lot}/21/{serial}', () => {
    assert.equal(
      buildDigitalLink(base, { gtin: '9506000134352', lot: 'L1', serial: 'S1' }),
      'https://id.example.com/01/09506000134352/10/L1/21/S1',
    );
  });

  test('omits the lot when there is none and trims a trailing slash of the base', () => {
    assert.equal(buildDigitalLink(`${base}/`, { gtin: '96385074', serial: '42' }), `${base}/01/00000096385074/21/42`);
  });

  test('percent-encodes everything outside the unreserved set', () => {
    assert.equal(encodeAiValue('AB/12 %'), 'AB%2F12%20%25');
    assert.equal(encodeAiValue(`!"&'()*+,:;<=>?`), '%21%22%26%27%28%29%2A%2B%2C%3A%3B%3C%3D%3E%3F');
    assert.equal(encodeAiValue('a-b.c_d'), 'a-b.c_d');
  });

  test('round-trips a lot and serial that need percent-encoding', () => {
    const key = { gtin: '4260123450014', lot: 'AB/12%&"', serial: `x!'()*+,;=?` };
    const uri = buildDigitalLink(base, key);
    assert.equal(uri, `${base}/01/04260123450014/10/AB%2F12%25%26%22/21/x%21%27%28%29%2A%2B%2C%3B%3D%3F`);
    const parsed = parseDigitalLinkPath(new URL(uri).pathname);
    assert.deepEqual(parsed, { ok: true, value: { gtin14: '04260123450014', lot: key.lot, serial: key.serial } });
  });

  test('a space is outside set 82: "AB/12 %" is neither built nor parsed', () => {
    assert.throws(() => buildDigitalLink(base, { gtin: '4260123450014', lot: 'AB/12 %', serial: 'S' }), TypeError);
    assert.equal(code('/01/04260123450014/10/AB%2F12%20%25/21/S'), 'dl.charset');
  });

  test('refuses to build a link from an invalid key', () => {
    assert.throws(() => buildDigitalLink(base, { gtin: '9506000134353', serial: 'S' }), TypeError);
    assert.throws(() => buildDigitalLink(base, { gtin: '9506000134352', serial: 'a#b' }), TypeError);
    assert.throws(() => buildDigitalLink(base, { gtin: '9506000134352', lot: 'é', serial: 'S' }), TypeError);
  });

  const ok = (path: string) => {
    const r = parseDigitalLinkPath(path);
    assert.equal(r.ok, true, `${path}: ${JSON.stringify(r)}`);
    return r.ok ? r.value : undefined;
  };
  const code = (path: string) => {
    const r = parseDigitalLinkPath(path);
    assert.equal(r.ok, false, path);
    return r.ok ? undefined : r.error.code;
  };

  test('parses a GTIN alone, and normalises GTIN-8/12/13 to 14 digits', () => {
    assert.deepEqual(ok('/01/09506000134352'), { gtin14: '09506000134352' });
    assert.deepEqual(ok('/01/96385074'), { gtin14: '00000096385074' });
    assert.deepEqual(ok('/01/036000291452/21/1'), { gtin14: '00036000291452', serial: '1' });
    assert.deepEqual(ok('/01/9506000134352/21/1'), { gtin14: '09506000134352', serial: '1' });
  });

  test('parses all qualifiers in order 22, 10, 21', () => {
    assert.deepEqual(ok('/01/09506000134352/22/V1/10/L%2F1/21/S1'), {
      gtin14: '09506000134352',
      cpv: 'V1',
      lot: 'L/1',
      serial: 'S1',
    });
  });

  test('tolerates a trailing slash and a query string', () => {
    assert.deepEqual(ok('/01/09506000134352/21/S1/'), { gtin14: '09506000134352', serial: 'S1' });
    assert.deepEqual(ok('/01/09506000134352/21/S1?linkType=gs1:dpp'), { gtin14: '09506000134352', serial: 'S1' });
  });

  test('rejects a bad check digit', () => assert.equal(code('/01/09506000134353/21/S1'), 'gtin.check_digit'));
  test('rejects a GTIN of the wrong length', () => assert.equal(code('/01/95060001343/21/S1'), 'gtin.length'));
  test('rejects qualifiers out of order', () => {
    assert.equal(code('/01/09506000134352/21/x/10/y'), 'dl.order');
    assert.equal(code('/01/09506000134352/10/x/22/y'), 'dl.order');
  });
  test('rejects a repeated qualifier', () => assert.equal(code('/01/09506000134352/10/x/10/y'), 'dl.order'));
  test('rejects an unknown AI', () => {
    assert.equal(code('/01/09506000134352/17/261231'), 'dl.unknown_ai');
    assert.equal(code('/01/09506000134352/21/x/99/y'), 'dl.unknown_ai');
  });
  test('rejects a qualifier without value', () => {
    assert.equal(code('/01/09506000134352/21'), 'dl.missing_value');
    assert.equal(code('/01/09506000134352/21/'), 'dl.missing_value');
    assert.equal(code('/01/09506000134352/10//21/x'), 'dl.missing_value');
  });
  test('rejects characters outside set 82 and values over 20 characters', () => {
    assert.equal(code('/01/09506000134352/21/a%23b'), 'dl.charset');
    assert.equal(code('/01/09506000134352/21/caf%C3%A9'), 'dl.charset');
    assert.equal(code(`/01/09506000134352/21/${'A'.repeat(21)}`), 'dl.charset');
  });
  test('rejects malformed percent-encoding', () => assert.equal(code('/01/09506000134352/21/a%ZZ'), 'dl.encoding'));
  test('rejects paths that are not /01/…', () => {
    assert.equal(code('/02/09506000134352'), 'dl.syntax');
    assert.equal(code('/01'), 'dl.syntax');
    assert.equal(code('01/09506000134352'), 'dl.syntax');
    assert.equal(code('/01/09506000134352//21/x'), 'dl.syntax');
  });
});
