import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ACCESS_LEVELS,
  CATEGORIES,
  CreatePassportSchema,
  PassportDataSchema,
  PassportSchema,
  REQUIRED_ATTRIBUTES,
  UNITS,
  applyMergePatch,
  labelFor,
  listAttributes,
  schemaAt,
} from '../../../src/features/dpp/dpp.contract.js';

const attributes = listAttributes();

describe('passport contract', () => {
  test('is plain JSON Schema: it survives a JSON round trip unchanged', () => {
    for (const schema of [PassportDataSchema, CreatePassportSchema, PassportSchema]) {
      assert.deepEqual(JSON.parse(JSON.stringify(schema)), { ...schema });
    }
  });

  test('has the seven Battery Pass aspects', () => {
    assert.deepEqual(Object.keys(PassportDataSchema.properties), [
      'generalProductInformation',
      'carbonFootprint',
      'supplyChainDueDiligence',
      'materialComposition',
      'circularity',
      'performance',
      'labels',
    ]);
  });

  test('every attribute has a known access level and unit', () => {
    assert.ok(attributes.length > 50);
    for (const a of attributes) {
      assert.ok(ACCESS_LEVELS.includes(a.access), a.path);
      assert.ok(a.unit === null || a.unit in UNITS, a.path);
    }
  });

  test('every measured number has a unit, except counts and the C-rate', () => {
    const unitless = attributes.filter((a) => a.type === 'number' && a.unit === null).map((a) => a.path);
    assert.deepEqual(unitless, ['performance.rated.cRate']);
  });

  test('attribute names are camelCase', () => {
    for (const a of attributes) assert.match(a.name, /^[a-z][A-Za-z0-9]*$/, a.path);
  });

  test('every required attribute exists in the schema and is a top-level attribute', () => {
    for (const category of CATEGORIES) {
      for (const pointer of REQUIRED_ATTRIBUTES[category]) {
        const node = schemaAt(pointer);
        assert.ok(node, `${category}: ${pointer} not in schema`);
        assert.ok(node['x-access'], `${category}: ${pointer} has no access level`);
        const info = attributes.find((a) => a.pointer === pointer);
        assert.ok(info?.requiredFor.includes(category), `${pointer} not listed as required for ${category}`);
      }
    }
  });

  test('Annex XIII tiers: the restricted attributes are where the regulation puts them', () => {
    const access = (path: string) => attributes.find((a) => a.path === path)?.access;
    assert.equal(access('materialComposition.batteryMaterials'), 'legitimate_interest');
    assert.equal(access('circularity.dismantlingInformation'), 'legitimate_interest');
    assert.equal(access('circularity.sparePartSources'), 'legitimate_interest');
    assert.equal(access('circularity.safetyMeasures'), 'legitimate_interest');
    assert.equal(access('performance.dynamic.stateOfHealth'), 'legitimate_interest');
    assert.equal(access('performance.dynamic.negativeEvents'), 'legitimate_interest');
    assert.equal(access('labels.resultOfTestReport'), 'authority');
    assert.equal(access('performance.rated.ratedCapacity'), 'public');
    assert.equal(access('carbonFootprint.batteryCarbonFootprint'), 'public');
    assert.equal(access('materialComposition.hazardousSubstances'), 'public');
  });

  test('members inside an attribute inherit its access level', () => {
    const inner = attributes.filter((a) => a.path.startsWith('circularity.sparePartSources['));
    assert.ok(inner.length > 3);
    for (const a of inner) {
      assert.equal(a.access, 'legitimate_interest');
      assert.equal(a.nested, true);
    }
  });

  test('labels derive from attribute names', () => {
    assert.equal(labelFor('ratedCapacity'), 'Rated capacity');
    assert.equal(labelFor('stateOfHealth'), 'State of health');
    assert.equal(labelFor('batteryCarbonFootprint'), 'Battery carbon footprint');
    assert.equal(labelFor('cRate'), 'C-rate');
  });
});

describe('JSON merge patch of data (RFC 7396)', () => {
  const stored = {
    performance: {
      rated: { ratedCapacity: 216, ratedEnergy: 77 },
      dynamic: { stateOfHealth: { value: 99, lastUpdate: 'a' } },
    },
    labels: { symbols: [1, 2] },
  };

  test('merges objects, replaces arrays and scalars, removes on null', () => {
    const patched = applyMergePatch(stored, {
      performance: { rated: { ratedEnergy: 76.5 }, dynamic: { stateOfHealth: { value: 97, lastUpdate: 'b' } } },
      labels: { symbols: [3] },
      carbonFootprint: { batteryCarbonFootprint: 60 },
    });
    assert.deepEqual(patched, {
      performance: {
        rated: { ratedCapacity: 216, ratedEnergy: 76.5 },
        dynamic: { stateOfHealth: { value: 97, lastUpdate: 'b' } },
      },
      labels: { symbols: [3] },
      carbonFootprint: { batteryCarbonFootprint: 60 },
    });
    assert.deepEqual(applyMergePatch(stored, { performance: { dynamic: null } }), {
      performance: { rated: { ratedCapacity: 216, ratedEnergy: 77 } },
      labels: { symbols: [1, 2] },
    });
  });

  test('never mutates the stored data', () => {
    const before = structuredClone(stored);
    applyMergePatch(stored, { performance: { rated: { ratedCapacity: null } } });
    assert.deepEqual(stored, before);
  });
});
