// The editor state of issue #28's options (docs/dashboard.md, "Content pages, short codes and
// routing"): a chosen short code, hosted-page content that is not a flat field (link lists, the
// uploaded file), routing rules, UTM parameters and the password, and how they join a create or
// update body. Inputs stay strings while the user types; the API names whatever is wrong.
import type { Code } from '../../api/client';
import type { FieldErrors } from '../../ui/forms';
import type { FieldProblem } from '../../ui/problem-message';
import { browserZone } from './page-draft';

/** Types whose dynamic code is a hosted page (docs/decisions.md D24). */
export const PAGE_TYPES: readonly string[] = [
  'vcard',
  'text',
  'links',
  'pdf',
  'app',
  'menu',
  'coupon',
  'event',
  'social',
];
/** Hosted pages without a QR payload of their own: always dynamic (D82 added the last four). */
export const PAGE_ONLY_TYPES: readonly string[] = ['links', 'pdf', 'app', 'menu', 'coupon', 'event', 'social'];
export const isPageType = (type: string) => PAGE_TYPES.includes(type);
export const isPageOnly = (type: string) => PAGE_ONLY_TYPES.includes(type);
/** As the API defaults it on create. */
export const defaultDynamic = (type: string) => type === 'url' || isPageOnly(type);

/** The API's short code rule (docs/decisions.md D19); reserved words are the API's to name. */
export const SHORT_CODE = /^[A-Za-z0-9_-]{3,64}$/;

export const DEVICES = ['mobile', 'tablet', 'desktop', 'smarttv', 'wearable', 'console', 'xr', 'embedded'] as const;
export const OPERATING_SYSTEMS = ['ios', 'ipados', 'android', 'windows', 'macos', 'linux', 'chromeos', 'harmonyos'];
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const CONDITION_KINDS = ['device', 'os', 'language', 'country', 'region', 'time', 'query'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

export interface ConditionDraft {
  kind: ConditionKind;
  /** device and os: the ticked values. */
  values: string[];
  /** language and country: comma-separated. */
  text: string;
  from: string;
  to: string;
  days: string[];
  /** A zone the API holds for this rule; the form keeps it, the workspace's zone is the default. */
  zone: string;
  name: string;
  value: string;
}
export interface RuleDraft {
  url: string;
  conditions: ConditionDraft[];
}
/** An uploaded PDF as just uploaded: a saved code's file is named by its metadata instead. */
export interface PageFile {
  name: string;
  size: number;
}

/** What the editor keeps beside the body: none of it is sent as it is. */
export interface MoreDraft {
  /** The short code as saved: an unchanged one is not sent again. */
  savedShortCode: string;
  /** the PDF uploaded in this editor (its id is `content.file_id`) */
  file: PageFile | null;
  wasProtected: boolean;
  /** the zone an event's start and end are typed in (docs/decisions.md D82) */
  zone: string;
}

/** The editor's values of these options: named as the body's members where they are one. */
export interface RedirectDraft {
  short_code: string;
  utm: Record<UtmKey, string>;
  passwordOn: boolean;
  password: string;
  /** the redirect appends `qrs_cid` for conversions (docs/decisions.md D81) */
  append_click_id: boolean;
  /** the routing rules as typed, `rules.N.url` at `/rules/N/url`; their conditions become `when` */
  rules: RuleDraft[];
  more: MoreDraft;
}

export const emptyCondition = (kind: ConditionKind = 'os'): ConditionDraft => ({
  kind,
  values: [],
  text: '',
  from: '09:00',
  to: '17:00',
  days: [],
  zone: '',
  name: '',
  value: '',
});

export const emptyRule = (): RuleDraft => ({ url: '', conditions: [emptyCondition()] });
const emptyUtm = (): Record<UtmKey, string> => ({ source: '', medium: '', campaign: '', term: '', content: '' });

export const emptyRedirect = (): RedirectDraft => ({
  short_code: '',
  utm: emptyUtm(),
  passwordOn: false,
  password: '',
  append_click_id: false,
  rules: [],
  more: { savedShortCode: '', file: null, wasProtected: false, zone: browserZone() },
});

type When = NonNullable<Code['rules']>[number]['when'];

function conditionsOf(when: When): ConditionDraft[] {
  const out: ConditionDraft[] = [];
  if (when.device) out.push({ ...emptyCondition('device'), values: [...when.device] });
  if (when.os) out.push({ ...emptyCondition('os'), values: [...when.os] });
  if (when.language) out.push({ ...emptyCondition('language'), text: when.language.join(', ') });
  if (when.country) out.push({ ...emptyCondition('country'), text: when.country.join(', ') });
  if (when.region) out.push({ ...emptyCondition('region'), text: when.region.join(', ') });
  if (when.time)
    out.push({
      ...emptyCondition('time'),
      from: when.time.from,
      to: when.time.to,
      days: [...(when.time.days ?? [])],
      zone: when.time.time_zone ?? '',
    });
  if (when.query) out.push({ ...emptyCondition('query'), name: when.query.name, value: when.query.value ?? '' });
  return out;
}

export function redirectOf(c: Code): RedirectDraft {
  return {
    short_code: c.short_code ?? '',
    utm: { ...emptyUtm(), ...(c.utm ?? {}) },
    passwordOn: c.password_protected,
    password: '',
    append_click_id: c.append_click_id,
    rules: (c.rules ?? []).map((r) => ({ url: r.url, conditions: conditionsOf(r.when) })),
    more: { ...emptyRedirect().more, savedShortCode: c.short_code ?? '', wasProtected: c.password_protected },
  };
}

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

function whenOf(conditions: ConditionDraft[]): Record<string, unknown> {
  const when: Record<string, unknown> = {};
  for (const c of conditions) {
    if (c.kind === 'device' || c.kind === 'os') when[c.kind] = c.values;
    else if (c.kind === 'language' || c.kind === 'country' || c.kind === 'region') when[c.kind] = list(c.text);
    else if (c.kind === 'time')
      when.time = {
        from: c.from,
        to: c.to,
        ...(c.days.length ? { days: c.days } : {}),
        ...(c.zone ? { time_zone: c.zone } : {}),
      };
    else when.query = { name: c.name, ...(c.value ? { value: c.value } : {}) };
  }
  return when;
}

/**
 * The body members of these options. Rules, UTM and the password belong to dynamic URL codes only:
 * a hosted page is the destination itself (docs/decisions.md D24). On update an emptied list or
 * set is null (removed); on create it is left out.
 */
export function moreBody(
  d: RedirectDraft & { type: string; dynamic: boolean },
  mode: 'create' | 'update',
): Record<string, unknown> {
  const m = d.more;
  const body: Record<string, unknown> = {};
  if (!d.dynamic) return body;
  const chosen = d.short_code.trim();
  if (chosen && (mode === 'create' || chosen !== m.savedShortCode)) body.short_code = chosen;
  if (d.type !== 'url') return body;
  const gone = mode === 'update' ? null : undefined;
  body.rules = d.rules.length ? d.rules.map((r) => ({ when: whenOf(r.conditions), url: r.url })) : gone;
  const utm = Object.fromEntries(UTM_KEYS.filter((k) => d.utm[k].trim() !== '').map((k) => [k, d.utm[k].trim()]));
  body.utm = Object.keys(utm).length ? utm : gone;
  if (d.passwordOn && (d.password !== '' || !m.wasProtected)) body.password = d.password;
  else if (!d.passwordOn && m.wasProtected) body.password = null;
  if (d.append_click_id || mode === 'update') body.append_click_id = d.append_click_id;
  return body;
}

const EMPTY_KEYS = {
  device: 'words.rule.emptyDevice',
  os: 'words.rule.emptyOs',
  language: 'words.rule.emptyLanguage',
  country: 'words.rule.emptyCountry',
  region: 'words.rule.emptyRegion',
  time: 'words.rule.emptyTime',
  query: 'words.rule.emptyQuery',
} as const;

/** The code of the editor's own error at a condition left empty; its message is the words' key. */
export const EMPTY_CONDITION = 'empty_condition';

/**
 * Conditions left empty (no OS ticked, no country typed): one message each, at the condition,
 * before anything is sent. The API would answer with a line per schema keyword, none of which
 * says which rule or what to do. Each is named as the body's member (`rules.0.when.os`).
 */
export function emptyConditions(rules: RuleDraft[]) {
  const out: Array<{ name: `rules.${number}.when.${ConditionKind}`; key: (typeof EMPTY_KEYS)[ConditionKind] }> = [];
  rules.forEach((r, i) => {
    for (const c of r.conditions) {
      const empty =
        c.kind === 'device' || c.kind === 'os'
          ? c.values.length === 0
          : c.kind === 'language' || c.kind === 'country' || c.kind === 'region'
            ? list(c.text).length === 0
            : c.kind === 'time'
              ? !c.from || !c.to
              : !c.name.trim();
      if (empty) out.push({ name: `rules.${i}.when.${c.kind}`, key: EMPTY_KEYS[c.kind] });
    }
  });
  return out;
}

/** Errors under a pointer prefix, for a group whose inner pointers have no field of their own. */
export function errorsUnder(errors: FieldErrors, prefix: string, except: string[] = []): Array<string | FieldProblem> {
  return Object.entries(errors)
    .filter(([p]) => (p === prefix || p.startsWith(`${prefix}/`)) && !except.includes(p))
    .map(([, e]) => e);
}
