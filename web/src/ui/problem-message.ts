// The one function from an API problem document to words for people, in the chosen language
// (docs/decisions.md D35): a title per problem type, a sentence per type, and a sentence per error
// `code` naming the field by its own label. The server's English `detail` is never the message:
// it can hold a regular expression or a JSON pointer.
import type { Problem } from '../api/client.js';
import type { MessageKey } from '../i18n/en.js';
import { RATIO_DIGITS, type Formatters } from '../i18n/format.js';
import { problemsEn } from '../i18n/problems.en.js';
import { planName } from './plan-name.js';

export interface FieldProblem {
  pointer: string;
  detail: string;
  code: string;
}

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;
export interface MessageTools {
  t: Translate;
  fmt: Formatters;
  lang: string;
}

const k = (s: string) => `problem.code.${s}` as MessageKey;

/** Every `code` the API emits, to its message. test/web/problem-codes.test.ts keeps it complete. */
export const CODE_MESSAGES: Record<string, MessageKey> = {
  // Schema validation (Ajv keywords, docs/decisions.md D3) and their passport-contract twins.
  required: k('required'),
  dependentRequired: k('required'),
  unknown_field: k('unknown_field'),
  unknown_property: k('unknown_field'),
  additionalProperties: k('unknown_field'),
  type: k('type'),
  enum: k('choice'),
  const: k('choice'),
  anyOf: k('choice'),
  oneOf: k('choice'),
  pattern: k('pattern'),
  format: k('format'),
  minLength: k('minLength'),
  'length.min': k('minLength'),
  maxLength: k('maxLength'),
  'length.max': k('maxLength'),
  minimum: k('minimum'),
  maximum: k('maximum'),
  'range.max': k('maximum'),
  exclusiveMinimum: k('exclusiveMinimum'),
  exclusiveMaximum: k('exclusiveMaximum'),
  multipleOf: k('multipleOf'),
  minItems: k('minItems'),
  'items.min': k('minItems'),
  maxItems: k('maxItems'),
  'items.max': k('maxItems'),
  uniqueItems: k('unique'),
  'items.unique': k('unique'),
  duplicate: k('unique'),
  endpoint_exists: 'words.problem.endpointExists',
  minProperties: k('minProperties'),
  'properties.min': k('minProperties'),
  maxProperties: k('maxProperties'),
  propertyNames: k('invalid'),
  contains: k('invalid'),
  not: k('invalid'),
  invalid: k('invalid'),
  range: k('range'),
  number_range: k('range'),
  // Rules of the services.
  taken: k('taken'),
  reserved: k('reserved'),
  contrast: k('contrast'),
  inverted: k('inverted'),
  capacity: k('capacity'),
  logo_too_large: k('logo_too_large'),
  not_allowed: k('not_allowed'),
  dynamic_only: k('dynamic_only'),
  static_only: k('static_only'),
  url: k('format.url'),
  invalid_url: k('format.url'),
  'link.invalid': k('format.url'),
  url_scheme: k('url_scheme'),
  url_credentials: k('url_credentials'),
  url_loop: k('url_loop'),
  https_required: k('https_required'),
  'link.https': k('https_required'),
  private_address: k('private_address'),
  unresolvable: k('unresolvable'),
  hostname: k('hostname'),
  dns_txt_missing: k('dns_txt_missing'),
  empty: k('empty'),
  too_large: k('too_large'),
  maxBytes: k('too_large'),
  too_small: k('too_small'),
  too_many: k('too_many'),
  type_mismatch: k('file_type'),
  svg: k('file_unreadable'),
  svg_size: k('file_unreadable'),
  png: k('file_unreadable'),
  base64: k('file_unreadable'),
  dimensions: k('dimensions'),
  too_complex: k('too_complex'),
  not_found: k('not_found'),
  unknown_file: k('not_found'),
  unknown_folder: k('not_found'),
  unknown_code: k('not_found'),
  nesting: k('nesting'),
  filters: k('exclusive'),
  exclusive: k('exclusive'),
  transition: k('transition'),
  in_past: k('in_past'),
  future: k('future'),
  max: k('max_ahead'),
  'date.future': k('date_future'),
  cursor: k('cursor'),
  dimension: k('dimension'),
  time_zone: k('time_zone'),
  timezone: k('time_zone'),
  unknown_tag: k('unknown_tag'),
  click_id: k('click_id'),
  no_user: k('no_user'),
  plan_not_for_sale: k('plan_not_for_sale'),
  owned_elsewhere: k('owned_elsewhere'),
  not_yours: k('not_yours'),
  has_members: k('has_members'),
  immutable: k('immutable'),
  mismatch: k('mismatch'),
  unchanged: k('unchanged'),
  invalid_token: k('token_invalid'),
  expired_token: k('token_expired'),
  used_token: k('token_used'),
  unknown_event_type: k('unknown_event_type'),
  invalid_string: k('invalid_string'),
  common_password: k('common_password'),
  issuer_refused: k('issuer_refused'),
  issuer_unreachable: k('issuer_unreachable'),
  sso_not_proven: k('sso_not_proven'),
  unknown_workspace: k('not_found'),
  repetitive: k('repetitive'),
  contains_email: k('contains_email'),
  'gtin.format': k('gtin'),
  'gtin.length': k('gtin'),
  'gtin.check_digit': k('gtin_check_digit'),
  'gs1.prefix_unverified': k('prefix_unverified'),
  'access.not_public': k('not_public'),
  'unit.plain_number': k('unit_plain'),
  'unit.mismatch': k('unit_mismatch'),
  'voltage.order': k('voltage_order'),
  'soc.order': k('order'),
  'temperature.order': k('order'),
  'date.order': k('order'),
  'charset.ai82': k('charset'),
  'id.format': k('passport_id'),
  'obligation.none': k('obligation_none'),
  'predecessor.missing': k('predecessor_missing'),
};

/** Codes built from a prefix and a schema's value (`range.positive`, `format.date`, `dl.order`). */
export const CODE_FAMILIES: Record<string, MessageKey> = {
  'range.': k('range'),
  'format.': k('format'),
  'dl.': k('digital_link'),
};

/** The message key of a code; an unknown code still gets a sentence, never the server's words. */
export function codeKey(code: string): MessageKey {
  const exact = CODE_MESSAGES[code];
  if (exact) return exact;
  const family = Object.keys(CODE_FAMILIES).find((p) => code.startsWith(p));
  return family ? CODE_FAMILIES[family] : k('invalid');
}

export function isKnownCode(code: string): boolean {
  return code in CODE_MESSAGES || Object.keys(CODE_FAMILIES).some((p) => code.startsWith(p));
}

// The API's patterns people meet, by what they ask for; any other pattern gets the general sentence.
const PATTERN_KINDS: [RegExp, string][] = [
  [/#\[0-9A-Fa-f\]\{6\}/, 'color'],
  [/^\^\[a-z0-9-\]\+\$$/, 'slug'],
  [/^\^\[A-Z\]\{2\}\$$/, 'country'],
  [/\[01\]\[0-9\]\|2\[0-3\]/, 'time'],
  [/^\^\[(a-z|A-Za-z)\]\{2,3\}\(-/, 'locale'],
  [/^\^\[0-9\]\{[0-9,]+\}\$$/, 'digits'],
  [/^\\S$/, 'blank'],
];
const FORMAT_KINDS: Record<string, string> = {
  email: 'email',
  uri: 'url',
  url: 'url',
  'uri-reference': 'url',
  date: 'date',
  'date-time': 'date-time',
  uuid: 'id',
};

function patternKey(detail: string): MessageKey {
  const pattern = /pattern "(.*)"$/.exec(detail)?.[1];
  const kind = pattern ? PATTERN_KINDS.find(([re]) => re.test(pattern))?.[1] : undefined;
  return kind ? k(`pattern.${kind}`) : k('pattern');
}

function formatKey(code: string, detail: string): MessageKey {
  const name = code.startsWith('format.') ? code.slice(7) : /format "(.*)"/.exec(detail)?.[1];
  if (name === 'hostname') return k('hostname');
  const kind = name ? FORMAT_KINDS[name] : undefined;
  return kind ? k(`format.${kind}`) : k('format');
}

const lastNumber = (s: string) => {
  const all = s.match(/-?\d+(?:\.\d+)?/g);
  return all ? Number(all[all.length - 1]) : undefined;
};

/** The field's name as a sentence can carry it: the form's label, else a known one, else "This value". */
export function fieldName(pointer: string, t: Translate, label?: string): string {
  const tokens = pointer.split('/').filter((s) => s && !/^[0-9]+$/.test(s));
  const known = label ?? knownLabel(tokens[tokens.length - 1], t);
  return known ? t('problem.field.quoted', { label: known }) : t('problem.field.unknown');
}

function knownLabel(token: string | undefined, t: Translate): string | undefined {
  const key = `problem.field.${token}`;
  return token && key in problemsEn ? t(key as MessageKey) : undefined;
}

const MEDIA_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/svg+xml': 'SVG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
  'text/csv': 'CSV',
};

/**
 * A choice among media types (a file of the wrong kind): the kinds accepted, by name, from the
 * server's "must be one of: image/png, image/svg+xml". Other choices have no words for their values.
 */
function fileKinds(e: FieldProblem, lang: string): string | null {
  if (e.code !== 'enum') return null;
  const values = /one of: (.+)$/.exec(e.detail)?.[1].split(', ');
  if (!values?.length || !values.every((v) => /^[a-z]+\/[\w.+-]+$/.test(v))) return null;
  const names = values.map((v) => MEDIA_NAMES[v] ?? v.split('/')[1].toUpperCase());
  return new Intl.ListFormat(lang, { type: 'disjunction' }).format(names);
}

/** One error of a problem as a sentence: per `code`, naming the field, with its numbers. */
export function fieldMessage(e: FieldProblem, tools: MessageTools, label?: string): string {
  const { t, fmt } = tools;
  const kinds = fileKinds(e, tools.lang);
  if (kinds) return t('words.problem.fileKind', { field: fieldName(e.pointer, t, label), types: kinds });
  let key = codeKey(e.code);
  if (key === k('pattern')) key = patternKey(e.detail);
  if (key === k('format')) key = formatKey(e.code, e.detail);
  const vars: Record<string, string | number> = { field: fieldName(e.pointer, t, label) };
  const limit = lastNumber(e.detail);
  if (limit !== undefined) vars.limit = limit;
  // "At least 1 character" is what an empty required text field answers; people call it required.
  if (key === k('minLength') && limit === 1) key = k('required');
  if (e.code === 'contrast') {
    const ratio = Number(/is ([\d.]+):1/.exec(e.detail)?.[1] ?? NaN);
    const min = Number(/least ([\d.]+):1/.exec(e.detail)?.[1] ?? 3);
    vars.ratio = Number.isFinite(ratio) ? fmt.number(ratio, RATIO_DIGITS) : '?';
    vars.min = min;
  }
  return t(key, vars);
}

export interface ProblemText {
  title: string;
  /** The sentence for the problem as a whole. */
  text: string;
  /** The server's own English words, for languages other than English (shown folded away). */
  original?: string;
  /** A sentence per error, with the pointer it belongs to. */
  errors: { pointer: string; message: string }[];
}

const TYPES = new Set([
  'bad-request',
  'authentication',
  'two-factor-required',
  'forbidden',
  'email-unverified',
  'two-factor-enrolment-required',
  'suspended',
  'plan-limit-exceeded',
  'sso-required',
  'sso-failed',
  'not-found',
  'method-not-allowed',
  'conflict',
  'secret-not-replayable',
  'workspace-protected',
  'gone',
  'payload-too-large',
  'unsupported-media-type',
  'validation-error',
  'rate-limited',
  'internal',
  'unavailable',
]);

/** The problem type's last path segment, or 'unknown' (a network failure, a non-API answer). */
export function problemKind(problem: Problem): string {
  const kind = problem.type.split('/').pop() ?? '';
  return TYPES.has(kind) ? kind : 'unknown';
}

/** A plan limit in words: the storage quotas name their meter (docs/decisions.md D60), workspaces do not. */
function planLimitText(problem: Problem, t: Translate): string {
  const { limit, meter } = problem;
  const plan = problem.plan ? planName(t, problem.plan) : undefined;
  if (!plan || typeof limit !== 'number') return t('problem.text.plan-limit-exceeded-plain');
  if (meter === 'files') return t('problem.text.plan-limit-exceeded-files', { plan, limit });
  if (meter === 'logos') return t('problem.text.plan-limit-exceeded-logos', { plan, limit });
  if (meter === 'storage_bytes')
    return t('problem.text.plan-limit-exceeded-storage', { plan, limit: Math.floor(limit / (1024 * 1024)) });
  return t('problem.text.plan-limit-exceeded', { plan, limit });
}

/**
 * The one function from a problem document to words (docs/decisions.md D35). `labels` maps the
 * pointers a form shows to their labels, so a message names the field as the form does.
 */
export function problemMessage(
  problem: Problem,
  tools: MessageTools,
  labels: Record<string, string> = {},
): ProblemText {
  const { t, lang } = tools;
  const kind = problemKind(problem);
  const errors = (problem.errors ?? []).map((e) => ({
    pointer: e.pointer,
    message: fieldMessage(e, tools, labels[e.pointer]),
  }));
  let text: string;
  if (errors.length) text = t('problem.text.validation-error');
  else if (kind === 'plan-limit-exceeded') text = planLimitText(problem, t);
  else if (kind === 'rate-limited') {
    const seconds = /(\d+) s\.?$/.exec(problem.detail ?? '')?.[1];
    text = seconds
      ? t('problem.text.rate-limited', { seconds: Number(seconds) })
      : t('problem.text.rate-limited-plain');
  } else text = t(`problem.text.${kind}` as MessageKey);
  // English readers get the server's specific sentence too; it names what conflicted or is gone.
  const specific = !errors.length && problem.detail && kind !== 'unknown' ? problem.detail : undefined;
  return {
    // A missing field makes a 400 (docs/decisions.md D3), but to a person it is one more value to correct.
    title: t(errors.length ? 'problem.title.validation-error' : (`problem.title.${kind}` as MessageKey)),
    text: lang === 'en' && specific ? specific : text,
    original: lang !== 'en' ? specific : undefined,
    errors,
  };
}

/**
 * A problem in one sentence, where there is room for no more (under a field, beside a preview):
 * its first error's sentence, else the sentence for the problem as a whole.
 */
export function problemLine(problem: Problem, tools: MessageTools, labels: Record<string, string> = {}): string {
  const words = problemMessage(problem, tools, labels);
  return words.errors[0]?.message ?? words.text;
}

/**
 * A passport check's issue (docs/dpp.md) as the sentence of its code in the chosen language, naming
 * the field by its label: the server's English ("must have at least 1 characters") is not plural-aware.
 */
export function issueMessage(
  issue: { path: string; code: string; message: string },
  tools: MessageTools,
  label?: string,
): string {
  return fieldMessage({ pointer: issue.path, detail: issue.message, code: issue.code }, tools, label);
}
