import { Type, type Static } from 'typebox';
import type { Selectable } from 'kysely';
import { PLAN_NAMES } from '../../platform/plans.js';
import { PageQuery } from '../../http/pagination.js';
import { Nullable } from '../../http/nullable.js';
import { Count } from '../../http/numbers.js';
import { parseJson } from '../../db/column-values.js';
import type { OperatorAuditTable } from './operator.table.js';
import { Suspension } from './operator-accounts.schemas.js';

const OrganizationId = Type.String({ maxLength: 100, examples: ['org_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] });

export const OrganizationParams = Type.Object({ id: OrganizationId });

export const OrganizationDirectoryQuery = Type.Object(
  {
    ...PageQuery,
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          "Search: an organization's id, part of its name or slug (any case), or a member's full e-mail address.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type OrganizationDirectoryQuery = Static<typeof OrganizationDirectoryQuery>;

const FootprintSchema = Type.Object(
  {
    period: Type.String({
      description: 'The calendar month in UTC the scans are counted in (YYYY-MM).',
      examples: ['2026-12'],
    }),
    scans: Count({ description: 'Scans counted this period (bots left out), as GET /v1/usage counts them.' }),
    dynamic_codes: Count({ description: 'Active dynamic codes, the count the plan limits.' }),
    storage_bytes: Count({ description: 'Bytes of uploaded files and logos.' }),
    members: Count({ description: 'People who belong to the organization.' }),
  },
  { title: 'OperatorOrganizationUsage' },
);

export const OperatorOrganization = Type.Object(
  {
    id: OrganizationId,
    name: Type.String({ examples: ['Acme Corp'] }),
    slug: Type.String({ examples: ['acme'] }),
    billing_email: Nullable(Type.String()),
    plan: Type.Enum(PLAN_NAMES, { description: "The organization's plan." }),
    created_at: Type.String({ examples: ['2026-01-15T09:30:00.000Z'] }),
    updated_at: Type.String({ examples: ['2026-11-02T14:05:00.000Z'] }),
    suspended_at: Nullable(
      Type.String({ description: 'When the operator suspended it (docs/decisions.md D74); null while it is not.' }),
    ),
    suspension: Type.Union([Suspension, Type.Null()], { description: 'Why, and what its codes answer meanwhile.' }),
    usage: FootprintSchema,
  },
  { title: 'OperatorOrganization' },
);

export const PlanChangeBody = Type.Object(
  { plan: Type.Enum(PLAN_NAMES, { description: 'The plan to move the organization to.' }) },
  { additionalProperties: false },
);
export type PlanChangeBody = Static<typeof PlanChangeBody>;

export const OperatorAuditQuery = Type.Object(
  {
    ...PageQuery,
    target_id: Type.Optional(
      Type.String({ maxLength: 100, description: 'Only the entries about this id (an org_… or usr_…).' }),
    ),
    action: Type.Optional(Type.String({ maxLength: 100, description: 'Only the entries of this action.' })),
  },
  { additionalProperties: false },
);
export type OperatorAuditQuery = Static<typeof OperatorAuditQuery>;

const Json = Nullable(Type.Record(Type.String(), Type.Unknown()));

export const OperatorAuditEntry = Type.Object(
  {
    id: Type.String({ examples: ['aud_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    operator_id: Nullable(Type.String({ description: "The operator's user id; null for the CLI." })),
    action: Type.String({
      description:
        'organization.viewed, organization.plan_changed, organization.suspended, organization.unsuspended, organization.erased, user.disabled, user.enabled, user.erased, invitation.resent, invitation.revoked, operator.added or operator.removed.',
      examples: ['organization.plan_changed'],
    }),
    target_type: Type.String({ examples: ['organization'] }),
    target_id: Type.String({ examples: ['org_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    before: Json,
    after: Json,
    details: Json,
    request_id: Nullable(Type.String()),
    created_at: Type.String({ examples: ['2026-12-02T14:05:00.000Z'] }),
  },
  { title: 'OperatorAuditEntry' },
);

export function toAuditEntry(row: Selectable<OperatorAuditTable>) {
  return {
    id: row.id,
    operator_id: row.operator_id,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    before: parseJson<Record<string, unknown> | null>(row.before, null),
    after: parseJson<Record<string, unknown> | null>(row.after, null),
    details: parseJson<Record<string, unknown> | null>(row.details, null),
    request_id: row.request_id,
    created_at: row.created_at,
  };
}
