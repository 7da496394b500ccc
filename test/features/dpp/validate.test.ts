import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CATEGORIES, REQUIRED_ATTRIBUTES } from '../../../src/features/dpp/dpp.contract.js';
import {
  FIXTURES,
  assertOnlyError,
  check,
  codesAt,
  deleteAt,
  fixture,
  forCategory,
  setAt,
} from '../../support/dpp-fixtures.js';

describe('fixtures', () => {
  for (const name of FIXTURES) {
    test(`${name}.json is a complete valid passport`, () => {
      const result = check(fixture(name));
      assert.deepEqual(result.errors, []);
      assert.deepEqual(result.warnings, []);
      assert.equal(result.valid, true);
      assert.deepEqual(result.summary, { errors: 0, warnings: 0, category: name, obligation: true });
    });
  }
  test('the stationary fixture is also a valid industrial passport', () => {
    assert.equal(check(forCategory('industrial')).valid, true);
  });
});

describe('required attributes per category', () => {
  for (const category of CATEGORIES) {
    for (const pointer of REQUIRED_ATTRIBUTES[category]) {
      test(`${category}: missing ${pointer}`, () => {
        const input = forCategory(category);
        assert.ok(deleteAt(input.data, pointer), `fixture lacks ${pointer}`);
        assertOnlyError(input, `/data${pointer}`, 'required');
      });
    }
  }

  test('a missing aspect reports each required attribute in it', () => {
    const input = fixture('ev');
    delete input.data.labels;
    const result = check(input);
    assert.deepEqual(
      result.errors.map((e) => e.path),
      ['/data/labels/declarationOfConformity', '/data/labels/resultOfTestReport', '/data/labels/symbols'],
    );
    assert.ok(result.errors.every((e) => e.code === 'required'));
  });

  test('carbon footprint is optional for LMT batteries but required for EV batteries', () => {
    const lmt = fixture('lmt');
    assert.equal(lmt.data.carbonFootprint, undefined);
    assert.equal(check(lmt).valid, true);
    const ev = fixture('ev');
    ev.category = 'lmt';
    delete ev.data.carbonFootprint;
    setAt(ev.data, '/performance/rated/internalResistance', 0.05);
    setAt(ev.data, '/performance/rated/roundTripEfficiency', 95);
    setAt(ev.data, '/performance/rated/cRate', 1);
    assert.deepEqual(check(ev).errors, []);
  });

  for (const field of ['gtin', 'serial', 'category', 'data']) {
    test(`missing envelope field ${field}`, () => {
      const input = fixture('ev') as unknown as Record<string, unknown>;
      delete input[field];
      const result = check(input);
      assert.ok(codesAt(result.errors, `/${field}`).includes('required'), JSON.stringify(result.errors));
    });
  }

  test('a missing member of a nested attribute points at the member', () => {
    const input = fixture('ev');
    deleteAt(input.data, '/performance/rated/temperatureRangeIdleState/upper');
    assertOnlyError(input, '/data/performance/rated/temperatureRangeIdleState/upper', 'required');
  });

  test('a dynamic value needs both value and lastUpdate', () => {
    const input = fixture('ev');
    setAt(input.data, '/performance/dynamic/stateOfHealth', { value: 97 });
    assertOnlyError(input, '/data/performance/dynamic/stateOfHealth/lastUpdate', 'required');
  });

  test('input that is not an object', () => {
    for (const input of [null, [], 'passport', 42]) {
      const result = check(input);
      assert.equal(result.valid, false);
      assert.deepEqual(codesAt(result.errors, ''), ['type']);
      assert.equal(result.summary.category, null);
    }
  });
});

describe('GTIN', () => {
  const cases: [string, string | null][] = [
    ['96385074', null],
    ['036000291452', null],
    ['9506000134352', null],
    ['09506000134352', null],
    ['9506000134353', 'gtin.check_digit'],
    ['96385075', 'gtin.check_digit'],
    ['036000291453', 'gtin.check_digit'],
    ['09506000134353', 'gtin.check_digit'],
    ['950600013435', 'gtin.check_digit'],
    ['95060001343', 'gtin.length'],
    ['095060001343520', 'gtin.length'],
    ['', 'gtin.format'],
    ['9506-0001-3435', 'gtin.format'],
    ['950600013435X', 'gtin.format'],
  ];
  for (const [gtin, code] of cases) {
    test(`${JSON.stringify(gtin)} → ${code ?? 'valid'}`, () => {
      const input = fixture('lmt');
      input.gtin = gtin;
      if (code) assertOnlyError(input, '/gtin', code);
      else assert.deepEqual(check(input).errors, []);
    });
  }
  test('a GTIN given as a number is a type error', () => {
    const input = fixture('lmt') as unknown as Record<string, unknown>;
    input.gtin = 4260123450014;
    assertOnlyError(input, '/gtin', 'type');
  });
});

describe('serial and lot (GS1 AI 21 and AI 10)', () => {
  const bad: [string, string][] = [
    ['AB#12', 'charset.ai82'],
    ['AB 12', 'charset.ai82'],
    ['Café-1', 'charset.ai82'],
    ['A~B', 'charset.ai82'],
    ['A$B', 'charset.ai82'],
    ['A'.repeat(21), 'length.max'],
    ['', 'length.min'],
  ];
  for (const field of ['serial', 'lot'] as const) {
    for (const [value, code] of bad) {
      test(`${field} ${JSON.stringify(value)} → ${code}`, () => {
        const input = fixture('ev');
        input[field] = value;
        assertOnlyError(input, `/${field}`, code);
      });
    }
    test(`${field} accepts every character of set 82 and exactly 20 characters`, () => {
      for (const value of [`!"%&'()*+,-./:;<=>?_`, 'A'.repeat(20), 'x']) {
        const input = fixture('ev');
        input[field] = value;
        assert.deepEqual(check(input).errors, [], value);
      }
    });
  }
});

describe('enums and unknown members', () => {
  test('unknown category', () => {
    const input = fixture('ev') as unknown as Record<string, unknown>;
    input.category = 'car';
    assertOnlyError(input, '/category', 'enum');
  });
  test('unknown battery status', () => {
    const input = fixture('ev') as unknown as Record<string, unknown>;
    input.battery_status = 'new';
    assertOnlyError(input, '/battery_status', 'enum');
  });
  test('unknown enum value inside an array item', () => {
    const input = fixture('ev');
    setAt(input.data, '/labels/symbols/0/symbol', 'skull');
    assertOnlyError(input, '/data/labels/symbols/0/symbol', 'enum');
  });
  test('a misspelt attribute is reported, not silently dropped', () => {
    const input = fixture('ev');
    setAt(input.data, '/performance/rated/ratedCapcity', 216);
    assertOnlyError(input, '/data/performance/rated/ratedCapcity', 'unknown_property');
  });
  test('an unknown aspect and an unknown envelope field', () => {
    const input = fixture('ev') as unknown as Record<string, unknown>;
    input.colour = 'blue';
    setAt(input, '/data/marketing', {});
    const result = check(input);
    assert.deepEqual(
      result.errors.map((e) => [e.path, e.code]),
      [
        ['/colour', 'unknown_property'],
        ['/data/marketing', 'unknown_property'],
      ],
    );
  });
  test('a predecessor id must be a passport id', () => {
    const input = fixture('ev') as unknown as Record<string, unknown>;
    input.predecessor_id = 'qr_01JD0000000000000000000000';
    assertOnlyError(input, '/predecessor_id', 'id.format');
  });
});

describe('units', () => {
  test('values are plain numbers in the fixed unit', () => {
    const input = fixture('ev');
    setAt(input.data, '/performance/rated/ratedEnergy', { value: 77000, unit: 'Wh' });
    assertOnlyError(input, '/data/performance/rated/ratedEnergy', 'unit.mismatch');
  });
  test('an object carrying the right unit is still refused, with a hint', () => {
    const input = fixture('ev');
    setAt(input.data, '/generalProductInformation/batteryMass', { value: 482.5, unit: 'kg' });
    const result = check(input);
    assertOnlyError(input, '/data/generalProductInformation/batteryMass', 'unit.plain_number');
    assert.match(result.errors[0].message, /kg/);
  });
  test('a number given as a string is a type error', () => {
    const input = fixture('ev');
    setAt(input.data, '/performance/rated/ratedCapacity', '216 Ah');
    assertOnlyError(input, '/data/performance/rated/ratedCapacity', 'type');
  });
});

describe('lifecycle', () => {
  for (const status of ['reused', 'repurposed', 'remanufactured'] as const) {
    test(`a ${status} battery without predecessor gets a warning`, () => {
      const input = fixture('stationary');
      input.battery_status = status;
      const result = check(input);
      assert.equal(result.valid, true);
      assert.deepEqual(
        result.warnings.map((w) => [w.path, w.code]),
        [['/predecessor_id', 'predecessor.missing']],
      );
      input.predecessor_id = 'dpp_01JD0000000000000000000000';
      assert.deepEqual(check(input).warnings, []);
    });
  }
  test('battery_status may be omitted (defaults to original)', () => {
    const input = fixture('ev');
    delete input.battery_status;
    assert.equal(check(input).valid, true);
  });
});

test('summary counts errors and warnings and issues are sorted by path', () => {
  const input = fixture('stationary');
  input.serial = 'bad serial';
  input.battery_status = 'repurposed';
  setAt(input.data, '/performance/rated/ratedEnergy', 1.5);
  setAt(input.data, '/circularity/renewableContent', 120);
  const result = check(input);
  assert.deepEqual(result.summary, { errors: 2, warnings: 2, category: 'stationary', obligation: false });
  assert.deepEqual(
    result.errors.map((e) => e.path),
    ['/data/circularity/renewableContent', '/serial'],
  );
  for (const issue of [...result.errors, ...result.warnings]) {
    assert.equal(typeof issue.message, 'string');
    assert.ok(issue.message.length > 10);
  }
});
