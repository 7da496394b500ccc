import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/nullable.js';
import { Name, Settings, Slug } from '../../http/fields.js';
import { PageQuery } from '../../http/pagination.js';

const Description = Type.String({ maxLength: 2000 });
const Locale = Type.String({
  minLength: 2,
  maxLength: 35,
  pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
  examples: ['de', 'en-GB'],
});
const Color = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', examples: ['#1A2B3C'] });
/** Checked and lower-cased in the service (normalizeHostName); the schema only bounds it. */
/** Checked against the runtime's IANA zones and canonicalised in the service (canonicalTimeZone). */
const TimeZone = Type.String({
  minLength: 1,
  maxLength: 64,
  examples: ['Europe/Berlin'],
  description: 'IANA time zone name; analytics bucket days in it by default.',
});
const RetentionDays = Type.Integer({
  minimum: 1,
  maximum: 3650,
  examples: [365],
  description: 'Days raw scans are kept; null keeps them for ever. Rollups are kept regardless.',
});
const HostName = Type.String({ minLength: 1, maxLength: 253, examples: ['qr.example.com'] });

export const DomainCheckQuery = Type.Object(
  { domain: Type.String({ minLength: 1, maxLength: 253, examples: ['qr.example.com'] }) },
  { additionalProperties: false },
);
export const DomainCheck = Type.Object({ domain: Type.String() }, { title: 'DomainCheck' });

const DomainVerification = Type.Object(
  {
    type: Type.Literal('TXT'),
    name: Type.String({ examples: ['_qrs-challenge.qr.example.com'] }),
    value: Type.String({ examples: ['qrs-verify=3f9c0a7e5b1d42c68e0f9a1b2c3d4e5f'] }),
  },
  {
    title: 'CustomDomainVerification',
    description: 'Create this TXT record, then call POST /v1/workspaces/{id}/domain/verify.',
  },
);

export const Workspace = Type.Object(
  {
    id: Type.String({ examples: ['ws_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    organization_id: Type.String(),
    name: Type.String(),
    slug: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    default_locale: Type.String(),
    approval_required: Type.Boolean(),
    primary_color: Type.Union([Type.String(), Type.Null()]),
    custom_domain: Type.Union([Type.String(), Type.Null()], {
      description: 'Host name short URLs use once verified; until then it affects nothing.',
    }),
    custom_domain_status: Type.Union([Type.Enum(['unverified', 'verified']), Type.Null()], {
      description: 'null when no custom domain is set.',
    }),
    custom_domain_verification: Type.Union([DomainVerification, Type.Null()], {
      description: 'The DNS record that proves control of custom_domain, while it is unverified; else null.',
    }),
    settings: Type.Record(Type.String(), Type.Unknown()),
    timezone: Type.String({ description: 'IANA time zone name; default UTC.' }),
    scan_retention_days: Type.Union([RetentionDays, Type.Null()], {
      description: 'Days raw scans are kept; null (the default) keeps them for ever.',
    }),
    is_default: Type.Boolean(),
    status: Type.Enum(['active', 'archived']),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { title: 'Workspace' },
);

export const CreateWorkspaceBody = Type.Object(
  {
    name: Name,
    slug: Slug,
    description: Type.Optional(Nullable(Description)),
    default_locale: Type.Optional(Locale),
    approval_required: Type.Optional(Type.Boolean()),
    primary_color: Type.Optional(Nullable(Color)),
    timezone: Type.Optional(TimeZone),
    scan_retention_days: Type.Optional(Nullable(RetentionDays)),
  },
  { title: 'CreateWorkspaceRequest', additionalProperties: false },
);
export type CreateWorkspaceBody = Static<typeof CreateWorkspaceBody>;

export const UpdateWorkspaceBody = Type.Object(
  {
    name: Type.Optional(Name),
    slug: Type.Optional(Slug),
    description: Type.Optional(Nullable(Description)),
    default_locale: Type.Optional(Locale),
    approval_required: Type.Optional(Type.Boolean()),
    primary_color: Type.Optional(Nullable(Color)),
    custom_domain: Type.Optional(Nullable(HostName)),
    settings: Type.Optional(Settings),
    timezone: Type.Optional(TimeZone),
    scan_retention_days: Type.Optional(Nullable(RetentionDays)),
  },
  { title: 'UpdateWorkspaceRequest', additionalProperties: false },
);
export type UpdateWorkspaceBody = Static<typeof UpdateWorkspaceBody>;

export const WorkspaceParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const WorkspaceListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Enum(['active', 'archived'], {
        default: 'active',
        description: 'Which workspaces to list; default active.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type WorkspaceListQuery = Static<typeof WorkspaceListQuery>;
