// What a viewer may see of a passport. Annex XIII splits the content into tiers; the filter is
// driven by the schema's `x-access` and is a whitelist: members the schema does not know, values
// of the wrong shape and members without an access level are dropped, never passed through.
import {
  ACCESS_LEVELS,
  PassportDataSchema,
  type AccessLevel,
  type BatteryStatus,
  type Category,
  type Passport,
  type PassportData,
  type SchemaNode,
} from './dpp.contract.js';

/** True when a viewer at `viewer` level may see an attribute with access level `attribute`. */
export function canSee(viewer: AccessLevel, attribute: AccessLevel): boolean {
  return ACCESS_LEVELS.indexOf(viewer) >= ACCESS_LEVELS.indexOf(attribute);
}

/**
 * Access levels of the envelope. The battery status is individual-battery information that
 * Annex XIII 4(c) reserves to persons with a legitimate interest; the predecessor link reveals
 * the same. Internal fields (id, workspace, publication state) are never part of a view.
 */
export const ENVELOPE_ACCESS = {
  gtin: 'public',
  serial: 'public',
  lot: 'public',
  unique_identifier: 'public',
  category: 'public',
  digital_link: 'public',
  public_url: 'public',
  version: 'public',
  updated_at: 'public',
  battery_status: 'legitimate_interest',
  predecessor_id: 'legitimate_interest',
} as const satisfies Record<string, AccessLevel>;

export interface PassportView {
  access_level: AccessLevel;
  gtin: string;
  serial: string;
  lot: string | null;
  /** Art. 77(3); a model passport (the GTIN level) has none */
  unique_identifier?: string;
  category: Category;
  digital_link: string;
  public_url: string;
  version: number;
  updated_at: string;
  battery_status?: BatteryStatus;
  predecessor_id?: string | null;
  data: PassportData;
}

const OMIT = Symbol('omit');
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function filterNode(schema: SchemaNode, value: unknown, level: AccessLevel, inherited: AccessLevel | null): unknown {
  const access = schema['x-access'] ?? inherited;
  if (access && !canSee(level, access)) return OMIT;
  if (schema.type === 'object') {
    if (!isRecord(value)) return OMIT;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      if (!Object.hasOwn(value, key)) continue;
      const kept = filterNode(child, value[key], level, access);
      if (kept !== OMIT) out[key] = kept;
    }
    // An aspect or group left empty says nothing; drop it rather than show an empty heading.
    return access === null && Object.keys(out).length === 0 ? OMIT : out;
  }
  if (schema.type === 'array') {
    if (!Array.isArray(value) || !schema.items) return OMIT;
    const items = schema.items;
    return value.map((item) => filterNode(items, item, level, access)).filter((item) => item !== OMIT);
  }
  // A leaf: only primitives, and only inside an attribute that has an access level (fail closed).
  if (access === null || value === null || typeof value === 'object' || value === undefined) return OMIT;
  return value;
}

/** A deep copy of `data` holding only what a viewer at `level` may see. */
export function filterData(data: unknown, level: AccessLevel): PassportData {
  const kept = filterNode(PassportDataSchema as unknown as SchemaNode, data, level, null);
  return (kept === OMIT ? {} : kept) as PassportData;
}

/** The passport as a viewer at `level` may see it: whitelisted envelope fields and filtered data. */
export function publicView(passport: Passport, level: AccessLevel): PassportView {
  const view: PassportView = {
    access_level: level,
    gtin: passport.gtin,
    serial: passport.serial,
    lot: passport.lot,
    category: passport.category,
    digital_link: passport.digital_link,
    public_url: passport.public_url,
    version: passport.version,
    updated_at: passport.updated_at,
    data: filterData(passport.data, level),
  };
  if (passport.serial) view.unique_identifier = passport.unique_identifier;
  if (canSee(level, ENVELOPE_ACCESS.battery_status)) view.battery_status = passport.battery_status;
  if (canSee(level, ENVELOPE_ACCESS.predecessor_id)) view.predecessor_id = passport.predecessor_id;
  return view;
}
