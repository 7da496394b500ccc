// HTTP schemas of the /v1/dpp routes. Passport bodies are documented with the contract's schemas
// but judged by validatePassport (richer, stable issue codes), so those routes use a compiler
// that only insists on a JSON object; the other parts go through the app's usual validator.
import { Type } from 'typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { Meta } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { routeLevelCompilations, validatorCompiler } from '../../http/schema-compilers.js';
import {
  ACCESS_LEVELS,
  BATTERY_STATUSES,
  CATEGORIES,
  PassportDataSchema,
  PassportSchema,
  PUBLICATION_STATUSES,
  UniqueIdentifierSchema,
} from './dpp.contract.js';
import { Count, MAX_SAFE } from '../../http/numbers.js';

const standard = validatorCompiler(routeLevelCompilations);
const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Body: any JSON object (the service validates it); params and query: the app's Ajv. */
export const objectBodyCompiler: FastifySchemaCompiler<any> = (route) =>
  route.httpPart === 'body'
    ? (body: unknown) =>
        isObject(body)
          ? { value: body }
          : {
              error: [
                {
                  keyword: 'type',
                  instancePath: '',
                  schemaPath: '#/type',
                  params: { type: 'object' },
                  message: 'must be a JSON object',
                },
              ],
            }
    : standard(route);

/** Body: any JSON at all; POST /v1/dpp/validate reports on whatever it gets. */
export const anyBodyCompiler: FastifySchemaCompiler<any> = (route) =>
  route.httpPart === 'body' ? (body: unknown) => ({ value: body }) : standard(route);

// No pattern: a malformed id is simply not found (404), like another workspace's id.
export const PassportParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const GrantParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  grant_id: Type.String({ maxLength: 100 }),
});

export const PassportListQuery = Type.Object(
  {
    ...PageQuery,
    gtin: Type.Optional(
      Type.String({ maxLength: 14, description: 'GTIN-8, -12, -13 or -14; normalised to 14 digits before matching.' }),
    ),
    category: Type.Optional(Type.Enum(CATEGORIES)),
    battery_status: Type.Optional(Type.Enum(BATTERY_STATUSES)),
    publication_status: Type.Optional(Type.Enum(PUBLICATION_STATUSES)),
  },
  { additionalProperties: false },
);

export const VersionListQuery = Type.Object(
  {
    limit: PageQuery.limit,
    cursor: Type.Optional(
      Type.String({ maxLength: 12, description: 'The version number of the last item of the previous page.' }),
    ),
  },
  { additionalProperties: false },
);

export const IssueSchema = Type.Object({
  path: Type.String(),
  code: Type.String(),
  message: Type.String(),
  severity: Type.Enum(['error', 'warning']),
});

/** One passport; meta.warnings lists what the validator warned about (never a reason to refuse). */
export const PassportEnvelope = Type.Object(
  {
    data: PassportSchema,
    meta: Type.Object({ ...Meta.properties, warnings: Type.Array(IssueSchema) }),
  },
  { title: 'PassportResponse' },
);

export const ValidationEnvelope = Type.Object(
  {
    data: Type.Object({
      valid: Type.Boolean(),
      errors: Type.Array(IssueSchema),
      warnings: Type.Array(IssueSchema),
      summary: Type.Object({
        errors: Count(),
        warnings: Count(),
        category: Type.Union([Type.Enum(CATEGORIES), Type.Null()]),
        obligation: Type.Union([Type.Boolean(), Type.Null()]),
      }),
    }),
    meta: Meta,
  },
  { title: 'PassportValidationResponse' },
);

export const PassportVersionSchema = Type.Object(
  {
    passport_id: Type.String(),
    version: Type.Integer({ minimum: 1, maximum: MAX_SAFE }),
    action: Type.Enum(['created', 'updated', 'published', 'archived']),
    battery_status: Type.Enum(BATTERY_STATUSES),
    publication_status: Type.Enum(PUBLICATION_STATUSES),
    predecessor_id: Type.Union([Type.String(), Type.Null()]),
    data: PassportDataSchema,
    actor_type: Type.Enum(['api', 'user', 'system']),
    actor_id: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'PassportVersion' },
);

const grantLevel = Type.Enum(
  ACCESS_LEVELS.filter((l) => l !== 'public'),
  { description: 'legitimate_interest (Art. 77(2)) or authority' },
);

export const GrantCreate = Type.Object(
  {
    level: grantLevel,
    expires_at: Type.String({ format: 'date-time', description: 'In the future, at most one year ahead.' }),
    note: Type.Optional(
      Type.String({
        maxLength: 500,
        description: 'Who the grant is for and why; shown in listings and the audit log.',
      }),
    ),
  },
  { title: 'CreateAccessGrantRequest', additionalProperties: false },
);

export const AccessGrantSchema = Type.Object(
  {
    id: Type.String(),
    passport_id: Type.String(),
    level: grantLevel,
    note: Type.Union([Type.String(), Type.Null()]),
    expires_at: Type.String({ format: 'date-time' }),
    created_at: Type.String({ format: 'date-time' }),
    revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'AccessGrant' },
);

export const AccessGrantWithToken = Type.Object(
  {
    ...AccessGrantSchema.properties,
    token: Type.String({
      description:
        'Shown once. Send it to the passport page as `Authorization: Bearer <token>` (or open the page once with `?token=`, which sets a short-lived cookie and redirects to the clean URL).',
      'x-secret': true,
    }),
  },
  { title: 'AccessGrantWithToken' },
);

/** What GET /dpp/{gtin}/{serial} answers as JSON: the passport filtered to the caller's access level. */
export const PassportViewSchema = Type.Object(
  {
    access_level: Type.Enum(ACCESS_LEVELS, {
      description: "What the request may see: public without a token, else the grant's level.",
    }),
    gtin: Type.String({ pattern: '^[0-9]{14}$' }),
    serial: Type.String(),
    lot: Type.Union([Type.String(), Type.Null()]),
    unique_identifier: Type.Optional(UniqueIdentifierSchema),
    category: Type.Enum(CATEGORIES),
    digital_link: Type.String({ format: 'uri' }),
    public_url: Type.String({ format: 'uri' }),
    version: Type.Integer({ minimum: 1, maximum: MAX_SAFE }),
    updated_at: Type.String({ format: 'date-time' }),
    battery_status: Type.Optional(
      Type.Enum(BATTERY_STATUSES, { description: 'Only for legitimate_interest and authority.' }),
    ),
    predecessor_id: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: 'Only for legitimate_interest and authority.' }),
    ),
    data: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The passport data (schema PassportData) with only the attributes this access level may see.',
    }),
  },
  { title: 'PassportView', additionalProperties: false },
);

export const PassportViewEnvelope = Type.Object(
  { data: PassportViewSchema, meta: Meta },
  { title: 'PassportViewResponse' },
);

const LinkTargetSchema = Type.Object(
  {
    href: Type.String({ format: 'uri' }),
    title: Type.String(),
    type: Type.Optional(Type.String({ examples: ['text/html'] })),
    hreflang: Type.Optional(Type.Array(Type.String({ examples: ['en'] }))),
  },
  { title: 'LinkTarget', description: 'A link target; the default link has a title and an href only.' },
);

/**
 * RFC 9264 linkset as GS1-Conformant resolvers serve it: one context per level (the battery,
 * then its model at the GTIN level), each with its anchor (the Digital Link URI), an
 * itemDescription and, per GS1 Web Vocabulary link type URI, its targets.
 */
export const LinksetSchema = Type.Object(
  {
    linkset: Type.Array(
      Type.Object(
        { anchor: Type.String({ format: 'uri' }), itemDescription: Type.String() },
        {
          additionalProperties: Type.Union([Type.Array(LinkTargetSchema), Type.String()]),
          description: 'The anchor, a description and, per GS1 link type URI, its targets.',
        },
      ),
      { minItems: 1 },
    ),
  },
  { title: 'Linkset' },
);

export const ResolverDescriptionSchema = Type.Object(
  {
    name: Type.String({ examples: ['qrs resolver'] }),
    resolverRoot: Type.String({ format: 'uri' }),
    supportedPrimaryKeys: Type.Array(Type.String({ examples: ['01'], description: 'Numeric AIs of the primary keys' })),
    supportedLinkType: Type.Array(
      Type.Object({
        namespace: Type.String({ format: 'uri' }),
        prefix: Type.String({ examples: ['gs1:'] }),
        profile: Type.String({ format: 'uri' }),
      }),
    ),
    linkTypeDefaultCanBeLinkset: Type.Boolean(),
    linkTypeDefaultCanBeAll: Type.Boolean(),
    jsonLdContextLocation: Type.String({ format: 'uri', description: 'JSON-LD context of the linkset' }),
  },
  { title: 'ResolverDescription' },
);
