// Builders for passport attributes. Every attribute is plain JSON Schema plus a few `x-` keywords
// that the validator, the public view, the page and the docs read:
//   x-access  who may see the attribute (Annex XIII tiers); inherited by everything inside it
//   x-unit    the one unit a number is expressed in; values are plain numbers, never {value, unit}
//   x-range   which range rule applies, so a violation gets a stable issue code (range.percent …)
//   x-codes   issue codes for other Ajv keywords on that node (pattern → charset.ai82 …)
import { Type, type TOptional, type TSchema, type TSchemaOptions } from 'typebox';

export const ACCESS_LEVELS = ['public', 'legitimate_interest', 'authority'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const UNITS = {
  Ah: 'ampere-hours',
  kWh: 'kilowatt-hours',
  V: 'volts',
  W: 'watts',
  Ω: 'ohms',
  '%': 'percent',
  '°C': 'degrees Celsius',
  kg: 'kilograms',
  g: 'grams',
  'kgCO2e/kWh': 'kilograms of CO2 equivalent per kilowatt-hour',
  h: 'hours',
  months: 'months',
  years: 'years',
} as const;
export type Unit = keyof typeof UNITS;

export type RangeRule = 'percent' | 'positive' | 'non_negative';

/** The largest count (cycles, events) a passport records: far above any battery's life, and exact in every JSON reader. */
export const MAX_COUNT = 1_000_000_000;

/** Custom keywords the schemas carry; any Ajv compiling them (fastify's too) must know them. */
export const DPP_SCHEMA_KEYWORDS = ['x-access', 'x-unit', 'x-range', 'x-codes'] as const;

const RANGE: Record<RangeRule, TSchemaOptions> = {
  percent: { minimum: 0, maximum: 100 },
  positive: { exclusiveMinimum: 0 },
  non_negative: { minimum: 0 },
};

type Opts = TSchemaOptions & { description?: string };

/** A measured number in a fixed unit. */
export function measure(access: AccessLevel, unit: Unit, range: RangeRule | null, opts: Opts = {}) {
  const bounds = range ? { ...RANGE[range], 'x-range': range } : {};
  return Type.Number({ ...bounds, ...opts, 'x-unit': unit, 'x-access': access });
}

/** A percentage, 0–100. */
export const percent = (access: AccessLevel, opts: Opts = {}) => measure(access, '%', 'percent', opts);

/** A count (cycles, events). */
export function count(access: AccessLevel, opts: Opts = {}) {
  return Type.Integer({ minimum: 0, maximum: MAX_COUNT, 'x-range': 'non_negative', ...opts, 'x-access': access });
}

export function text(access: AccessLevel, opts: Opts = {}) {
  return Type.String({ minLength: 1, maxLength: 2000, ...opts, 'x-access': access });
}

/** A calendar date, YYYY-MM-DD. */
export const date = (access: AccessLevel, opts: Opts = {}) =>
  Type.String({ format: 'date', ...opts, 'x-access': access });

/** A link to a document. Passports are public records, so documents must be served over https. */
export function link(access: AccessLevel, opts: Opts = {}) {
  return Type.String({
    format: 'uri',
    pattern: '^https://',
    maxLength: 2048,
    ...opts,
    'x-access': access,
    'x-codes': { format: 'link.invalid', pattern: 'link.https' },
  });
}

export function linkList(access: AccessLevel, opts: Opts = {}) {
  return Type.Array(link(access), { maxItems: 50, ...opts, 'x-access': access });
}

/** A closed object: unknown members are rejected, so a misspelt attribute never goes unnoticed. */
export function entity<P extends Record<string, TSchema>>(properties: P, opts: Opts = {}) {
  return Type.Object(properties, { additionalProperties: false, ...opts });
}

/**
 * A group of attributes (an aspect, or performance.rated): no access level of its own, every
 * member optional, unknown members rejected. (Type.Partial would drop the options.)
 */
export function group<P extends Record<string, TSchema>>(properties: P, description: string) {
  const optional = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Type.Optional(v)]));
  return Type.Object(optional as { [K in keyof P]: TOptional<P[K]> }, { additionalProperties: false, description });
}

/**
 * A value that changes during the battery's life (state of health, cycles …), as the Battery Pass
 * model carries it: the value and when it was last measured.
 */
export function dynamic(access: AccessLevel, unit: Unit | null, range: RangeRule, opts: Opts = {}) {
  const value = unit
    ? measure(access, unit, range)
    : Type.Integer({ maximum: MAX_COUNT, ...RANGE[range], 'x-range': range, 'x-access': access });
  return Type.Object(
    { value, lastUpdate: Type.String({ format: 'date-time' }) },
    { additionalProperties: false, ...opts, 'x-access': access, ...(unit ? { 'x-unit': unit } : {}) },
  );
}
