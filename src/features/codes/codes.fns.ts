import type { Selectable } from 'kysely';
import type { FastifySchemaValidationError } from 'fastify';
import type { FieldError } from '../../http/errors.js';
import { toFieldErrors } from '../../http/validation.js';
import { parseJson, bool } from '../../db/column-values.js';
import { randomBase62 } from '../../lib/tokens.js';
import { createAjv } from '../../lib/ajv.js';
import { ContentSchemas, PageContentSchemas } from './content.schemas.js';
import type { CodeType } from './page-types.js';
import { encodePayload, type ContentType } from '../../qr/payloads.js';
import type { CodesTable, CodeStatus } from './codes.table.js';
import type { Code } from './codes.schemas.js';

/** 62^8 ≈ 2.2e14 codes; docs/decisions.md D7 asks for 7 or more characters. */
export const SHORT_CODE_LENGTH = 8;
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{7,32}$/;

export function randomShortCode(length = SHORT_CODE_LENGTH): string {
  return randomBase62(length);
}

export interface Destination {
  url: string;
  weight: number;
}

/** Weighted pick; `r` in [0, 1) so a sticky visitor hash or Math.random() can drive it. */
export function pickDestination(destinations: Destination[], r: number): Destination {
  const total = destinations.reduce((n, d) => n + d.weight, 0);
  let point = r * total;
  for (const d of destinations) {
    if (point < d.weight) return d;
    point -= d.weight;
  }
  return destinations[destinations.length - 1];
}

/** Hosts a destination may not point at: our own redirect host and every workspace custom domain. */
export interface OwnHosts {
  has(hostname: string): boolean;
}

// Control characters (CR/LF would split the Location header; WHATWG would silently drop tabs and
// newlines) and backslashes (WHATWG reads `\` as `/`, so `https://evil.example\@good.example/`
// goes to evil.example while looking like good.example) are refused before parsing.
const RAW_REFUSED = /[\u0000-\u001F\u007F\\]/;
// What a Location header may carry: printable ASCII only (a normalised URL always is).
const LOCATION_SAFE = /^[\x21-\x7E]+$/;
const MAX_NORMALISED_LENGTH = 8192;

/** The WHATWG host without a trailing dot: `Example.COM.` and `example.com` are one host. */
const bareHost = (url: URL) => url.hostname.replace(/\.$/, '');

/** Hosts that are this machine whatever the DNS says, in WHATWG's normalised spelling. */
export function isLoopbackHost(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === '0.0.0.0' ||
    host === '[::1]' ||
    host === '[::]' ||
    /^\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|0:0)\]$/.test(host)
  );
}

/**
 * Absolute http(s) only, parsed and normalised by WHATWG URL before any rule looks at it: no
 * javascript: or data:, no credentials, and no loop back into /r/ (our own host, a custom domain,
 * or a loopback address in any spelling: `LOCALHOST.`, `2130706433`, `[0:0::1]`).
 */
export function checkUrl(value: string, pointer: string, own: OwnHosts): FieldError | null {
  if (RAW_REFUSED.test(value)) {
    return { pointer, detail: 'must not contain control characters (CR, LF, tab …) or backslashes', code: 'url' };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { pointer, detail: 'must be an absolute http or https URL', code: 'url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      pointer,
      detail: `the ${url.protocol.replace(':', '')} scheme is not allowed; use http or https`,
      code: 'url_scheme',
    };
  }
  if (!url.hostname) return { pointer, detail: 'must name a host', code: 'url' };
  if (url.username || url.password) {
    return { pointer, detail: 'must not contain a user name or password (user:pass@host)', code: 'url_credentials' };
  }
  const host = bareHost(url);
  if (own.has(host) || isLoopbackHost(host)) {
    return {
      pointer,
      detail: "must not point at this service's own redirect host or a loopback address (it would loop)",
      code: 'url_loop',
    };
  }
  if (url.href.length > MAX_NORMALISED_LENGTH || !LOCATION_SAFE.test(url.href)) {
    return { pointer, detail: `is longer than ${MAX_NORMALISED_LENGTH} characters once normalised`, code: 'url' };
  }
  return null;
}

/**
 * The stored form of a destination that passed checkUrl: WHATWG's serialisation, so the host is
 * lower-case punycode (IDN), non-ASCII is percent-encoded, and it is always a valid Location.
 */
export function normalizeUrl(value: string): string {
  return new URL(value).href;
}

/**
 * `example.com/menu` means https://example.com/menu to everyone who types it (Dub, Bitly and Kutt
 * read it so): a destination with no scheme that starts with a dotted host gets `https://`.
 * Anything with a scheme, or that does not look like a host, is left for checkUrl to judge.
 */
export function withHttps(value: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^/:]+\.[^/:]+:\d/.test(value)) return value;
  if (value.startsWith('//')) return `https:${value}`;
  return /^[^\s/?#\\@:]+\.[^\s/?#\\@:]+(?::\d+)?(?:[/?#]|$)/.test(value) ? `https://${value}` : value;
}

/**
 * A create or update body with `https://` added to destinations typed without a scheme, routing
 * rules' included. The live preview completes its url with the same withHttps, so it accepts what
 * Create accepts (docs/decisions.md D65).
 */
export function withDefaultScheme<
  T extends {
    url?: string | null;
    fallback_url?: string | null;
    destinations?: Destination[] | null;
    rules?: Array<{ url: string }> | null;
  },
>(input: T): T {
  const out = { ...input };
  if (out.url != null) out.url = withHttps(out.url);
  if (out.rules) out.rules = out.rules.map((r) => ({ ...r, url: withHttps(r.url) }));
  if (out.fallback_url != null) out.fallback_url = withHttps(out.fallback_url);
  if (out.destinations) out.destinations = out.destinations.map((d) => ({ ...d, url: withHttps(d.url) }));
  return out;
}

/** A create or update body with every destination in its stored form (after checkUrl passed). */
export function withNormalizedUrls<
  T extends { url?: string | null; fallback_url?: string | null; destinations?: Destination[] | null },
>(input: T): T {
  const out = { ...input };
  if (out.url != null) out.url = normalizeUrl(out.url);
  if (out.fallback_url != null) out.fallback_url = normalizeUrl(out.fallback_url);
  if (out.destinations) out.destinations = out.destinations.map((d) => ({ ...d, url: normalizeUrl(d.url) }));
  return out;
}

/**
 * A stored destination as a Location header value, or null when it cannot be one. Rows stored
 * before destinations were normalised may hold raw non-ASCII or CR/LF; they are normalised when
 * read, and an unusable one makes the code answer like a dead code instead of a 500.
 */
export function toLocation(value: string | null): string | null {
  if (value === null) return null;
  if (LOCATION_SAFE.test(value) && !value.includes('\\')) return value;
  if (RAW_REFUSED.test(value.replace(/\\/g, '/'))) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOCATION_SAFE.test(url.href) ? url.href : null;
  } catch {
    return null;
  }
}

export function hostOf(value: string): string | null {
  try {
    return bareHost(new URL(value)).toLowerCase();
  } catch {
    return null;
  }
}

const ajv = createAjv();
const validators = Object.fromEntries(
  Object.entries({ ...ContentSchemas, ...PageContentSchemas }).map(([type, schema]) => [
    type,
    ajv.compile(schema as object),
  ]),
) as Record<CodeType, ReturnType<typeof ajv.compile>>;

/** Per-type content validation; pointers land under `base` (e.g. /content or /codes/3/content). */
export function checkContent(type: CodeType, content: unknown, base: string): FieldError[] {
  const validate = validators[type];
  if (validate(content)) return [];
  return toFieldErrors((validate.errors ?? []) as FastifySchemaValidationError[], base.slice(1));
}

/** The derived state: an active code past its date or its scan budget reads as `expired`. */
export function effectiveStatus(
  row: Pick<Selectable<CodesTable>, 'status' | 'expires_at' | 'max_scans' | 'scan_count'>,
  now: Date,
): CodeStatus {
  if (row.status !== 'active') return row.status;
  if (row.expires_at && row.expires_at <= now.toISOString()) return 'expired';
  if (row.max_scans != null && row.scan_count >= row.max_scans) return 'expired';
  return 'active';
}

export function shortUrl(shortCode: string | null, baseUrl: string, customDomain: string | null): string | null {
  if (!shortCode) return null;
  return customDomain ? `https://${customDomain}/r/${shortCode}` : `${baseUrl}/r/${shortCode}`;
}

type Style = Code['style'];
const EMPTY_STYLE: Style = {
  foreground: null,
  background: null,
  error_correction: null,
  margin: null,
  module_shape: null,
  eye_shape: null,
  eye_color: null,
  gradient: null,
  logo_id: null,
  logo_size: null,
  frame: null,
  brand_kit_id: null,
};

/** Row → API object, whitelisting fields so a new column never leaks. */
export function toCode(
  row: Selectable<CodesTable>,
  ctx: { baseUrl: string; customDomain: string | null; now: Date },
): Code {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    type: row.type,
    dynamic: bool(row.dynamic),
    url: row.url,
    content: parseJson<Record<string, unknown> | null>(row.content, null),
    short_code: row.short_code,
    short_url: shortUrl(row.short_code, ctx.baseUrl, ctx.customDomain),
    title: row.title,
    tags: parseJson<string[]>(row.tags, []),
    folder_id: row.folder_id ?? null,
    status: effectiveStatus(row, ctx.now),
    destinations: parseJson<Destination[] | null>(row.destinations, null),
    expires_at: row.expires_at,
    fallback_url: row.fallback_url,
    max_scans: row.max_scans,
    scan_count: Number(row.scan_count),
    style: { ...EMPTY_STYLE, ...parseJson<Partial<Style>>(row.style, {}) },
    rules: parseJson<Code['rules']>(row.rules ?? null, null),
    utm: parseJson<Code['utm']>(row.utm ?? null, null),
    password_protected: row.password_hash != null,
    append_click_id: bool(row.append_click_id),
    rejection_reason: row.rejection_reason,
    reviewed_at: row.reviewed_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The text a QR symbol of this code holds: the short URL when dynamic, else the content itself. */
export function qrPayload(code: Code): string {
  if (code.dynamic && code.short_url) return code.short_url;
  if (code.type === 'url') return code.url ?? '';
  return encodePayload(code.type as ContentType, code.content as never);
}

/**
 * The text a code's symbol will hold, before it is saved. A dynamic code's short code is not
 * drawn yet, but its length is fixed, so a placeholder gives the same symbol size.
 */
export function symbolText(
  state: { type: string; dynamic: boolean; url?: string | null; content?: unknown },
  baseUrl: string,
  customDomain: string | null,
): string {
  if (state.dynamic) return shortUrl('0'.repeat(SHORT_CODE_LENGTH), baseUrl, customDomain) ?? '';
  if (state.type === 'url') return state.url ?? '';
  return encodePayload(state.type as ContentType, state.content as never);
}

/** ISO 8601 with milliseconds, whatever precision the client sent. */
export function normalizeTime(value: string | null | undefined): string | null | undefined {
  if (value == null) return value;
  return new Date(value).toISOString();
}
