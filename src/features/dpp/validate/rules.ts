// Passport rules JSON Schema cannot express: GS1 check digits, completeness per category, value
// relations (voltages, temperatures, dates) and the legal obligation to carry a passport.
import { normalizeGtin } from '../gs1.js';
import { CATEGORIES, REQUIRED_ATTRIBUTES, labelFor, type Category } from '../dpp.contract.js';
import { error, isRecord, valueAt, warning, type Issue } from './issues.js';
import { isoDay } from '../../../lib/time.js';

const CATEGORY_NAME: Record<Category, string> = {
  ev: 'an EV battery',
  lmt: 'an LMT battery',
  industrial: 'an industrial battery',
  stationary: 'a stationary battery energy storage system',
};

// Art. 77(1): industrial batteries (stationary storage systems are industrial batteries) need a
// passport only above 2 kWh; EV and LMT batteries always.
const OBLIGATION_THRESHOLD_KWH = 2;

// Art. 77(6): a battery prepared for re-use, repurposed or remanufactured gets a new passport
// linked to the one of the original battery.
const NEEDS_PREDECESSOR = new Set(['reused', 'repurposed', 'remanufactured']);

// A calendar date is "in the future" only when it is later than today in every time zone (UTC+14).
const LATEST_ZONE_MS = 14 * 3600_000;
// Dynamic values come from battery management systems whose clocks drift a little.
const CLOCK_SKEW_MS = 5 * 60_000;

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
// A real calendar date (Date.parse would roll 2026-02-30 over to March).
function isDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
}
const isDateTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));
const isCategory = (v: unknown): v is Category => (CATEGORIES as readonly unknown[]).includes(v);

export function gtinIssues(input: Record<string, unknown>): Issue[] {
  if (typeof input.gtin !== 'string') return [];
  const result = normalizeGtin(input.gtin);
  return result.ok ? [] : [error('/gtin', result.error.code, result.error.message)];
}

/** The parent of every missing attribute must be an object or absent; otherwise Ajv already spoke. */
function containersOk(data: unknown, pointer: string): boolean {
  const tokens = pointer.split('/').slice(1, -1);
  let node: unknown = data;
  for (const token of tokens) {
    if (node === undefined) return true;
    if (!isRecord(node)) return false;
    node = node[token];
  }
  return node === undefined || isRecord(node);
}

export function requiredIssues(category: Category, data: unknown): Issue[] {
  if (data !== undefined && !isRecord(data)) return [];
  return REQUIRED_ATTRIBUTES[category]
    .filter((pointer) => valueAt(data, pointer) === undefined && containersOk(data, pointer))
    .map((pointer) => {
      const name = labelFor(pointer.slice(pointer.lastIndexOf('/') + 1));
      return error(`/data${pointer}`, 'required', `${name} is required for ${CATEGORY_NAME[category]}.`);
    });
}

export function relationIssues(data: unknown): Issue[] {
  const issues: Issue[] = [];
  const rated = valueAt(data, '/performance/rated');
  if (isRecord(rated)) {
    const { minimumVoltage: min, nominalVoltage: nom, maximumVoltage: max } = rated;
    const at = (name: string) => `/data/performance/rated/${name}`;
    if (num(min) && num(nom) && min > nom) {
      issues.push(
        error(at('minimumVoltage'), 'voltage.order', `Minimum voltage (${min} V) exceeds nominal voltage (${nom} V).`),
      );
    }
    if (num(nom) && num(max) && nom > max) {
      issues.push(
        error(at('maximumVoltage'), 'voltage.order', `Nominal voltage (${nom} V) exceeds maximum voltage (${max} V).`),
      );
    }
    if (num(min) && num(max) && min > max && !num(nom)) {
      issues.push(
        error(at('minimumVoltage'), 'voltage.order', `Minimum voltage (${min} V) exceeds maximum voltage (${max} V).`),
      );
    }
    const curve = rated.powerCapabilityAt;
    if (Array.isArray(curve)) {
      curve.forEach((point, i) => {
        const prev: unknown = curve[i - 1];
        if (i === 0 || !isRecord(point) || !isRecord(prev) || !num(point.atSoC) || !num(prev.atSoC)) return;
        if (point.atSoC <= prev.atSoC)
          issues.push(
            error(
              at(`powerCapabilityAt/${i}/atSoC`),
              'soc.order',
              `Power capability entries are listed by ascending state of charge, one per state: ${point.atSoC} % follows ${prev.atSoC} %.`,
            ),
          );
      });
    }
    const range = rated.temperatureRangeIdleState;
    if (isRecord(range) && num(range.lower) && num(range.upper) && range.lower >= range.upper) {
      issues.push(
        error(
          at('temperatureRangeIdleState/upper'),
          'temperature.order',
          `The upper idle temperature (${range.upper} °C) must be above the lower one (${range.lower} °C).`,
        ),
      );
    }
  }
  return issues;
}

export function dateIssues(data: unknown, now: Date): Issue[] {
  const issues: Issue[] = [];
  const latestToday = isoDay(now.getTime() + LATEST_ZONE_MS);
  const made = valueAt(data, '/generalProductInformation/manufacturingDate');
  const inService = valueAt(data, '/generalProductInformation/putIntoService');
  const at = (name: string) => `/data/generalProductInformation/${name}`;
  if (isDate(made) && made > latestToday) {
    issues.push(error(at('manufacturingDate'), 'date.future', `The manufacturing date ${made} is in the future.`));
  }
  if (isDate(inService) && inService > latestToday) {
    issues.push(
      error(at('putIntoService'), 'date.future', `The date of putting into service ${inService} is in the future.`),
    );
  }
  if (isDate(made) && isDate(inService) && inService < made) {
    issues.push(
      error(
        at('putIntoService'),
        'date.order',
        `The battery cannot be put into service (${inService}) before it was made (${made}).`,
      ),
    );
  }
  const dynamic = valueAt(data, '/performance/dynamic');
  if (isRecord(dynamic)) {
    const latest = now.getTime() + CLOCK_SKEW_MS;
    const check = (pointer: string, value: unknown) => {
      if (isDateTime(value) && Date.parse(value) > latest) {
        issues.push(error(pointer, 'date.future', `${value} is in the future.`));
      }
    };
    for (const [name, entry] of Object.entries(dynamic)) {
      if (Array.isArray(entry)) {
        entry.forEach(
          (item, i) => isRecord(item) && check(`/data/performance/dynamic/${name}/${i}/lastUpdate`, item.lastUpdate),
        );
      } else if (isRecord(entry)) {
        check(`/data/performance/dynamic/${name}/lastUpdate`, entry.lastUpdate);
      }
    }
  }
  return issues;
}

/** Whether Art. 77 requires a passport for this battery; null when the rated energy is unknown. */
export function obligation(category: Category, data: unknown): { obligation: boolean | null; issues: Issue[] } {
  if (category === 'ev' || category === 'lmt') return { obligation: true, issues: [] };
  const energy = valueAt(data, '/performance/rated/ratedEnergy');
  if (!num(energy)) return { obligation: null, issues: [] };
  if (energy > OBLIGATION_THRESHOLD_KWH) return { obligation: true, issues: [] };
  return {
    obligation: false,
    issues: [
      warning(
        '/data/performance/rated/ratedEnergy',
        'obligation.none',
        `Industrial batteries of ${OBLIGATION_THRESHOLD_KWH} kWh or less need no battery passport (Art. 77(1)); publishing one is voluntary.`,
      ),
    ],
  };
}

export function lifecycleIssues(input: Record<string, unknown>): Issue[] {
  const status = input.battery_status;
  if (typeof status === 'string' && NEEDS_PREDECESSOR.has(status) && input.predecessor_id === undefined) {
    return [
      warning(
        '/predecessor_id',
        'predecessor.missing',
        `A ${status} battery should link to the passport of the original battery (Art. 77(6)).`,
      ),
    ];
  }
  return [];
}

export { isCategory };
