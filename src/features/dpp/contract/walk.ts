// Reads the `x-` annotations back out of the schema, so docs, page, public view and validator
// share one description of every attribute instead of keeping their own lists.
import type { AccessLevel, RangeRule, Unit } from './attr.js';
import { CATEGORIES, REQUIRED_ATTRIBUTES, type Category } from './required.js';

/** The subset of JSON Schema the passport contract uses. */
export interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  enum?: unknown[];
  format?: string;
  description?: string;
  'x-access'?: AccessLevel;
  'x-unit'?: Unit;
  'x-range'?: RangeRule;
  'x-codes'?: Record<string, string>;
  [keyword: string]: unknown;
}

export interface AttributeInfo {
  /** Dotted path inside `data`; array items appear as `[]`: `circularity.sparePartSources[].components`. */
  path: string;
  /** JSON pointer inside `data` for attributes; nested members of array items use `*` for the index. */
  pointer: string;
  aspect: string;
  name: string;
  label: string;
  unit: Unit | null;
  access: AccessLevel;
  type: string;
  /** JSON Schema format of a string (uri, date, date-time, email), if any. */
  format: string | null;
  /** Range rule of a number: percent (0–100), positive (> 0), non_negative (≥ 0). */
  range: RangeRule | null;
  description: string | null;
  /** False for an attribute (the node carrying `x-access`), true for a member inside one. */
  nested: boolean;
  requiredFor: Category[];
}

const LABELS: Record<string, string> = {
  cRate: 'C-rate',
  casNumber: 'CAS number',
  mimeType: 'MIME type',
  imageUrl: 'Image URL',
  documentUrl: 'Document URL',
  addressCountry: 'Country',
  addressLocality: 'Town or city',
  roundTripEfficiencyAt50PercentCycleLife: 'Round trip efficiency at 50 % of cycle life',
  resultOfTestReport: 'Results of test reports',
  emailAddressOfSupplier: 'E-mail address of supplier',
  email: 'E-mail',
  value: 'Value',
  rated: 'Rated values',
  performance: 'Performance and durability',
  preConsumer: 'Pre-consumer',
  postConsumer: 'Post-consumer',
  expectedLifetimeCycles: 'Expected lifetime (cycles)',
  expectedLifetimeYears: 'Expected lifetime',
  temperatureRangeIdleState: 'Temperature range in idle state',
  putIntoService: 'Date put into service',
  dynamic: 'Measured during use',
};

/** A readable English label from a camelCase attribute name: `ratedCapacity` → `Rated capacity`. */
export function labelFor(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2');
  const lower = words.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

function schemaType(node: SchemaNode): string {
  if (node.type) return node.type;
  if (node.enum) return 'enum';
  return 'unknown';
}

/** Every attribute and every member inside one, depth first, in schema order. */
export function collectAttributes(dataSchema: SchemaNode): AttributeInfo[] {
  const out: AttributeInfo[] = [];
  const requiredFor = (pointer: string) => CATEGORIES.filter((c) => REQUIRED_ATTRIBUTES[c].includes(pointer));

  const visit = (node: SchemaNode, name: string, path: string, pointer: string, inherited: AccessLevel | null) => {
    const own = node['x-access'];
    const access = own ?? inherited;
    if (access) {
      out.push({
        path,
        pointer,
        aspect: path.split('.')[0],
        name,
        label: labelFor(name),
        unit: node['x-unit'] ?? null,
        access,
        type: schemaType(node),
        format: node.format ?? null,
        range: node['x-range'] ?? null,
        description: node.description ?? null,
        nested: inherited !== null,
        requiredFor: inherited === null ? requiredFor(pointer) : [],
      });
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      visit(child, key, `${path}.${key}`, `${pointer}/${key}`, access);
    }
    if (node.items?.properties) {
      for (const [key, child] of Object.entries(node.items.properties)) {
        visit(child, key, `${path}[].${key}`, `${pointer}/*/${key}`, access);
      }
    }
  };

  for (const [aspectName, aspectSchema] of Object.entries(dataSchema.properties ?? {})) {
    for (const [key, child] of Object.entries(aspectSchema.properties ?? {})) {
      if (child['x-access']) visit(child, key, `${aspectName}.${key}`, `/${aspectName}/${key}`, null);
      else {
        // a group inside an aspect (performance.rated, performance.dynamic)
        for (const [inner, grandchild] of Object.entries(child.properties ?? {})) {
          visit(grandchild, inner, `${aspectName}.${key}.${inner}`, `/${aspectName}/${key}/${inner}`, null);
        }
      }
    }
  }
  return out;
}
