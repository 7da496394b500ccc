import { Type, type Static } from 'typebox';
import type { Selectable } from 'kysely';
import { Name } from '../../http/fields.js';
import { Nullable } from '../../http/nullable.js';
import { PageQuery } from '../../http/pagination.js';
import { Actor } from '../../http/actor.js';
import type { ApiKeysTable } from './api-keys.table.js';

export const ApiKey = Type.Object(
  {
    id: Type.String({ examples: ['key_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    name: Type.String(),
    workspace_id: Type.String(),
    hint: Type.String({
      description: 'The first characters of the secret, to tell keys apart.',
      examples: ['qrs_sk_a1B2'],
    }),
    status: Type.Enum(['active', 'revoked', 'expired']),
    created_by: Nullable(Type.String({ description: 'The user who created the key; null for keys made by the CLI.' })),
    creator: Type.Union([Actor, Type.Null()], {
      description: 'Who created_by is, in words (name and address); null for keys made by the CLI.',
    }),
    created_at: Type.String(),
    expires_at: Nullable(Type.String()),
    revoked_at: Nullable(Type.String()),
    last_used_at: Nullable(Type.String({ description: 'Written at most every 30 seconds per key.' })),
  },
  { title: 'ApiKey' },
);

export const CreatedApiKey = Type.Object(
  {
    ...ApiKey.properties,
    api_key: Type.String({ description: 'The secret. Shown only in this response; store it now.', 'x-secret': true }),
  },
  { title: 'CreatedApiKey' },
);

export const CreateApiKeyBody = Type.Object(
  {
    name: Name,
    workspace_id: Type.Optional(Type.String({ maxLength: 64, description: 'Defaults to the current workspace.' })),
    expires_at: Type.Optional(Type.String({ format: 'date-time', description: 'Must lie in the future.' })),
  },
  { title: 'CreateApiKeyRequest', additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const ApiKeyListQuery = Type.Object(
  {
    ...PageQuery,
    workspace_id: Type.Optional(Type.String({ maxLength: 64, description: 'Defaults to the current workspace.' })),
  },
  { additionalProperties: false },
);
export type ApiKeyListQuery = Static<typeof ApiKeyListQuery>;

export const ApiKeyParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** Whitelisted: the hash never leaves the service. */
export function toApiKey(row: Selectable<ApiKeysTable>, now: Date) {
  const expired = row.expires_at !== null && row.expires_at <= now.toISOString();
  return {
    id: row.id,
    name: row.name,
    workspace_id: row.workspace_id,
    hint: row.hint,
    status: row.revoked_at ? ('revoked' as const) : expired ? ('expired' as const) : ('active' as const),
    created_by: row.created_by,
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
  };
}
