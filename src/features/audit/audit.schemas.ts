import { Type, type Static } from 'typebox';
import type { Selectable } from 'kysely';
import { PageQuery } from '../../http/pagination.js';
import { parseJson } from '../../db/column-values.js';
import { Actor } from '../../http/actor.js';
import type { AuditLogsTable } from './audit.table.js';

/**
 * The resource types the log can be filtered by: the interface's four (webhooks included, though no
 * route writes them yet) plus every type our features write (docs/decisions.md D6).
 */
export const AUDIT_RESOURCE_TYPES = [
  'codes',
  'api_keys',
  'webhooks',
  'workspaces',
  'organizations',
  'comments',
  'dpp',
  'gs1_prefixes',
  'files',
  'logos',
  'brand_kits',
  'folders',
] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

export const AuditEntry = Type.Object(
  {
    id: Type.String({ examples: ['aud_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    workspace_id: Type.String(),
    actor_type: Type.Enum(['api', 'user', 'system'], {
      description: 'api: an API key; user: a dashboard session; system: the CLI or the service itself.',
    }),
    actor_id: Type.Union([Type.String(), Type.Null()], { description: 'The key_… or usr_… id; null for system.' }),
    actor: Type.Union([Actor, Type.Null()], {
      description: "Who actor_id is, in words: the user's name and address or the key's name; null for system.",
    }),
    subject: Type.Union([Actor, Type.Null()], {
      description:
        'The person the entry is about, where that is not the resource: the member whose workspace role changed (workspaces.member_*); otherwise null.',
    }),
    action: Type.String({ examples: ['codes.created'] }),
    resource_type: Type.String({ examples: ['codes'], description: `One of ${AUDIT_RESOURCE_TYPES.join(', ')}.` }),
    resource_id: Type.String(),
    changes: Type.Record(Type.String(), Type.Unknown(), {
      description: '{"<field>": {"old": …, "new": …}} for every changed field; old is null on creation.',
    }),
    request_id: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
  },
  { title: 'AuditLogEntry' },
);

export const AuditListQuery = Type.Object(
  {
    ...PageQuery,
    resource_type: Type.Optional(Type.Enum([...AUDIT_RESOURCE_TYPES])),
    resource_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 100, examples: ['codes.created'] })),
    actor_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        examples: ['usr_01JD3Y2K8Q9XW4T5N6M7P8R9S0'],
        description: 'Entries made by this user (usr_…) or API key (key_…).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AuditListQuery = Static<typeof AuditListQuery>;

export const AuditParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export function toAuditEntry(row: Selectable<AuditLogsTable>) {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    actor_type: row.actor_type,
    actor_id: row.actor_id,
    action: row.action,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    changes: parseJson<Record<string, unknown>>(row.changes, {}),
    request_id: row.request_id,
    created_at: row.created_at,
  };
}
