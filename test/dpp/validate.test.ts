import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CATEGORIES, REQUIRED_ATTRIBUTES, listAttributes, type Category } from '../../src/features/dpp/dpp.contract.js';
import { validatePassport, type Issue } from '../../src/features/dpp/dpp.validate.js';
import { FIXTURES, NOW, deleteAt, fixture, setAt, type FixtureName } from './helpers.js';

const check = (input: unknown, now = NOW) => validatePassport(input, { now });
const codesAt = (issues: Issue[], path: string) => issues.filter((i) => i.path === path).map((i) => i.code);

/** The fixture for a category; industrial batteries use the stationary one with the category changed. */
function forCategory(category: Category) {
  const name: FixtureName = category === 'industrial' ? 'stationary' : category;
  const input = fixture(name);
  input.category = category;
  return input;
}

/** Asserts exactly one error, with this code at this path. */
function assertOnlyError(input: unknown, path: string, code: string) {
  const result = check(input);
  assert.deepEqual(
    result.errors.map((e) => [e.path, e.code]),
    [[path, code]],
    JSON.stringify(result.errors, null, 1),
  );
  assert.equal(result.valid, false);
}

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
    assert.deepEqual(result.errors.map((e) => [e.path, e.code]), [
      ['/colour', 'unknown_property'],
      ['/data/marketing', 'unknown_property'],
    ]);
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

/** A concrete pointer into the EV fixture for an attribute path (array items at index 0). */
const concrete = (pointer: string) => pointer.replace(/\/\*\//g, '/0/');
const ranged = listAttributes().filter((a) => a.type === 'number' || a.type === 'integer');

describe('ranges', () => {
  const CASES = {
    percent: [[100.01, 'range.percent'], [-0.5, 'range.percent']],
    positive: [[0, 'range.positive'], [-3, 'range.positive']],
    non_negative: [[-1, 'range.non_negative']],
  } as const;
  test('every number has a range rule except temperatures and per-stage footprints', () => {
    const free = ranged.filter((a) => a.range === null).map((a) => a.path);
    assert.ok(free.every((p) => /temperatureRangeIdleState|carbonFootprintPerLifecycleStage/.test(p)), free.join());
  });
  for (const a of ranged) {
    if (!a.range) continue;
    const pointer = concrete(a.pointer);
    for (const [value, code] of CASES[a.range]) {
      test(`${a.path} = ${value} → ${code}`, () => {
        const input = fixture('ev');
        setAt(input.data, pointer, value);
        const result = check(input);
        assert.ok(
          result.errors.some((e) => e.path === `/data${pointer}` && e.code === code),
          JSON.stringify(result.errors),
        );
      });
    }
  }

  test('named cases: percent, mass, capacity, footprint', () => {
    const cases: [string, number, string][] = [
      ['/circularity/recycledContent/cobalt/preConsumer', 101, 'range.percent'],
      ['/performance/dynamic/stateOfHealth/value', -1, 'range.percent'],
      ['/generalProductInformation/batteryMass', 0, 'range.positive'],
      ['/materialComposition/batteryMaterials/0/mass', -10, 'range.positive'],
      ['/performance/rated/ratedCapacity', 0, 'range.positive'],
      ['/carbonFootprint/batteryCarbonFootprint', -2, 'range.positive'],
    ];
    for (const [pointer, value, code] of cases) {
      const input = fixture('ev');
      setAt(input.data, pointer, value);
      assertOnlyError(input, `/data${pointer}`, code);
    }
  });

  test('the boundaries themselves are valid', () => {
    const input = fixture('ev');
    setAt(input.data, '/circularity/renewableContent', 0);
    setAt(input.data, '/performance/rated/capacityThresholdForExhaustion', 100);
    setAt(input.data, '/performance/dynamic/stateOfCharge', { value: 100, lastUpdate: '2026-11-01T00:00:00Z' });
    assert.deepEqual(check(input).errors, []);
  });

  test('carbon footprint per stage may be negative (recycling credits)', () => {
    const input = fixture('ev');
    setAt(input.data, '/carbonFootprint/carbonFootprintPerLifecycleStage/endOfLifeAndRecycling', -4.2);
    assert.deepEqual(check(input).errors, []);
  });
});

describe('voltage and temperature order', () => {
  const volts = (min: number | undefined, nom: number | undefined, max: number | undefined) => {
    const input = fixture('lmt');
    for (const [name, v] of [['minimumVoltage', min], ['nominalVoltage', nom], ['maximumVoltage', max]] as const) {
      if (v === undefined) deleteAt(input.data, `/performance/rated/${name}`);
      else setAt(input.data, `/performance/rated/${name}`, v);
    }
    return check(input).errors.filter((e) => e.code === 'voltage.order').map((e) => e.path);
  };
  test('min ≤ nominal ≤ max holds, equality included', () => {
    assert.deepEqual(volts(27.5, 36, 42), []);
    assert.deepEqual(volts(36, 36, 36), []);
  });
  test('minimum above nominal', () => assert.deepEqual(volts(37, 36, 42), ['/data/performance/rated/minimumVoltage']));
  test('nominal above maximum', () => assert.deepEqual(volts(27.5, 43, 42), ['/data/performance/rated/maximumVoltage']));
  test('minimum above maximum without a nominal voltage', () =>
    assert.deepEqual(volts(43, undefined, 42), ['/data/performance/rated/minimumVoltage']));

  for (const [lower, upper] of [[20, 20], [45, -20]]) {
    test(`idle temperature range ${lower}..${upper} °C is refused`, () => {
      const input = fixture('lmt');
      setAt(input.data, '/performance/rated/temperatureRangeIdleState', { lower, upper });
      assertOnlyError(input, '/data/performance/rated/temperatureRangeIdleState/upper', 'temperature.order');
    });
  }
  test('idle temperatures may be negative', () => {
    const input = fixture('lmt');
    setAt(input.data, '/performance/rated/temperatureRangeIdleState', { lower: -40, upper: -10 });
    assert.deepEqual(check(input).errors, []);
  });
});

describe('dates', () => {
  const at = '/data/generalProductInformation';
  const withDates = (made: string, inService?: string) => {
    const input = fixture('ev');
    setAt(input.data, '/generalProductInformation/manufacturingDate', made);
    if (inService === undefined) deleteAt(input.data, '/generalProductInformation/putIntoService');
    else setAt(input.data, '/generalProductInformation/putIntoService', inService);
    return input;
  };
  test('a manufacturing date today is fine', () => assert.deepEqual(check(withDates('2026-11-21')).errors, []));
  test('a manufacturing date in the future is refused', () =>
    assertOnlyError(withDates('2026-12-01'), `${at}/manufacturingDate`, 'date.future'));
  test('"today" allows for the time zone furthest ahead (UTC+14)', () => {
    assert.deepEqual(check(withDates('2026-11-21'), new Date('2026-11-20T11:00:00Z')).errors, []);
    assert.deepEqual(
      check(withDates('2026-11-22'), new Date('2026-11-20T11:00:00Z')).errors.map((e) => e.code),
      ['date.future'],
    );
  });
  test('put into service before manufacture is refused', () =>
    assertOnlyError(withDates('2026-06-12', '2026-06-11'), `${at}/putIntoService`, 'date.order'));
  test('put into service on the day of manufacture is fine', () =>
    assert.deepEqual(check(withDates('2026-06-12', '2026-06-12')).errors, []));
  test('put into service in the future is refused', () =>
    assertOnlyError(withDates('2026-06-12', '2027-01-01'), `${at}/putIntoService`, 'date.future'));
  test('a date that is not YYYY-MM-DD', () => {
    assertOnlyError(withDates('2026-13-01'), `${at}/manufacturingDate`, 'format.date');
    assertOnlyError(withDates('12.06.2026'), `${at}/manufacturingDate`, 'format.date');
    assertOnlyError(withDates('2026-02-30'), `${at}/manufacturingDate`, 'format.date');
  });
  test('a dynamic value measured in the future is refused, a little clock skew is not', () => {
    const input = fixture('ev');
    setAt(input.data, '/performance/dynamic/stateOfHealth/lastUpdate', '2026-11-21T09:19:00Z');
    assert.deepEqual(check(input).errors, []);
    setAt(input.data, '/performance/dynamic/stateOfHealth/lastUpdate', '2026-11-22T09:00:00Z');
    assertOnlyError(input, '/data/performance/dynamic/stateOfHealth/lastUpdate', 'date.future');
  });
  test('a negative event in the future is refused', () => {
    const input = fixture('ev');
    setAt(input.data, '/performance/dynamic/negativeEvents', [{ value: 'Crash', lastUpdate: '2027-01-01T00:00:00Z' }]);
    assertOnlyError(input, '/data/performance/dynamic/negativeEvents/0/lastUpdate', 'date.future');
  });
});

describe('links', () => {
  const links = listAttributes().filter((a) => a.format === 'uri');
  test('there are links to check', () => assert.ok(links.length >= 12, String(links.length)));
  for (const a of links) {
    const pointer = concrete(a.pointer);
    test(`${a.path}: http is refused, https accepted`, () => {
      const input = fixture('ev');
      setAt(input.data, pointer, 'http://voltaris.example/doc.pdf');
      assertOnlyError(input, `/data${pointer}`, 'link.https');
      setAt(input.data, pointer, 'https://voltaris.example/doc.pdf');
      assert.deepEqual(check(input).errors, []);
    });
  }
  test('links inside lists', () => {
    const input = fixture('ev');
    setAt(input.data, '/labels/resultOfTestReport', ['https://a.example/r.pdf', 'ftp://a.example/r.pdf']);
    assertOnlyError(input, '/data/labels/resultOfTestReport/1', 'link.https');
  });
  test('something that is not a URL at all', () => {
    const input = fixture('ev');
    setAt(input.data, '/labels/declarationOfConformity', 'see our website');
    assertOnlyError(input, '/data/labels/declarationOfConformity', 'link.invalid');
  });
});

describe('passport obligation (Art. 77)', () => {
  const withEnergy = (category: Category, kWh: number) => {
    const input = forCategory(category);
    setAt(input.data, '/performance/rated/ratedEnergy', kWh);
    return check(input);
  };
  for (const category of ['industrial', 'stationary'] as const) {
    test(`${category} battery of 2 kWh or less: a warning, not an error`, () => {
      for (const kWh of [2, 1.2]) {
        const result = withEnergy(category, kWh);
        assert.equal(result.valid, true);
        assert.deepEqual(result.errors, []);
        assert.deepEqual(result.warnings.map((w) => [w.path, w.code, w.severity]), [
          ['/data/performance/rated/ratedEnergy', 'obligation.none', 'warning'],
        ]);
        assert.equal(result.summary.obligation, false);
        assert.equal(result.summary.warnings, 1);
      }
    });
    test(`${category} battery above 2 kWh needs a passport`, () => {
      const result = withEnergy(category, 2.01);
      assert.deepEqual(result.warnings, []);
      assert.equal(result.summary.obligation, true);
    });
  }
  for (const category of ['ev', 'lmt'] as const) {
    test(`${category} batteries always need one, whatever their energy`, () => {
      const result = withEnergy(category, 0.3);
      assert.deepEqual(result.warnings, []);
      assert.equal(result.summary.obligation, true);
    });
  }
  test('unknown when the rated energy of an industrial battery is missing', () => {
    const input = forCategory('industrial');
    deleteAt(input.data, '/performance/rated/ratedEnergy');
    assert.equal(check(input).summary.obligation, null);
  });
});

describe('lifecycle', () => {
  for (const status of ['reused', 'repurposed', 'remanufactured'] as const) {
    test(`a ${status} battery without predecessor gets a warning`, () => {
      const input = fixture('stationary');
      input.battery_status = status;
      const result = check(input);
      assert.equal(result.valid, true);
      assert.deepEqual(result.warnings.map((w) => [w.path, w.code]), [['/predecessor_id', 'predecessor.missing']]);
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
  assert.deepEqual(result.errors.map((e) => e.path), ['/data/circularity/renewableContent', '/serial']);
  for (const issue of [...result.errors, ...result.warnings]) {
    assert.equal(typeof issue.message, 'string');
    assert.ok(issue.message.length > 10);
  }
});
