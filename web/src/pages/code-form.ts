// The editor's state and how it becomes a create or update body. Inputs stay strings while the
// user types; only the body conversion parses them, so a bad value is never lost.
import type { Code } from '../api/client';
import type { MessageKey } from '../i18n/en';
import type { CodeType } from './code-types';
import {
  defaultDynamic,
  emptyRedirect,
  isPageType,
  moreBody,
  redirectOf,
  type RedirectDraft,
} from './code/content-draft';
import { emptyPage, pageContent, pageOf, type PageContent } from './code/page-draft';
import { designDraftOf, designStyleOf, emptyDesign, type DesignDraft } from './code/design-form';

export interface ContentField {
  key: string;
  label: MessageKey;
  kind?: 'text' | 'textarea' | 'number' | 'email' | 'tel' | 'url' | 'wifi' | 'checkbox' | 'date';
}

/** One form per content type; keys are paths into `content` ("address.city"), the fields' names under `content.`. */
export const CONTENT_FIELDS: Record<Exclude<CodeType, 'url'>, ContentField[]> = {
  text: [{ key: 'text', label: 'edit.text', kind: 'textarea' }],
  email: [
    { key: 'to', label: 'edit.to', kind: 'email' },
    { key: 'subject', label: 'edit.subject' },
    { key: 'body', label: 'edit.body', kind: 'textarea' },
  ],
  phone: [{ key: 'number', label: 'edit.number', kind: 'tel' }],
  sms: [
    { key: 'number', label: 'edit.number', kind: 'tel' },
    { key: 'message', label: 'edit.body', kind: 'textarea' },
  ],
  wifi: [
    { key: 'ssid', label: 'edit.ssid' },
    { key: 'encryption', label: 'edit.encryption', kind: 'wifi' },
    { key: 'password', label: 'auth.password' },
    { key: 'hidden', label: 'edit.hidden', kind: 'checkbox' },
  ],
  vcard: [
    { key: 'first_name', label: 'edit.firstName' },
    { key: 'last_name', label: 'edit.lastName' },
    { key: 'organization', label: 'edit.org' },
    { key: 'title', label: 'edit.jobTitle' },
    { key: 'phone', label: 'edit.number', kind: 'tel' },
    { key: 'email', label: 'auth.email', kind: 'email' },
    { key: 'url', label: 'edit.website', kind: 'url' },
    { key: 'address.street', label: 'edit.street' },
    { key: 'address.postal_code', label: 'edit.zip' },
    { key: 'address.city', label: 'edit.city' },
    { key: 'address.country', label: 'edit.country' },
  ],
  geo: [
    { key: 'lat', label: 'edit.lat', kind: 'number' },
    { key: 'lng', label: 'edit.lng', kind: 'number' },
    { key: 'query', label: 'edit.query' },
  ],
  links: [
    { key: 'title', label: 'content.pageTitle' },
    { key: 'description', label: 'content.description', kind: 'textarea' },
  ],
  pdf: [
    { key: 'title', label: 'content.pageTitle' },
    { key: 'description', label: 'content.description', kind: 'textarea' },
  ],
  app: [
    { key: 'name', label: 'content.appName' },
    { key: 'description', label: 'content.description', kind: 'textarea' },
    { key: 'app_store_url', label: 'content.appStore', kind: 'url' },
    { key: 'play_store_url', label: 'content.playStore', kind: 'url' },
  ],
  // docs/decisions.md D82: the lists and times of these are in ./code/page-editors/.
  menu: [
    { key: 'title', label: 'content.pageTitle' },
    { key: 'description', label: 'content.description', kind: 'textarea' },
    { key: 'currency', label: 'pages.currency' },
  ],
  coupon: [
    { key: 'title', label: 'content.pageTitle' },
    { key: 'description', label: 'content.description', kind: 'textarea' },
    { key: 'code', label: 'pages.couponCode' },
    { key: 'expires_on', label: 'pages.lastDay', kind: 'date' },
    { key: 'terms', label: 'pages.terms', kind: 'textarea' },
    { key: 'url', label: 'pages.redeemUrl', kind: 'url' },
  ],
  event: [
    { key: 'title', label: 'content.pageTitle' },
    { key: 'description', label: 'content.description', kind: 'textarea' },
    { key: 'location', label: 'pages.place' },
    { key: 'url', label: 'pages.eventUrl', kind: 'url' },
  ],
  social: [
    { key: 'title', label: 'content.pageTitle' },
    { key: 'description', label: 'content.description', kind: 'textarea' },
  ],
};

/**
 * A content type's typed fields, nested as in the body (`address.city`); a checkbox holds a
 * boolean. A hosted page's lists, times and file are there too (page-draft.ts, PageContent).
 */
export type ContentValue = string | boolean;
export type ContentDraft = Record<string, ContentValue | Record<string, ContentValue> | PageContent[keyof PageContent]>;

/** The style as typed: the Style section's members, the Design section's (DesignDraft) and the kit applied. */
export interface StyleDraft extends DesignDraft {
  brand_kit_id: string;
  foreground: string;
  background: string;
  error_correction: '' | 'L' | 'M' | 'Q' | 'H';
  margin: string;
}

/**
 * The editor's form values (react-hook-form, useApiForm): a field's name is its place in the body
 * (`content.ssid` is `/content/ssid`), so the API's errors land on it. What has no place of its
 * own in the body (the A/B switch, the password switch, the uploaded file, the rules and pages as
 * typed) has a name the body lacks; toBody (writeBody) makes the body of it.
 */
export interface Draft extends RedirectDraft {
  type: CodeType;
  dynamic: boolean;
  title: string;
  url: string;
  content: ContentDraft;
  style: StyleDraft;
  abEnabled: boolean;
  destinations: Array<{ url: string; weight: string }>;
  expires_at: string;
  max_scans: string;
  fallback_url: string;
  tags: string;
  status: 'active' | 'paused' | '';
}

export const emptyDraft = (type: CodeType = 'url'): Draft => ({
  type,
  dynamic: defaultDynamic(type),
  title: '',
  url: '',
  content: { ...(type === 'wifi' ? { encryption: 'WPA' } : {}), ...emptyPage(type) },
  style: {
    foreground: '#000000',
    background: '#FFFFFF',
    error_correction: '',
    margin: '',
    brand_kit_id: '',
    ...emptyDesign(),
  },
  abEnabled: false,
  destinations: [
    { url: '', weight: '50' },
    { url: '', weight: '50' },
  ],
  expires_at: '',
  max_scans: '',
  fallback_url: '',
  tags: '',
  status: '',
  ...emptyRedirect(),
});

/** The content as the editor holds it: strings (numbers typed as text), booleans and nested objects. */
function contentDraftOf(obj: Record<string, unknown>, deep = true): ContentDraft {
  const out: ContentDraft = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object') {
      // Lists (links, sections, profiles) are the page's (pageOf), not typed fields.
      if (deep && !Array.isArray(v))
        out[k] = contentDraftOf(v as Record<string, unknown>, false) as Record<string, string>;
    } else if (typeof v === 'boolean') out[k] = v;
    else out[k] = String(v);
  }
  return out;
}

/** `address.city` → "Berlin": the content's text fields by path (what the page previews read). */
export function flatContent(obj: ContentDraft): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v !== 'object') out[k] = String(v);
    else if (!Array.isArray(v)) for (const [kk, vv] of Object.entries(v)) out[`${k}.${kk}`] = String(vv);
  }
  return out;
}

/** datetime-local wants local "YYYY-MM-DDTHH:mm". */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function draftOf(c: Code): Draft {
  const redirect = redirectOf(c);
  return {
    type: c.type as CodeType,
    dynamic: c.dynamic,
    title: c.title ?? '',
    url: c.url ?? '',
    content: {
      ...contentDraftOf((c.content ?? {}) as Record<string, unknown>),
      ...pageOf(c.type, c.content, redirect.more.zone),
    },
    style: {
      foreground: c.style.foreground ?? '#000000',
      background: c.style.background ?? '#FFFFFF',
      error_correction: (c.style.error_correction ?? '') as StyleDraft['error_correction'],
      margin: c.style.margin == null ? '' : String(c.style.margin),
      brand_kit_id: c.style.brand_kit_id ?? '',
      ...designDraftOf(c.style),
    },
    abEnabled: Boolean(c.destinations?.length),
    destinations: c.destinations?.length
      ? c.destinations.map((d) => ({ url: d.url, weight: String(d.weight) }))
      : emptyDraft().destinations,
    expires_at: c.expires_at ? toLocalInput(c.expires_at) : '',
    max_scans: c.max_scans == null ? '' : String(c.max_scans),
    fallback_url: c.fallback_url ?? '',
    tags: c.tags.join(', '),
    status: c.status === 'active' || c.status === 'paused' ? c.status : '',
    ...redirect,
  };
}

/** A number when the text is one; otherwise the text itself, so the API names the problem. */
const numOr = (s: string): number | string => (s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : s);

/** The value at a field's path ("address.city"); react-hook-form stays out of this eagerly loaded module. */
function at(content: ContentDraft, path: string): ContentValue | undefined {
  const [head, tail] = path.split('.');
  const v = content[head] as ContentValue | Record<string, ContentValue> | undefined;
  return typeof v === 'object' ? (tail ? v[tail] : undefined) : tail ? undefined : v;
}

export function contentOf(d: Draft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of CONTENT_FIELDS[d.type as Exclude<CodeType, 'url'>] ?? []) {
    const raw = at(d.content, f.key);
    if (raw === undefined || raw === '') continue;
    if (d.type === 'wifi' && f.key === 'password' && d.content.encryption === 'nopass') continue;
    const value =
      f.kind === 'checkbox' ? raw === true || raw === 'true' : f.kind === 'number' ? numOr(String(raw)) : raw;
    const [head, tail] = f.key.split('.');
    if (tail) out[head] = { ...(out[head] as object | undefined), [tail]: value };
    else out[head] = value;
  }
  return { ...out, ...pageContent(d.type, d.content as unknown as PageContent, d.more.zone) };
}

export function styleOf(d: Draft) {
  return {
    foreground: d.style.foreground || null,
    background: d.style.background || null,
    error_correction: d.style.error_correction || null,
    margin: d.style.margin === '' ? null : numOr(d.style.margin),
    ...designStyleOf(d.style),
    brand_kit_id: d.style.brand_kit_id || null,
  };
}

/** What shapes the symbol: the preview body. */
export function previewBody(d: Draft) {
  return d.type === 'url'
    ? { type: d.type, dynamic: d.dynamic, url: d.url, style: styleOf(d) }
    : { type: d.type, dynamic: isPageType(d.type) ? d.dynamic : undefined, content: contentOf(d), style: styleOf(d) };
}

export function writeBody(d: Draft, mode: 'create' | 'update'): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: d.title.trim() || null,
    tags: d.tags
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    style: styleOf(d),
  };
  if (mode === 'create') {
    body.type = d.type;
    if (d.type === 'url' || isPageType(d.type)) body.dynamic = d.dynamic;
  }
  if (d.type === 'url') body.url = d.url;
  else body.content = contentOf(d);
  if (d.type === 'url' && d.dynamic) {
    body.destinations = d.abEnabled
      ? d.destinations.map((x) => ({ url: x.url, weight: numOr(x.weight) }))
      : mode === 'update'
        ? null
        : undefined;
    body.expires_at = d.expires_at ? new Date(d.expires_at).toISOString() : mode === 'update' ? null : undefined;
    body.max_scans = d.max_scans ? numOr(d.max_scans) : mode === 'update' ? null : undefined;
    body.fallback_url = d.fallback_url || (mode === 'update' ? null : undefined);
  }
  Object.assign(body, moreBody(d, mode));
  if (mode === 'update' && d.status) body.status = d.status;
  return JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
}

/** WCAG relative luminance and contrast, the rule the renderer enforces (3:1). */
export function contrast(a: string, b: string): number | null {
  const lum = (hex: string) => {
    const m = /^#([0-9a-f]{6})$/i.exec(hex);
    if (!m) return null;
    const [r, g, bl] = [0, 2, 4]
      .map((i) => parseInt(m[1].slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const la = lum(a);
  const lb = lum(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Each destination's share in percent, or null when a weight is not a whole number ≥ 1. */
export function shares(ds: Array<{ weight: string }>): number[] | null {
  const ws = ds.map((d) => Number(d.weight));
  if (ws.some((w) => !Number.isInteger(w) || w < 1)) return null;
  const total = ws.reduce((a, b) => a + b, 0);
  return ws.map((w) => Math.round((w * 1000) / total) / 10);
}
