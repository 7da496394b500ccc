// Realistic example values for the OpenAPI document, derived from a schema: a schema's own
// `examples`/`default`/`enum` first, then what its property name says (ids carry their prefix,
// `*_at` is a timestamp, `*_url` an address). A test checks every example against its schema.

import { isoDay } from '../lib/time.js';

export type SchemaLike = Record<string, any>;

interface Context {
  components: Record<string, SchemaLike>;
  /** Examples of named components that replace the generic sample. */
  named: Record<string, unknown>;
  /**
   * A request body: only the required members, so the pre-filled example is the smallest request
   * that succeeds (docs/decisions.md D34); a response shows every member.
   */
  request?: boolean;
  /** BASE_URL of this server, for the short URLs a response holds. */
  baseUrl?: string;
  /** When the document is built (the app's clock), for deadlines that must lie ahead. */
  now?: Date;
}

const ULID = '01JD3Y2K8Q9XW4T5N6M7P8R9S0';
const TIME = '2026-03-14T09:26:53.000Z';
const SHORT_CODE = 'aB3dE9xK';
/**
 * A deadline 30 days after `now` (midnight UTC): servers accept a future one of at most a year for
 * grants and credentials, so a fixed date would turn every such example into a 422.
 */
const future = (now: Date | undefined) =>
  new Date(Math.ceil((now ?? new Date(TIME)).getTime() / 86_400_000 + 30) * 86_400_000).toISOString();

/** The id prefix of a resource, by the component it belongs to or the property that names it. */
const PREFIX_BY_TITLE: Record<string, string> = {
  Code: 'qr',
  Workspace: 'ws',
  Organization: 'org',
  ApiKey: 'key',
  CreatedApiKey: 'key',
  AuditLogEntry: 'aud',
  Comment: 'cmt',
  Passport: 'dpp',
  ModelPassport: 'dpm',
  AccessCredential: 'dpc',
  AccessCredentialWithToken: 'dpc',
  AccessGrant: 'grt',
  PassportReading: 'dpr',
  AccessGrantWithToken: 'grt',
  User: 'usr',
  Member: 'usr',
  AddedMember: 'usr',
  Scan: 'scn',
};
const PREFIX_BY_FIELD: Record<string, string> = {
  workspace_id: 'ws',
  organization_id: 'org',
  user_id: 'usr',
  actor_id: 'usr',
  created_by: 'usr',
  code_id: 'qr',
  qr_code_id: 'qr',
  request_id: 'req',
  api_key_id: 'key',
  key_id: 'key',
  passport_id: 'dpp',
  predecessor_id: 'dpp',
  grant_id: 'grt',
  resource_id: 'qr',
  comment_id: 'cmt',
  author_id: 'usr',
  next_cursor: 'qr',
};

function stringFor(name: string, schema: SchemaLike, title: string | undefined, ctx: Context): string {
  switch (schema.format) {
    case 'date-time':
      return name === 'expires_at' ? future(ctx.now) : TIME;
    case 'date':
      return isoDay(TIME);
    case 'email':
      return 'ada@example.com';
    case 'uri':
    case 'url':
      return name.includes('digital_link')
        ? 'https://qrs.example/01/04260123456788/21/VX77-2606-000481'
        : 'https://example.com/spring-sale';
    case 'uuid':
      return '3f0c6c1e-8d4b-4a57-9a0e-2b7f9d1c5e42';
  }
  if (name === 'short_url') return `${ctx.baseUrl ?? 'https://qrs.example'}/r/${SHORT_CODE}`;
  if (name === 'id' && title && PREFIX_BY_TITLE[title]) return `${PREFIX_BY_TITLE[title]}_${ULID}`;
  if (PREFIX_BY_FIELD[name]) return `${PREFIX_BY_FIELD[name]}_${ULID}`;
  // A deadline that lies ahead, so an example that sets one is accepted.
  if (name === 'expires_at') return future(ctx.now);
  if (/(^|_)at$/.test(name)) return TIME;
  if (name === 'date' || name === 'day') return isoDay(TIME);
  if (/url$/.test(name) || name === 'href' || name === 'anchor') return 'https://example.com/spring-sale';
  if (name === 'email') return 'ada@example.com';
  if (name === 'slug') return 'acme';
  if (name === 'gtin') return '04260123456788';
  if (name === 'serial') return 'VX77-2606-000481';
  if (name === 'lot') return 'L2606-A/07';
  if (name === 'short_code') return SHORT_CODE;
  if (name === 'from' || name === 'to') return name === 'from' ? '2026-03-01' : '2026-03-14';
  if (name === 'foreground') return '#111111';
  if (name === 'background') return '#FFFFFF';
  if (name === 'name')
    return title === 'Workspace'
      ? 'Spring campaign'
      : title === 'User' || title === 'Member'
        ? 'Ada Lovelace'
        : 'Acme Marketing';
  if (name === 'title') return 'Spring sale flyer';
  if (name === 'key' && title !== 'CreatedApiKey') return 'DE';
  if (name === 'key' || name === 'token' || name === 'secret') return `qrs_sk_${'9fK2mQ7xLp3VtR8wZc4N'.repeat(2)}`;
  if (name === 'prefix') return 'qrs_sk_9fK2';
  if (name === 'version' || name === 'api_version') return '1.2.0';
  if (name === 'environment') return 'production';
  if (name === 'detail' || name === 'message') return 'url must be an absolute http or https address';
  if (name === 'pointer' || name === 'path') return '/url';
  if (name === 'code') return 'format';
  if (name === 'body' || name === 'reason' || name === 'note') return 'Please use the brand colours.';
  if (name === 'type') return 'url';
  if (name === 'country') return 'DE';
  if (name === 'language') return 'de';
  if (schema.pattern === '^[a-z0-9-]+$') return 'acme';
  const min = schema.minLength ?? 0;
  const text = name ? name.replace(/_/g, ' ') : 'text';
  return text.length >= min ? text.slice(0, schema.maxLength ?? text.length) : text.padEnd(min, 'x');
}

function numberFor(name: string, schema: SchemaLike): number {
  let n: number;
  if (name === 'limit') n = 50;
  else if (name === 'total_count') n = 42;
  else if (/scans|count|visitors|clicks/.test(name)) n = 128;
  else if (name === 'version') n = 3;
  else if (name === 'status') n = 200;
  else if (name === 'weight') n = 1;
  else n = schema.type === 'integer' ? 1 : 1.5;
  if (typeof schema.minimum === 'number' && n < schema.minimum) n = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && n <= schema.exclusiveMinimum) n = schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && n > schema.maximum) n = schema.maximum;
  return n;
}

function sample(schema: SchemaLike, ctx: Context, name: string, title: string | undefined, depth: number): unknown {
  if (schema.$ref) {
    const ref = String(schema.$ref);
    const key = ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
    if (key && ctx.named[key] !== undefined) return ctx.named[key];
    const target = key ? ctx.components[key] : undefined;
    return target ? sample(target, ctx, name, key, depth) : null;
  }
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const own = typeof schema.title === 'string' ? schema.title : title;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) {
    const useful = branches.find((b: SchemaLike) => b.type !== 'null') ?? branches[0];
    return sample(useful, ctx, name, own, depth);
  }
  if (schema.allOf?.length)
    return Object.assign({}, ...schema.allOf.map((s: SchemaLike) => sample(s, ctx, name, own, depth)));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (depth > 12) return type === 'array' ? [] : type === 'object' ? {} : null;
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return name !== 'has_more' && name !== 'bot';
    case 'integer':
    case 'number':
      return numberFor(name, schema);
    case 'string':
      return stringFor(name, schema, own, ctx);
    case 'array': {
      const item = schema.items ? sample(schema.items, ctx, name.replace(/s$/, ''), undefined, depth + 1) : 'text';
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'object':
    case undefined: {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, prop] of Object.entries((schema.properties ?? {}) as Record<string, SchemaLike>)) {
        if (ctx.request && !required.has(key)) continue;
        out[key] = sample(prop, ctx, key, own, depth + 1);
      }
      return out;
    }
  }
  return null;
}

export function sampleSchema(schema: SchemaLike, ctx: Context): unknown {
  return sample(schema, ctx, '', undefined, 0);
}
