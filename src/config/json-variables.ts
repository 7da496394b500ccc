// The two configuration variables that hold JSON, checked at start-up against TypeBox schemas
// with Ajv (the checker the routes use), so a typo stops the process with a message that names
// the variable and the field instead of surfacing later as a wrong limit or a missing header.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Type } from 'typebox';
import type { Deprecation } from '../platform/config.js';
import { PLAN_NAMES, type Plan, type PlanName } from '../platform/plans.js';
import { createAjv } from '../lib/ajv.js';
import { isoDay } from '../lib/time.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

// `x-expect` is what the error message says a value must be; Ajv's own words name JSON types.
const count = { type: 'integer', minimum: 0, 'x-expect': 'a non-negative integer' };
const countOrUnlimited = {
  ...count,
  type: ['integer', 'null'],
  'x-expect': 'a non-negative integer, or null for unlimited',
};
const PlanOverride = Type.Object(
  {
    maxWorkspaces: Type.Optional(Type.Unsafe<number | null>(countOrUnlimited)),
    maxScansPerMonth: Type.Optional(Type.Unsafe<number>(count)),
    maxDynamicCodes: Type.Optional(Type.Unsafe<number>(count)),
    requestsPerMinute: Type.Optional(Type.Unsafe<number>(count)),
    maxStorageBytes: Type.Optional(Type.Unsafe<number | null>(countOrUnlimited)),
    maxFiles: Type.Optional(Type.Unsafe<number | null>(countOrUnlimited)),
    maxLogos: Type.Optional(Type.Unsafe<number | null>(countOrUnlimited)),
  },
  { additionalProperties: false, 'x-expect': 'an object of plan limits' },
);

// A function: load-config.ts imports this module, so PLAN_NAMES is read only once both have loaded.
const plansJson = () =>
  Type.Object(Object.fromEntries(PLAN_NAMES.map((name) => [name, Type.Optional(PlanOverride)])), {
    additionalProperties: false,
    'x-expect': `an object keyed by plan: ${PLAN_NAMES.join(', ')}`,
  });

const DeprecationsJson = Type.Array(
  Type.Object(
    {
      method: Type.Unsafe<string>({
        type: 'string',
        enum: [...METHODS, ...METHODS.map((m) => m.toLowerCase())],
        'x-expect': `an HTTP method (${METHODS.join(', ')})`,
      }),
      path: Type.String({ pattern: '^/', 'x-expect': 'a route path starting with /, e.g. /v1/codes/:id' }),
      sunset: Type.String({
        format: 'sunset-date',
        'x-expect': 'a date (2027-06-30) or date-time (2027-06-30T00:00:00Z)',
      }),
      link: Type.Optional(Type.String({ format: 'uri', 'x-expect': 'an absolute URL' })),
    },
    { additionalProperties: false, 'x-expect': 'an object {method, path, sunset, link?}' },
  ),
  { 'x-expect': 'an array of {method, path, sunset, link?}' },
);

// verbose: each error carries its schema, whose `x-expect` the message quotes.
const ajv = createAjv({ verbose: true, keywords: ['x-expect'] });
ajv.addFormat(
  'sunset-date',
  (s: string) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(s) && sameDate(s),
);
let checkPlans: ValidateFunction | undefined;
const checkDeprecations = ajv.compile(DeprecationsJson);

/** Rejects dates that Date.parse rolls over (2027-02-30 → 2027-03-02). */
function sameDate(s: string): boolean {
  const day = Date.parse(s.slice(0, 10));
  return !Number.isNaN(Date.parse(s)) && !Number.isNaN(day) && isoDay(day) === s.slice(0, 10);
}

function describe(e: ErrorObject): string {
  const at = e.instancePath || '(top level)';
  const expect = (e.parentSchema as Record<string, unknown> | undefined)?.['x-expect'];
  const must = typeof expect === 'string' ? expect : e.message;
  if (e.keyword === 'additionalProperties') {
    return `${at}: unknown key "${(e.params as { additionalProperty: string }).additionalProperty}" (expected ${must})`;
  }
  if (e.keyword === 'required') return `${at}: missing "${(e.params as { missingProperty: string }).missingProperty}"`;
  return `${at}: must be ${must}, got ${JSON.stringify(e.data)}`;
}

function parse<T>(variable: string, raw: string, validate: ValidateFunction, noun: string): T {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    throw new Error(`${variable} is not valid JSON (${(err as Error).message}); it must be ${noun}`);
  }
  if (!validate(value)) {
    const problems = [...new Set((validate.errors ?? []).map(describe))];
    throw new Error(`${variable} is invalid: ${problems.join('; ')}`);
  }
  return value as T;
}

/** PLANS_JSON: per plan, the limits to override. Unknown plans and fields are refused. */
export function parsePlansJson(raw: string): Partial<Record<PlanName, Partial<Plan>>> {
  return parse(
    'PLANS_JSON',
    raw,
    (checkPlans ??= ajv.compile(plansJson())),
    'an object such as {"pro":{"maxWorkspaces":1}}',
  );
}

/** DEPRECATIONS_JSON: the deprecated routes, each with its sunset date. */
export function parseDeprecationsJson(raw: string): Deprecation[] {
  return parse<Deprecation[]>(
    'DEPRECATIONS_JSON',
    raw,
    checkDeprecations,
    'an array such as [{"method":"GET","path":"/v1/x","sunset":"2027-06-30"}]',
  );
}
