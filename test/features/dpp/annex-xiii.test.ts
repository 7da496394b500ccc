// Annex XIII attributes added for the Battery Pass longlist: each is in the contract with its
// access level, and each audience sees exactly the attributes of its level and below.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { listAttributes } from '../../../src/features/dpp/dpp.contract.js';
import { filterData } from '../../../src/features/dpp/dpp.public-view.js';
import { fixture } from '../../support/dpp-fixtures.js';

const ADDED: [string, string][] = [
  ['generalProductInformation.putIntoService', 'legitimate_interest'],
  ['materialComposition.hazardousSubstances[].impactOfSubstances', 'public'],
  ['performance.dynamic.roundTripEfficiencyFade', 'legitimate_interest'],
  ['performance.dynamic.capacityThroughput', 'legitimate_interest'],
  ['performance.dynamic.selfDischargeHistory', 'legitimate_interest'],
  ['performance.dynamic.temperatureHistory', 'legitimate_interest'],
  ['performance.dynamic.timeExtremeHighTempCharging', 'legitimate_interest'],
  ['performance.dynamic.timeExtremeLowTempCharging', 'legitimate_interest'],
  ['performance.dynamic.timeExtremeHighTemp', 'legitimate_interest'],
  ['performance.dynamic.timeExtremeLowTemp', 'legitimate_interest'],
  ['performance.dynamic.numberOfDeepDischargeEvents', 'legitimate_interest'],
  ['performance.dynamic.numberOfOverchargeEvents', 'legitimate_interest'],
];

const at = (data: unknown, path: string): unknown =>
  path.split('.').reduce<any>((v, key) => {
    if (v === undefined) return undefined;
    if (key.endsWith('[]')) return v[key.slice(0, -2)]?.[0];
    return v[key];
  }, data);

describe('Annex XIII attributes of the longlist', () => {
  test('each is in the contract with its access level', () => {
    const byPath = new Map(listAttributes().map((a) => [a.path, a.access]));
    for (const [path, access] of ADDED) assert.equal(byPath.get(path), access, path);
  });

  for (const level of ['public', 'legitimate_interest', 'authority'] as const) {
    test(`the ${level} audience sees the added attributes of its level and below, and no others`, () => {
      const data = fixture('ev').data;
      const view = filterData(data, level);
      for (const [path, access] of ADDED) {
        const visible = level === 'authority' || access === 'public' || access === level;
        assert.notEqual(at(data, path), undefined, `fixture has ${path}`);
        if (visible) assert.deepEqual(at(view, path), at(data, path), path);
        else assert.equal(at(view, path), undefined, path);
      }
    });
  }
});
