// Runs the JSON Schema part of passport validation with Ajv and turns Ajv's errors into issues
// with stable codes. The schema's `x-` keywords pick the codes, so the rules live in the contract.
import type { ErrorObject } from 'ajv';
import { createAjv } from '../../../lib/ajv.js';
import { CreatePassportSchema, DPP_SCHEMA_KEYWORDS, labelFor, type SchemaNode } from '../dpp.contract.js';
import { error, isRecord, type Issue } from './issues.js';
import { escapePointer } from '../../../lib/json-pointer.js';

const ajv = createAjv({ strict: true, verbose: true, keywords: DPP_SCHEMA_KEYWORDS });
const validateCreate = ajv.compile(CreatePassportSchema);

/** A readable name for the value at a pointer: `Rated capacity`, `Symbols entry 2`. */
function nameAt(pointer: string): string {
  const tokens = pointer.split('/').slice(1);
  const last = tokens[tokens.length - 1] ?? '';
  if (!/^[0-9]+$/.test(last)) return last ? labelFor(last) : 'The passport';
  const parent = tokens[tokens.length - 2];
  return parent ? `${labelFor(parent)} entry ${Number(last) + 1}` : `Entry ${Number(last) + 1}`;
}

const FORMAT_TEXT: Record<string, string> = {
  date: 'a calendar date, YYYY-MM-DD',
  'date-time': 'an ISO 8601 date and time with time zone',
  email: 'an e-mail address',
  uri: 'an absolute URL',
};

const CODE_TEXT: Record<string, string> = {
  'charset.ai82': 'may contain only GS1 character set 82: letters, digits and ! " % & \' ( ) * + , - . / : ; < = > ? _',
  'link.https': 'must be an https:// link',
  'link.invalid': 'must be an absolute https:// URL',
  'id.format': 'must be a passport id, dpp_ followed by 26 characters',
};

function rangeMessage(schema: SchemaNode): string {
  const unit = schema['x-unit'] ? ` ${schema['x-unit']}` : '';
  switch (schema['x-range']) {
    case 'percent':
      return 'must be between 0 and 100 %';
    case 'positive':
      return `must be greater than 0${unit}`;
    default:
      return 'must not be negative';
  }
}

function toIssue(e: ErrorObject): Issue {
  const schema = (e.parentSchema ?? {}) as SchemaNode;
  const codes = schema['x-codes'] ?? {};
  const at = e.instancePath;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const path = `${at}/${escapePointer(String(p.missingProperty))}`;
      return error(path, 'required', `${nameAt(path)} is required.`);
    }
    case 'additionalProperties': {
      const path = `${at}/${escapePointer(String(p.additionalProperty))}`;
      return error(path, 'unknown_property', `"${String(p.additionalProperty)}" is not part of the passport contract.`);
    }
    case 'type': {
      const unit = schema['x-unit'];
      if (unit && schema.type === 'number' && isRecord(e.data) && 'unit' in e.data) {
        return e.data.unit === unit
          ? error(at, 'unit.plain_number', `${nameAt(at)} takes a plain number; the unit is always ${unit}.`)
          : error(
              at,
              'unit.mismatch',
              `${nameAt(at)} is expressed in ${unit}, not ${String(e.data.unit)}; give a plain number in ${unit}.`,
            );
      }
      return error(at, 'type', `${nameAt(at)} must be of type ${String(p.type)}.`);
    }
    case 'enum':
      return error(at, 'enum', `${nameAt(at)} must be one of: ${(p.allowedValues as unknown[]).join(', ')}.`);
    case 'maximum':
    case 'exclusiveMaximum':
      // Percentages name their 0–100 range; other bounded values (counts, months) their maximum.
      if (schema['x-range'] !== 'percent')
        return error(at, 'range.max', `${nameAt(at)} must be at most ${String(p.limit)}.`);
      return error(at, 'range.percent', `${nameAt(at)} ${rangeMessage(schema)}.`);
    case 'minimum':
    case 'exclusiveMinimum':
      return error(at, `range.${schema['x-range'] ?? 'bounds'}`, `${nameAt(at)} ${rangeMessage(schema)}.`);
    case 'format': {
      const code = codes.format ?? `format.${String(p.format)}`;
      const text = CODE_TEXT[code] ?? `must be ${FORMAT_TEXT[String(p.format)] ?? String(p.format)}`;
      return error(at, code, `${nameAt(at)} ${text}.`);
    }
    case 'pattern': {
      const code = codes.pattern ?? 'pattern';
      return error(at, code, `${nameAt(at)} ${CODE_TEXT[code] ?? `must match ${String(p.pattern)}`}.`);
    }
    case 'minLength':
    case 'maxLength': {
      const code = codes[e.keyword] ?? (e.keyword === 'minLength' ? 'length.min' : 'length.max');
      const bound = e.keyword === 'minLength' ? 'at least' : 'at most';
      return error(at, code, `${nameAt(at)} must have ${bound} ${String(p.limit)} characters.`);
    }
    case 'minItems':
    case 'maxItems': {
      const bound = e.keyword === 'minItems' ? 'at least' : 'at most';
      return error(
        at,
        e.keyword === 'minItems' ? 'items.min' : 'items.max',
        `${nameAt(at)} must have ${bound} ${String(p.limit)} entries.`,
      );
    }
    case 'uniqueItems':
      return error(at, 'items.unique', `${nameAt(at)} must not contain duplicates.`);
    case 'minProperties':
      return error(at, 'properties.min', `${nameAt(at)} must contain at least one value.`);
    default:
      return error(at, e.keyword, `${nameAt(at)} ${e.message ?? 'is invalid'}.`);
  }
}

// Several keywords can fail on one value ("not a URL" fails both format and ^https://); the most
// basic failure explains the value best, so only it is reported.
function mostBasic(errors: ErrorObject[]): ErrorObject[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    const own =
      e.keyword === 'required' || e.keyword === 'additionalProperties'
        ? `${e.instancePath}\u0000${e.keyword}${JSON.stringify(e.params)}`
        : e.instancePath;
    byPath.set(own, [...(byPath.get(own) ?? []), e]);
  }
  const keep: ErrorObject[] = [];
  for (const group of byPath.values()) {
    const has = (k: string) => group.some((e) => e.keyword === k);
    if (has('type')) keep.push(...group.filter((e) => e.keyword === 'type'));
    else if (has('format') || has('minLength') || has('maxLength'))
      keep.push(...group.filter((e) => e.keyword !== 'pattern'));
    else keep.push(...group);
  }
  return keep;
}

/** Schema issues for a create-passport request body. */
export function schemaIssues(input: unknown): Issue[] {
  if (validateCreate(input)) return [];
  return mostBasic(validateCreate.errors ?? []).map(toIssue);
}
