import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { listAttributes, type Category } from '../../../src/features/dpp/dpp.contract.js';
import { assertOnlyError, check, concrete, deleteAt, fixture, forCategory, setAt } from '../../support/dpp-fixtures.js';

const ranged = listAttributes().filter((a) => a.type === 'number' || a.type === 'integer');

describe('ranges', () => {
  const CASES = {
    percent: [
      [100.01, 'range.percent'],
      [-0.5, 'range.percent'],
    ],
    positive: [
      [0, 'range.positive'],
      [-3, 'range.positive'],
    ],
    non_negative: [[-1, 'range.non_negative']],
  } as const;
  test('every number has a range rule except temperatures and per-stage footprints', () => {
    const free = ranged.filter((a) => a.range === null).map((a) => a.path);
    assert.ok(
      free.every((p) => /temperatureRangeIdleState|temperatureHistory|carbonFootprintPerLifecycleStage/.test(p)),
      free.join(),
    );
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
    for (const [name, v] of [
      ['minimumVoltage', min],
      ['nominalVoltage', nom],
      ['maximumVoltage', max],
    ] as const) {
      if (v === undefined) deleteAt(input.data, `/performance/rated/${name}`);
      else setAt(input.data, `/performance/rated/${name}`, v);
    }
    return check(input)
      .errors.filter((e) => e.code === 'voltage.order')
      .map((e) => e.path);
  };
  test('min ≤ nominal ≤ max holds, equality included', () => {
    assert.deepEqual(volts(27.5, 36, 42), []);
    assert.deepEqual(volts(36, 36, 36), []);
  });
  test('minimum above nominal', () => assert.deepEqual(volts(37, 36, 42), ['/data/performance/rated/minimumVoltage']));
  test('nominal above maximum', () =>
    assert.deepEqual(volts(27.5, 43, 42), ['/data/performance/rated/maximumVoltage']));
  test('minimum above maximum without a nominal voltage', () =>
    assert.deepEqual(volts(43, undefined, 42), ['/data/performance/rated/minimumVoltage']));

  for (const [lower, upper] of [
    [20, 20],
    [45, -20],
  ]) {
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
        assert.deepEqual(
          result.warnings.map((w) => [w.path, w.code, w.severity]),
          [['/data/performance/rated/ratedEnergy', 'obligation.none', 'warning']],
        );
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
