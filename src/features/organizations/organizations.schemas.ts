import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/nullable.js';
import { Email, Name, Settings, Slug } from '../../http/fields.js';
import type { Selectable } from 'kysely';
import type { OrganizationsTable } from './organizations.table.js';
import { parseJson } from '../../db/column-values.js';

export const Organization = Type.Object(
  {
    id: Type.String({ examples: ['org_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    name: Type.String(),
    slug: Type.String(),
    billing_email: Type.Union([Type.String(), Type.Null()]),
    plan: Type.String({ enum: ['free', 'pro', 'business', 'agency', 'enterprise'] }),
    settings: Type.Record(Type.String(), Type.Unknown()),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { title: 'Organization' },
);

export const CreateOrganizationBody = Type.Object(
  {
    name: Name,
    slug: Slug,
    billing_email: Type.Optional(Nullable(Email)),
  },
  { title: 'CreateOrganizationRequest', additionalProperties: false },
);
export type CreateOrganizationBody = Static<typeof CreateOrganizationBody>;

export const UpdateOrganizationBody = Type.Object(
  {
    name: Type.Optional(Name),
    slug: Type.Optional(Slug),
    billing_email: Type.Optional(Nullable(Email)),
    settings: Type.Optional(Settings),
  },
  { title: 'UpdateOrganizationRequest', additionalProperties: false },
);
export type UpdateOrganizationBody = Static<typeof UpdateOrganizationBody>;

export const OrganizationParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** Whitelists the API fields so a new column never leaks by accident. */
/** The operator's suspension (docs/decisions.md D74) is not the organization's to read. */
type OperatorColumns = 'suspended_at' | 'suspension_reason' | 'suspension_redirects';

export function toOrganization(row: Omit<Selectable<OrganizationsTable>, OperatorColumns>) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    billing_email: row.billing_email,
    plan: row.plan,
    settings: parseJson<Record<string, unknown>>(row.settings, {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
