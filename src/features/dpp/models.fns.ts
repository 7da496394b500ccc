// Model passports (the GTIN level): the API object, the model page's address, and the model rules
// on top of the passport validator: public attributes only, and the model named.
import type { Selectable } from 'kysely';
import { PassportDataSchema, type Category, type PassportData, type SchemaNode } from './dpp.contract.js';
import { REQUIRED_ATTRIBUTES } from './contract/required.js';
import { validatePassport, type Issue, type ValidationResult } from './dpp.validate.js';
import type { DppModelsTable } from './models.table.js';
import type { PublicationStatus } from './dpp.contract.js';

export type ModelRow = Selectable<DppModelsTable>;

export interface Model {
  id: string;
  workspace_id: string;
  gtin: string;
  category: Category;
  publication_status: PublicationStatus;
  digital_link: string;
  public_url: string;
  version: number;
  data: PassportData;
  created_at: string;
  updated_at: string;
}

const trim = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

export function toModel(row: ModelRow, baseUrl: string): Model {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    gtin: row.gtin,
    category: row.category,
    publication_status: row.publication_status,
    digital_link: `${trim(baseUrl)}/01/${row.gtin}`,
    public_url: `${trim(baseUrl)}/dpp/${row.gtin}`,
    version: row.version,
    data: JSON.parse(row.data) as PassportData,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Attributes a model passport must name: the model and its manufacturer, the heading of its page. */
const MODEL_REQUIRED = [
  ['generalProductInformation', 'batteryModel'],
  ['generalProductInformation', 'manufacturerInformation'],
] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Pointers of attributes in `data` that are not public: a model page is read by everyone. */
function restrictedIssues(schema: SchemaNode, value: unknown, pointer: string): Issue[] {
  if (!isRecord(value)) return [];
  const out: Issue[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    if (!Object.hasOwn(value, key)) continue;
    const at = `${pointer}/${key}`;
    const access = child['x-access'];
    if (access && access !== 'public')
      out.push({
        path: at,
        code: 'access.not_public',
        message: `${key} is ${access.replace('_', ' ')} data of the individual battery; a model passport holds public data only`,
        severity: 'error',
      });
    else if (!access && child.type === 'object') out.push(...restrictedIssues(child, value[key], at));
  }
  return out;
}

/**
 * A model passport body `{gtin, category, data}` judged by the passport validator (every value
 * rule applies) with a stand-in serial. Completeness is the battery passport's business (a
 * battery passport extends its model's), so only the model's name and manufacturer are required;
 * restricted attributes are refused.
 */
export function validateModel(input: unknown, now: Date): ValidationResult {
  const body = isRecord(input) ? input : {};
  const asPassport = { ...body, serial: 'MODEL' };
  const result = validatePassport(asPassport, { now });
  const data = isRecord(body.data) ? body.data : {};
  // The category's completeness rules are the battery passport's; a member an object needs stays required.
  const categoryRequired = new Set(
    Object.values(REQUIRED_ATTRIBUTES)
      .flat()
      .map((pointer) => `/data${pointer}`),
  );
  const keep = (i: Issue) =>
    !(i.code === 'required' && categoryRequired.has(i.path)) &&
    !i.path.startsWith('/serial') &&
    i.code !== 'obligation.none';
  const errors = result.errors.filter(keep);
  if (isRecord(body.data)) {
    errors.push(...restrictedIssues(PassportDataSchema as unknown as SchemaNode, data, '/data'));
    for (const [aspect, attr] of MODEL_REQUIRED) {
      const group = data[aspect];
      if (!isRecord(group) || group[attr] === undefined)
        errors.push({
          path: `/data/${aspect}/${attr}`,
          code: 'required',
          message: `${attr} is required`,
          severity: 'error',
        });
    }
  }
  errors.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const warnings = result.warnings.filter(keep);
  return {
    valid: errors.length === 0,
    errors,
    warnings,
    summary: { ...result.summary, errors: errors.length, warnings: warnings.length },
  };
}
