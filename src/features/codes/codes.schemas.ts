import { Type, type Static } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { Count, MAX_STORED_COUNT } from '../../http/numbers.js';
import { QR_CONTENT_TYPES } from '../../qr/payloads.js';
import { EYE_SHAPES, MODULE_SHAPES } from '../../qr/design.js';
import { MAX_RULES, RoutingRule, Utm } from './routing.schemas.js';
import { VANITY_PATTERN } from './short-codes.js';
import { PAGE_ONLY_TYPES } from './page-types.js';
import { designFields, FrameStyle } from '../brand/index.js';

const CODE_TYPES = [...QR_CONTENT_TYPES, ...PAGE_ONLY_TYPES];
const HEX = '^#[0-9A-Fa-f]{6}$';
const nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const isoTime = Type.String({ format: 'date-time', description: 'ISO 8601 UTC timestamp.' });
const urlText = Type.String({ minLength: 1, maxLength: 2048, description: 'Absolute http or https address.' });

export const Destination = Type.Object(
  {
    url: urlText,
    weight: Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Relative weight, a positive integer.' }),
  },
  { title: 'Destination', additionalProperties: false },
);

const Gradient = Type.Object(
  {
    to: Type.String({
      pattern: HEX,
      description: 'End colour; the gradient starts at the foreground.',
      examples: ['#1A237E'],
    }),
    direction: Type.String({ enum: ['horizontal', 'vertical', 'diagonal'] }),
  },
  {
    title: 'CodeGradient',
    additionalProperties: false,
    description: 'Modules fade from the foreground to `to` in SVG and PDF; PNG and EPS use the foreground.',
  },
);

export const Style = Type.Object(
  {
    foreground: Type.Optional(nullable(Type.String({ pattern: HEX }))),
    background: Type.Optional(nullable(Type.String({ pattern: HEX }))),
    error_correction: Type.Optional(
      Type.Union([Type.Literal('L'), Type.Literal('M'), Type.Literal('Q'), Type.Literal('H'), Type.Null()]),
    ),
    margin: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 64 }), Type.Null()])),
    module_shape: Type.Optional(
      Type.Union([
        Type.String({ enum: [...MODULE_SHAPES], description: 'Data module shape; default square.' }),
        Type.Null(),
      ]),
    ),
    eye_shape: Type.Optional(
      Type.Union([
        Type.String({ enum: [...EYE_SHAPES], description: 'Finder eye shape; default square.' }),
        Type.Null(),
      ]),
    ),
    eye_color: Type.Optional(
      nullable(
        Type.String({ pattern: HEX, description: 'Finder eye colour; default the foreground.', examples: ['#B00020'] }),
      ),
    ),
    gradient: Type.Optional(Type.Union([Gradient, Type.Null()])),
    ...designFields,
    brand_kit_id: Type.Optional(
      nullable(
        Type.String({
          maxLength: 100,
          description: "A brand kit of the workspace: its style applies wherever the code's own field is null.",
        }),
      ),
    ),
  },
  {
    title: 'CodeStyle',
    additionalProperties: false,
    description: 'Rendering defaults of the code; null means "use the workspace or renderer default".',
  },
);

const Tag = Type.String({ minLength: 1, maxLength: 50, pattern: '^[^\\s"\\\\][^"\\\\]*$' });

/** Fields a client may set on create and (except type and dynamic) on update. */
const writable = {
  url: Type.Optional(urlText),
  content: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { description: 'Typed payload for non-url types; see docs/codes.md.' }),
  ),
  title: Type.Optional(nullable(Type.String({ maxLength: 255 }))),
  tags: Type.Optional(Type.Array(Tag, { maxItems: 20, uniqueItems: true })),
  folder_id: Type.Optional(
    Type.Union([Type.String({ maxLength: 100 }), Type.Null()], {
      description:
        "The folder or campaign it sits in (GET /v1/folders); null: none. A code created in a campaign without `utm` inherits the campaign's.",
    }),
  ),
  destinations: Type.Optional(Type.Union([Type.Array(Destination, { minItems: 1, maxItems: 20 }), Type.Null()])),
  expires_at: Type.Optional(Type.Union([isoTime, Type.Null()])),
  fallback_url: Type.Optional(Type.Union([urlText, Type.Null()])),
  max_scans: Type.Optional(
    Type.Union([
      Type.Integer({
        minimum: 1,
        maximum: MAX_STORED_COUNT,
        description: 'Scans after which the code expires, 1 to 1,000,000,000.',
      }),
      Type.Null(),
    ]),
  ),
  style: Type.Optional(Style),
  short_code: Type.Optional(
    Type.String({
      pattern: VANITY_PATTERN,
      description:
        'A chosen short code (dynamic codes): 3–64 of A-Z a-z 0-9 _ -, not a reserved word. Changing it keeps the old one redirecting as an alias.',
    }),
  ),
  rules: Type.Optional(
    Type.Union([Type.Array(RoutingRule, { maxItems: MAX_RULES }), Type.Null()], {
      description: 'Routing rules (dynamic codes), evaluated in order; the first match wins.',
    }),
  ),
  utm: Type.Optional(Type.Union([Utm, Type.Null()])),
  append_click_id: Type.Optional(
    Type.Boolean({
      description:
        'The redirect appends `qrs_cid`, a click id the destination site sends back to POST /v1/conversions (dynamic url codes). Default false.',
    }),
  ),
  password: Type.Optional(
    Type.Union([Type.String({ minLength: 8, maxLength: 128, writeOnly: true }), Type.Null()], {
      description:
        'Visitors enter it before the redirect (dynamic codes); 8 characters or more (a shorter one saved before stays valid); stored hashed, never returned. null removes it.',
    }),
  ),
};

export const CodeCreate = Type.Object(
  {
    type: Type.String({ enum: CODE_TYPES }),
    dynamic: Type.Optional(
      Type.Boolean({
        description:
          'Default true for url, links, pdf and app codes (links, pdf and app are always dynamic). A dynamic vcard or text code is a hosted page at short_url, editable after printing; other types are always static.',
      }),
    ),
    ...writable,
  },
  { title: 'CreateCodeRequest', additionalProperties: false },
);
export type CodeCreate = Static<typeof CodeCreate>;

export const CodeUpdate = Type.Object(
  { ...writable, status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('paused')])) },
  { title: 'UpdateCodeRequest', additionalProperties: false },
);
export type CodeUpdate = Static<typeof CodeUpdate>;

export const MAX_BATCH = 1_000;
export const CodeBatch = Type.Object(
  { codes: Type.Array(CodeCreate, { minItems: 1, maxItems: MAX_BATCH }) },
  { additionalProperties: false },
);

export const RejectBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false },
);

export const STATUSES = ['active', 'paused', 'pending_approval', 'rejected', 'expired'] as const;

export const Code = Type.Object(
  {
    id: Type.String({ examples: ['qr_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    workspace_id: Type.String(),
    type: Type.String({ enum: CODE_TYPES }),
    dynamic: Type.Boolean(),
    url: Type.Union([Type.String(), Type.Null()]),
    content: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    short_code: Type.Union([Type.String(), Type.Null()]),
    short_url: Type.Union([Type.String(), Type.Null()]),
    title: Type.Union([Type.String(), Type.Null()]),
    tags: Type.Array(Type.String()),
    folder_id: Type.Union([Type.String(), Type.Null()]),
    status: Type.String({ enum: [...STATUSES, 'deleted'] }),
    destinations: Type.Union([
      Type.Array(Type.Object({ url: Type.String(), weight: Type.Integer({ minimum: 1, maximum: 1_000_000 }) })),
      Type.Null(),
    ]),
    expires_at: Type.Union([Type.String(), Type.Null()]),
    fallback_url: Type.Union([Type.String(), Type.Null()]),
    max_scans: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_STORED_COUNT }), Type.Null()]),
    scan_count: Count(),
    style: Type.Object({
      foreground: Type.Union([Type.String(), Type.Null()]),
      background: Type.Union([Type.String(), Type.Null()]),
      error_correction: Type.Union([Type.String(), Type.Null()]),
      margin: Type.Union([Type.Integer({ minimum: 0, maximum: 64 }), Type.Null()]),
      module_shape: Type.Union([Type.String(), Type.Null()]),
      eye_shape: Type.Union([Type.String(), Type.Null()]),
      eye_color: Type.Union([Type.String(), Type.Null()]),
      gradient: Type.Union([Gradient, Type.Null()]),
      logo_id: Type.Union([Type.String(), Type.Null()]),
      logo_size: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
      frame: Type.Union([FrameStyle, Type.Null()]),
      brand_kit_id: Type.Union([Type.String(), Type.Null()]),
    }),
    rules: Type.Union([Type.Array(RoutingRule), Type.Null()]),
    utm: Type.Union([Utm, Type.Null()]),
    password_protected: Type.Boolean(),
    append_click_id: Type.Boolean(),
    rejection_reason: Type.Union([Type.String(), Type.Null()]),
    reviewed_at: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { title: 'Code' },
);
export type Code = Static<typeof Code>;

// No pattern: a malformed id is simply not found (404), like another workspace's id.
export const CodeParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const CodeListQuery = Type.Object(
  {
    ...PageQuery,
    type: Type.Optional(Type.String({ enum: CODE_TYPES })),
    status: Type.Optional(Type.String({ enum: [...STATUSES] })),
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    folder_id: Type.Optional(
      Type.String({
        maxLength: 100,
        description: "A folder's codes, its subfolders' included; `none`: the codes in no folder.",
      }),
    ),
    q: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Case-insensitive search in title and url.' }),
    ),
  },
  { additionalProperties: false },
);
export type CodeListQuery = Static<typeof CodeListQuery>;

export const CodeAlias = Type.Object(
  { id: Type.String(), short_code: Type.String(), created_at: Type.String() },
  { title: 'CodeAlias' },
);
export const AliasParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  short_code: Type.String({ maxLength: 64 }),
});
