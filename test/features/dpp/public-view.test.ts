import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PassportDataSchema, type AccessLevel, type SchemaNode } from '../../../src/features/dpp/dpp.contract.js';
import { canSee, filterData, publicView } from '../../../src/features/dpp/dpp.public-view.js';
import { renderPassportPage } from '../../../src/features/dpp/dpp.page.js';
import { FIXTURES, storedPassport, type FixtureName } from '../../support/dpp-fixtures.js';

/**
 * Replaces every string and number inside attributes of `restricted` access with a unique marker
 * (`SECRET-authority-7`, 9_000_007), so a leak shows up as the marker in the output.
 */
function markRestricted(data: unknown) {
  const markers: Record<AccessLevel, (string | number)[]> = { public: [], legitimate_interest: [], authority: [] };
  let n = 0;
  const walk = (schema: SchemaNode, value: unknown, access: AccessLevel | null): unknown => {
    const level = schema['x-access'] ?? access;
    if (Array.isArray(value)) return value.map((v) => walk(schema.items ?? {}, v, level));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = walk(schema.properties?.[k] ?? {}, v, level);
      return out;
    }
    if (level === null || level === 'public') return value;
    if (schema.enum || schema.format === 'date-time') return value; // kept valid; shape is not secret
    n++;
    const marker = typeof value === 'number' ? 9_000_000 + n : `SECRET-${level}-${n}`;
    markers[level].push(marker);
    return marker;
  };
  const marked = walk(PassportDataSchema as unknown as SchemaNode, data, null);
  return { marked, markers };
}

/** Every string and number anywhere in a JSON value. */
function leaves(value: unknown, out: (string | number)[] = []): (string | number)[] {
  if (Array.isArray(value)) value.forEach((v) => leaves(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => leaves(v, out));
  else if (typeof value === 'string' || typeof value === 'number') out.push(value);
  return out;
}

function markedPassport(name: FixtureName) {
  const passport = storedPassport(name);
  const { marked, markers } = markRestricted(passport.data);
  passport.data = marked as typeof passport.data;
  return { passport, markers };
}

describe('access levels', () => {
  test('authority ⊇ legitimate interest ⊇ public', () => {
    assert.equal(canSee('public', 'public'), true);
    assert.equal(canSee('public', 'legitimate_interest'), false);
    assert.equal(canSee('public', 'authority'), false);
    assert.equal(canSee('legitimate_interest', 'legitimate_interest'), true);
    assert.equal(canSee('legitimate_interest', 'authority'), false);
    assert.equal(canSee('authority', 'legitimate_interest'), true);
    assert.equal(canSee('authority', 'authority'), true);
  });
});

describe('public view never leaks restricted values', () => {
  for (const name of FIXTURES) {
    test(`${name}: the fixture has restricted values of both tiers`, () => {
      const { markers } = markedPassport(name);
      assert.ok(markers.legitimate_interest.length >= 5);
      assert.ok(markers.authority.length >= 1);
    });

    test(`${name}: a public viewer sees none of them, in the JSON or on the page`, () => {
      const { passport, markers } = markedPassport(name);
      const view = publicView(passport, 'public');
      const seen = new Set(leaves(view));
      const html = renderPassportPage(view);
      for (const marker of [...markers.legitimate_interest, ...markers.authority]) {
        assert.ok(!seen.has(marker), `leaked ${marker}`);
        assert.ok(!html.includes(String(marker)), `page leaked ${marker}`);
      }
      assert.equal(view.battery_status, undefined);
      assert.equal('predecessor_id' in view, false);
    });

    test(`${name}: a legitimate-interest viewer sees their tier but no authority values`, () => {
      const { passport, markers } = markedPassport(name);
      const view = publicView(passport, 'legitimate_interest');
      const seen = new Set(leaves(view));
      for (const marker of markers.legitimate_interest) assert.ok(seen.has(marker), `missing ${marker}`);
      for (const marker of markers.authority) assert.ok(!seen.has(marker), `leaked ${marker}`);
      assert.equal(view.battery_status, 'original');
    });

    test(`${name}: an authority sees everything`, () => {
      const { passport } = markedPassport(name);
      const view = publicView(passport, 'authority');
      assert.deepEqual(view.data, passport.data);
    });

    test(`${name}: the public view keeps every public value`, () => {
      const passport = storedPassport(name);
      const view = publicView(passport, 'public');
      assert.equal(
        view.data.generalProductInformation?.batteryModel,
        passport.data.generalProductInformation?.batteryModel,
      );
      assert.deepEqual(
        view.data.performance?.rated?.temperatureRangeIdleState,
        passport.data.performance?.rated?.temperatureRangeIdleState,
      );
      assert.equal(view.data.labels?.resultOfTestReport, undefined);
      assert.equal(view.data.materialComposition?.batteryMaterials, undefined);
      assert.equal(view.data.performance?.dynamic, undefined);
    });
  }

  test('internal envelope fields never appear in a view', () => {
    const view = publicView(storedPassport('ev'), 'authority');
    for (const key of ['id', 'workspace_id', 'publication_status', 'created_at']) assert.equal(key in view, false, key);
  });

  test('the view is a deep copy', () => {
    const passport = storedPassport('ev');
    const view = publicView(passport, 'authority');
    view.data.performance!.rated!.ratedCapacity = 1;
    assert.equal(passport.data.performance!.rated!.ratedCapacity, 216);
  });

  test('members the schema does not know are dropped, even for authorities', () => {
    const data = storedPassport('ev').data as Record<string, any>;
    data.generalProductInformation.internalNote = 'SECRET-note';
    data.performance.dynamic.stateOfHealth.rawBmsDump = 'SECRET-bms';
    data.unknownAspect = { x: 'SECRET-aspect' };
    const json = JSON.stringify(filterData(data, 'authority'));
    assert.ok(!json.includes('SECRET'), json);
  });

  test('a restricted attribute stored in the wrong shape is dropped, not passed through', () => {
    const data = storedPassport('ev').data as Record<string, any>;
    data.circularity.safetyMeasures = 'SECRET-as-a-string';
    data.materialComposition.batteryMaterials = { cathode: 'SECRET-as-object' };
    for (const level of ['public', 'legitimate_interest'] as const) {
      assert.ok(!JSON.stringify(filterData(data, level)).includes('SECRET'), level);
    }
  });
});
