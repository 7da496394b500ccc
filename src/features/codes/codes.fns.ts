import { randomInt } from 'node:crypto';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { Selectable } from 'kysely';
import type { FastifySchemaValidationError } from 'fastify';
import type { FieldError } from '../../http/errors.js';
import { toFieldErrors } from '../../http/validation.js';
import { parseJson, bool } from '../../db/sql.js';
import { ContentSchemas } from '../../qr/content.schemas.js';
import { encodePayload, type ContentType } from '../../qr/payloads.js';
import type { CodesTable, CodeStatus } from './codes.table.js';
import type { Code } from './codes.schemas.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^8 ≈ 2.2e14 codes; D7 asks for 7 or more characters. */
export const SHORT_CODE_LENGTH = 8;
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{7,32}$/;

export function randomShortCode(length = SHORT_CODE_LENGTH): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

export interface Destination { url: string; weight: number }

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
export interface OwnHosts { has(hostname: string): boolean }

/** Absolute http(s) only; no javascript:, data: or redirect loops back into /r/. */
export function checkUrl(value: string, pointer: string, own: OwnHosts): FieldError | null {
  let url: URL;
  try { url = new URL(value); } catch {
    return { pointer, detail: 'must be an absolute http or https URL', code: 'url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { pointer, detail: `the ${url.protocol.replace(':', '')} scheme is not allowed; use http or https`, code: 'url_scheme' };
  }
  if (!url.hostname) return { pointer, detail: 'must name a host', code: 'url' };
  if (own.has(url.hostname.toLowerCase())) {
    return { pointer, detail: 'must not point at this service\'s own redirect host (it would loop)', code: 'url_loop' };
  }
  return null;
}

export function hostOf(value: string): string | null {
  try { return new URL(value).hostname.toLowerCase(); } catch { return null; }
}

const ajv = new Ajv.default({ allErrors: true, strict: false });
addFormats.default(ajv);
const validators = Object.fromEntries(
  Object.entries(ContentSchemas).map(([type, schema]) => [type, ajv.compile(schema as object)]),
) as Record<ContentType, ReturnType<typeof ajv.compile>>;

/** Per-type content validation; pointers land under `base` (e.g. /content or /codes/3/content). */
export function checkContent(type: ContentType, content: unknown, base: string): FieldError[] {
  const validate = validators[type];
  if (validate(content)) return [];
  return toFieldErrors((validate.errors ?? []) as FastifySchemaValidationError[], base.slice(1));
}

export interface Clockish { now(): Date }

/** The derived state: an active code past its date or its scan budget reads as `expired`. */
export function effectiveStatus(row: Pick<Selectable<CodesTable>, 'status' | 'expires_at' | 'max_scans' | 'scan_count'>, now: Date): CodeStatus {
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
const EMPTY_STYLE: Style = { foreground: null, background: null, error_correction: null, margin: null };

/** Row → API object, whitelisting fields so a new column never leaks (STYLE). */
export function toCode(row: Selectable<CodesTable>, ctx: { baseUrl: string; customDomain: string | null; now: Date }): Code {
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
    status: effectiveStatus(row, ctx.now),
    destinations: parseJson<Destination[] | null>(row.destinations, null),
    expires_at: row.expires_at,
    fallback_url: row.fallback_url,
    max_scans: row.max_scans,
    scan_count: Number(row.scan_count),
    style: { ...EMPTY_STYLE, ...parseJson<Partial<Style>>(row.style, {}) },
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

/** ISO 8601 with milliseconds, whatever precision the client sent. */
export function normalizeTime(value: string | null | undefined): string | null | undefined {
  if (value == null) return value;
  return new Date(value).toISOString();
}
