// Finishing pass over the OpenAPI document @fastify/swagger builds from the route schemas. Every
// convention that holds for all routes (headers, named schemas, timestamps, examples, tags) is
// added here once, so no route repeats it and a new route gets it for free.
import { sampleSchema, type SchemaLike } from './openapi.examples.js';

type Obj = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Top-level tags, in the order a reader needs them (docs/decisions.md D34): the reference lists them
 * so. Every tag a route uses gets a description (unknown ones a generic one, listed last).
 */
export const TAGS: Record<string, string> = {
  codes: 'Static and dynamic QR codes, their approval workflow and their images (SVG, PNG, PDF, EPS).',
  redirect: 'The public short URL a dynamic code encodes. Public: no API key.',
  analytics: 'Scans of a code and their statistics.',
  files: 'Files that hosted content pages serve (a PDF code’s document), uploaded in base64.',
  brand: 'Logos and brand kits: the look codes share.',
  comments: 'Review comments on a code.',
  webhooks: 'Endpoints that receive signed events (Standard Webhooks), and their delivery logs.',
  workspaces: 'Workspaces separate the codes, keys and members of one organization (an agency uses one per client).',
  'api-keys': 'API keys of the workspace. The secret is shown once, on creation.',
  members: 'Users of the organization and their roles in its workspaces.',
  organizations: 'The organization of the caller, its plan and its live usage against the plan limits.',
  'audit-logs': 'The append-only audit log of every change, newest first.',
  auth: 'Dashboard sessions: sign-up, sign-in (cookie `qrs_session` plus the `X-CSRF-Token` header), password.',
  dpp: 'Battery product passports (Regulation (EU) 2023/1542): drafts, versions, publication, access grants and QR codes.',
  'dpp-public': 'The public page of a published passport, which a scan of its QR code lands on. Public: no API key.',
  resolver: 'The GS1 Digital Link resolver for passports. Public: no API key.',
  'gs1-prefixes': 'GS1 company prefixes of the organization, which its passports’ GTINs must start with.',
  billing: 'The plan of the organization and its payment provider’s checkout and portal.',
  privacy: 'Data exports and erasure (GDPR Art. 15, 17 and 20).',
  announcements:
    "The operator's notices (maintenance, breaking API changes ahead of their sunset) that the dashboard shows as a banner.",
  health: 'Liveness and readiness of the service. Public: no API key.',
  Operator:
    "The operator's console: every organization of the server, its plan and usage, and the instance audit log. Operators only (OPERATOR_EMAILS or `qrs operator add`, with two-factor sign-in), by dashboard session; to anyone else these routes do not exist.",
};

/** Parameters every route of a kind accepts, declared once under components.parameters. */
const PARAMETERS: Obj = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A UUID that makes a POST safe to retry: for 24 hours the same key with the same request answers the stored response (with `Idempotent-Replayed: true`); with another request it is a 409 conflict.',
    schema: { type: 'string', format: 'uuid' },
    example: '3f0c6c1e-8d4b-4a57-9a0e-2b7f9d1c5e42',
  },
  WorkspaceId: {
    name: 'X-Workspace-Id',
    in: 'header',
    required: false,
    description:
      "For a dashboard session: the workspace the request acts in (default: the user's first workspace). An API key is bound to its own workspace and ignores it.",
    schema: { type: 'string' },
    example: 'ws_01JD3Y2K8Q9XW4T5N6M7P8R9S0',
  },
  OrganizationId: {
    name: 'X-Organization-Id',
    in: 'header',
    required: false,
    description:
      'For a dashboard session of a user in several organizations: the organization the request acts in. An API key ignores it.',
    schema: { type: 'string' },
    example: 'org_01JD3Y2K8Q9XW4T5N6M7P8R9S0',
  },
  CsrfToken: {
    name: 'X-CSRF-Token',
    in: 'header',
    required: false,
    description:
      'Required with a session cookie on every request that changes something: the `csrf_token` returned by sign-in. Not used with an API key.',
    schema: { type: 'string' },
    example: 'Jt7mQ2w9ZkPq4VxR8sLc3NbH6yFd1GaE',
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'The `ETag` of a copy the client already holds; an unchanged image answers 304 with no body.',
    schema: { type: 'string' },
    example: '"9c1e4b7a2f"',
  },
};

const HEADERS: Obj = {
  RequestId: {
    description:
      'Id of this request; quote it when reporting a problem. Problem documents carry the same value as `request_id`.',
    required: true,
    schema: { type: 'string' },
    example: 'req_01JD3Y2K8Q9XW4T5N6M7P8R9S0',
  },
  RateLimitLimit: {
    description: 'Requests allowed in the current window.',
    schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    example: 60,
  },
  RateLimitRemaining: {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    example: 59,
  },
  RateLimitReset: {
    description: 'When the window resets, in Unix seconds.',
    schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    example: 1773480420,
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    example: 12,
  },
  RetryAfterOptional: {
    description: 'When sent: seconds to wait before retrying.',
    schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    example: 5,
  },
  IdempotentReplayed: {
    description: '`true` when this is the stored response of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
    example: 'true',
  },
  ETag: {
    description: 'Identifies this rendering; send it back as If-None-Match.',
    schema: { type: 'string' },
    example: '"9c1e4b7a2f"',
  },
  Location: {
    description: 'Where the client is sent.',
    required: true,
    schema: { type: 'string', format: 'uri' },
    example: 'https://example.com/spring-sale',
  },
  Deprecation: {
    description: '`true` on a deprecated operation (see /docs/api/versioning).',
    schema: { type: 'string' },
    example: 'true',
  },
  Sunset: {
    description: 'HTTP date after which a deprecated operation is removed.',
    schema: { type: 'string' },
    example: 'Sat, 01 May 2027 00:00:00 GMT',
  },
  Link: {
    description: 'On a deprecated operation: `<…>; rel="deprecation"`, the page that explains it.',
    schema: { type: 'string' },
    example: '<https://qrs.example/docs/api/versioning>; rel="deprecation"',
  },
};

/** Descriptions of parameters a route left undescribed, by name. */
const PARAM_DESCRIPTIONS: Record<string, string> = {
  id: 'The id of the resource.',
  user_id: 'The id of the user (usr_…).',
  comment_id: 'The id of the comment (cmt_…).',
  grant_id: 'The id of the access grant (grt_…).',
  short_code: 'The short code of a dynamic QR code (the last segment of its short URL).',
  gtin: 'GTIN of the battery model, 8 to 14 digits.',
  serial: 'Serial number of the battery (GS1 AI 21).',
  lot: 'Lot or batch (GS1 AI 10).',
  cpv: 'Consumer product variant (GS1 AI 22).',
  type: 'Filter by type.',
  status: 'Filter by status.',
  tag: 'Only codes with this tag.',
  include_bots: 'Count scans by bots and link previewers too.',
  linkType: 'The GS1 link type to follow (`gs1:dpp`, `gs1:pip`, …), or `linkset`/`all` for the linkset.',
};

export interface DocumentOptions {
  deprecations: Array<{ method: string; path: string }>;
  /** Examples of named schemas, when the generic sample would not be realistic enough. */
  examples?: Record<string, unknown>;
  /** BASE_URL of this server, for the short URLs in response examples. */
  baseUrl?: string;
  /** The app's clock at build time, for example deadlines that must lie ahead. */
  now?: Date;
}

const isSchemaNode = (v: unknown): v is Obj =>
  !!v &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  ('type' in v || 'properties' in v || 'anyOf' in v || 'oneOf' in v || 'allOf' in v || 'enum' in v || 'const' in v);

/**
 * Moves every schema with a `title` into components.schemas and refers to it, so a resource is
 * named once (the passport data schema, inlined nine times before, is one component).
 */
function hoistNamedSchemas(doc: Obj): void {
  const schemas: Obj = (doc.components.schemas ??= {});
  const seen = new Map<string, string>(Object.entries(schemas).map(([k, v]) => [k, JSON.stringify(v)]));
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const out: Obj = {};
    for (const [k, v] of Object.entries(node)) {
      // A body's named examples moved to its media type already; a copy left on a shared schema
      // (the batch's items) would make it a second component.
      if (k === 'x-examples') continue;
      out[k] = k === 'example' || k === 'examples' ? v : visit(v);
    }
    if (typeof out.title !== 'string' || !isSchemaNode(out) || !/^[A-Za-z][A-Za-z0-9]*$/.test(out.title)) return out;
    const text = JSON.stringify(out);
    let name = out.title;
    for (let n = 2; seen.has(name) && seen.get(name) !== text; n++) name = `${out.title}${n}`;
    if (!seen.has(name)) {
      seen.set(name, text);
      schemas[name] = out;
    }
    return { $ref: `#/components/schemas/${name}` };
  };
  doc.paths = visit(doc.paths);
  for (const [name, schema] of Object.entries({ ...schemas })) {
    // Nested named schemas inside components are hoisted too, but a component is not a ref to itself.
    const { title, ...rest } = schema as Obj;
    schemas[name] = { title, ...(visit(rest) as Obj) };
  }
}

/** Timestamps are `*_at` strings; ours are all ISO 8601 (the contract test checks the format). */
function timestampFormats(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(timestampFormats);
  if (!node || typeof node !== 'object') return;
  const obj = node as Obj;
  if (obj.properties && typeof obj.properties === 'object') {
    for (const [key, prop] of Object.entries(obj.properties as Obj)) {
      if (!/(^|_)at$/.test(key)) continue;
      for (const branch of [prop, ...(prop.anyOf ?? []), ...(prop.oneOf ?? [])]) {
        if (branch?.type === 'string' && !branch.format) branch.format = 'date-time';
      }
    }
  }
  for (const [k, v] of Object.entries(obj)) if (k !== 'example' && k !== 'examples') timestampFormats(v);
}

function resolve(doc: Obj, schema: Obj | undefined): Obj | undefined {
  const ref = schema?.$ref as string | undefined;
  if (!ref?.startsWith('#/components/schemas/')) return schema;
  return doc.components.schemas[ref.slice('#/components/schemas/'.length)];
}

function finishOperation(doc: Obj, path: string, method: string, op: Obj, opts: DocumentOptions): void {
  const isPublic = Array.isArray(op.security) && op.security.length === 0;
  op.description ??= op.summary ? `${op.summary}.` : undefined;
  if (!op.tags?.length) op.tags = ['other'];

  // Parameters: defaults make a parameter optional; every parameter is described.
  for (const p of op.parameters ?? []) {
    if (p.$ref) continue;
    if (p.in !== 'path' && p.schema && p.schema.default !== undefined) p.required = false;
    p.description ??= p.schema?.description ?? PARAM_DESCRIPTIONS[p.name] ?? `The \`${p.name}\` ${p.in} parameter.`;
    if (p.schema?.description === p.description) delete p.schema.description;
  }
  const params: Obj[] = (op.parameters ??= []);
  const names = new Set(params.map((p) => String(p.name ?? '').toLowerCase()));
  const addParam = (key: string) => {
    if (!names.has(PARAMETERS[key].name.toLowerCase())) params.push({ $ref: `#/components/parameters/${key}` });
  };
  if (method === 'post') addParam('IdempotencyKey');
  if (!isPublic) {
    addParam('OrganizationId');
    addParam('WorkspaceId');
    if (method !== 'get' && method !== 'head' && method !== 'options') addParam('CsrfToken');
  }
  if (op.responses?.['304']) addParam('IfNoneMatch');
  if (params.length === 0) delete op.parameters;
  // An operation without any 2xx (the redirect) still answers problem documents for what it cannot do.
  if (op.responses && !Object.keys(op.responses).some((s) => s.startsWith('2')) && !op.responses.default) {
    op.responses.default = {
      description:
        'Any other status: an RFC 7807 problem document (for example 503 while the database does not answer).',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }

  const deprecated = opts.deprecations.some(
    (d) => d.method.toLowerCase() === method && d.path.replace(/:([A-Za-z_]+)/g, '{$1}') === path,
  );
  if (deprecated) op.deprecated = true;

  for (const [status, response] of Object.entries(op.responses ?? {}) as Array<[string, Obj]>) {
    const headers: Obj = (response.headers ??= {});
    const add = (name: string, key: string) => {
      if (!Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase()))
        headers[name] = { $ref: `#/components/headers/${key}` };
    };
    add('X-Request-Id', 'RequestId');
    add('X-RateLimit-Limit', 'RateLimitLimit');
    add('X-RateLimit-Remaining', 'RateLimitRemaining');
    add('X-RateLimit-Reset', 'RateLimitReset');
    if (status === '429') add('Retry-After', 'RetryAfter');
    if (status === '503') add('Retry-After', 'RetryAfterOptional');
    if (method === 'post' && /^[24]/.test(status)) add('Idempotent-Replayed', 'IdempotentReplayed');
    if (op.responses['304'] && (status === '200' || status === '304')) add('ETag', 'ETag');
    if (/^30[1278]$/.test(status)) add('Location', 'Location');
    if (deprecated) {
      add('Deprecation', 'Deprecation');
      add('Sunset', 'Sunset');
      add('Link', 'Link');
    }
    for (const media of Object.values((response.content ?? {}) as Obj)) addExample(doc, media, opts, false);
  }
  for (const media of Object.values((op.requestBody?.content ?? {}) as Obj)) addExample(doc, media, opts, true);
}

function addExample(doc: Obj, media: Obj, opts: DocumentOptions, request: boolean): void {
  if (media.example !== undefined || media.examples !== undefined || !media.schema) return;
  const schema = media.schema as Obj;
  if (schema.type === 'string' && !schema.format) {
    media.example = schema.examples?.[0] ?? '<!doctype html><html lang="en">…</html>';
    return;
  }
  if (schema.type === 'string' && schema.format === 'binary') return;
  const resolved = resolve(doc, schema) as SchemaLike | undefined;
  if (!resolved) return;
  media.example = sampleSchema(resolved, {
    components: doc.components.schemas,
    named: opts.examples ?? {},
    request,
    baseUrl: opts.baseUrl,
    now: opts.now,
  });
}

/** Components this document declares but no operation uses (a header of deprecated routes when none is). */
function dropUnused(doc: Obj, kind: 'parameters' | 'headers'): void {
  const text = JSON.stringify(doc.paths);
  for (const name of Object.keys(doc.components[kind] ?? {})) {
    if (!text.includes(`"#/components/${kind}/${name}"`)) delete doc.components[kind][name];
  }
}

/** Applies the conventions to the document @fastify/swagger built. */
export function finishDocument(doc: Obj, opts: DocumentOptions): Obj {
  doc.components ??= {};
  doc.components.parameters = { ...PARAMETERS, ...(doc.components.parameters ?? {}) };
  doc.components.headers = { ...HEADERS, ...(doc.components.headers ?? {}) };
  timestampFormats(doc.paths);
  timestampFormats(doc.components.schemas);
  hoistNamedSchemas(doc);
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {}) as Array<[string, Obj]>) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      finishOperation(doc, path, method, op, opts);
      for (const t of op.tags ?? []) used.add(t);
    }
  }
  for (const [name, schema] of Object.entries(doc.components.schemas ?? {}) as Array<[string, Obj]>) {
    if (schema.examples === undefined && opts.examples?.[name] !== undefined) schema.examples = [opts.examples[name]];
  }
  dropUnused(doc, 'parameters');
  dropUnused(doc, 'headers');
  const order = Object.keys(TAGS);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  doc.tags = [...used]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((name) => ({ name, description: TAGS[name] ?? `Operations on ${name}.` }));
  return doc;
}
