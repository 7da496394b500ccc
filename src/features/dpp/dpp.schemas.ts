// HTTP schemas of the /v1/dpp routes. Passport bodies are documented with the contract's schemas
// but judged by validatePassport (richer, stable issue codes), so those routes use a compiler
// that only insists on a JSON object; the other parts go through the app's usual validator.
import { Type } from 'typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { Meta } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { validatorCompiler } from '../../http/validator.js';
import { ACCESS_LEVELS, BATTERY_STATUSES, CATEGORIES, PassportDataSchema, PassportSchema, PUBLICATION_STATUSES } from './dpp.contract.js';
import { Count, MAX_SAFE } from '../../http/numbers.js';

const standard = validatorCompiler();
const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Body: any JSON object (the service validates it); params and query: the app's Ajv. */
export const objectBodyCompiler: FastifySchemaCompiler<any> = (route) =>
  route.httpPart === 'body'
    ? (body: unknown) => (isObject(body)
      ? { value: body }
      : { error: [{ keyword: 'type', instancePath: '', schemaPath: '#/type', params: { type: 'object' }, message: 'must be a JSON object' }] })
    : standard(route);

/** Body: any JSON at all; POST /v1/dpp/validate reports on whatever it gets. */
export const anyBodyCompiler: FastifySchemaCompiler<any> = (route) =>
  route.httpPart === 'body' ? (body: unknown) => ({ value: body }) : standard(route);

// No pattern: a malformed id is simply not found (404), like another workspace's id.
export const PassportParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const GrantParams = Type.Object({ id: Type.String({ maxLength: 100 }), grant_id: Type.String({ maxLength: 100 }) });

export const PassportListQuery = Type.Object({
  ...PageQuery,
  gtin: Type.Optional(Type.String({ maxLength: 14, description: 'GTIN-8, -12, -13 or -14; normalised to 14 digits before matching.' })),
  category: Type.Optional(Type.Enum(CATEGORIES)),
  battery_status: Type.Optional(Type.Enum(BATTERY_STATUSES)),
  publication_status: Type.Optional(Type.Enum(PUBLICATION_STATUSES)),
}, { additionalProperties: false });

export const VersionListQuery = Type.Object({
  limit: PageQuery.limit,
  cursor: Type.Optional(Type.String({ maxLength: 12, description: 'The version number of the last item of the previous page.' })),
}, { additionalProperties: false });

const IssueSchema = Type.Object({
  path: Type.String(), code: Type.String(), message: Type.String(), severity: Type.Enum(['error', 'warning']),
});

/** One passport; meta.warnings lists what the validator warned about (never a reason to refuse). */
export const PassportEnvelope = Type.Object({
  data: PassportSchema,
  meta: Type.Object({ ...Meta.properties, warnings: Type.Array(IssueSchema) }),
});

export const ValidationEnvelope = Type.Object({
  data: Type.Object({
    valid: Type.Boolean(),
    errors: Type.Array(IssueSchema),
    warnings: Type.Array(IssueSchema),
    summary: Type.Object({
      errors: Count(), warnings: Count(),
      category: Type.Union([Type.Enum(CATEGORIES), Type.Null()]),
      obligation: Type.Union([Type.Boolean(), Type.Null()]),
    }),
  }),
  meta: Meta,
});

export const PassportVersionSchema = Type.Object({
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
});

const grantLevel = Type.Enum(ACCESS_LEVELS.filter((l) => l !== 'public'), { description: 'legitimate_interest (Art. 77(2)) or authority' });

export const GrantCreate = Type.Object({
  level: grantLevel,
  expires_at: Type.String({ format: 'date-time', description: 'In the future, at most one year ahead.' }),
  note: Type.Optional(Type.String({ maxLength: 500, description: 'Who the grant is for and why; shown in listings and the audit log.' })),
}, { additionalProperties: false });

export const AccessGrantSchema = Type.Object({
  id: Type.String(),
  passport_id: Type.String(),
  level: grantLevel,
  note: Type.Union([Type.String(), Type.Null()]),
  expires_at: Type.String({ format: 'date-time' }),
  created_at: Type.String({ format: 'date-time' }),
  revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const AccessGrantWithToken = Type.Object({
  ...AccessGrantSchema.properties,
  token: Type.String({ description: 'Shown once. Send it to the passport page as `Authorization: Bearer <token>` (or open the page once with `?token=`, which sets a short-lived cookie and redirects to the clean URL).', 'x-secret': true }),
});
