import { Type, type Static } from 'typebox';
import type { Selectable } from 'kysely';
import { WORKSPACE_ROLES } from '../../lib/roles.js';
import { Nullable } from '../../http/nullable.js';
import { parseJson } from '../../db/column-values.js';
import type { SsoConnectionsTable, SsoRole } from './sso.table.js';

export const SSO_ROLES = ['org_admin', ...WORKSPACE_ROLES] as const satisfies readonly SsoRole[];
const Role = Type.Enum([...SSO_ROLES], {
  description:
    "`org_admin`: the organization's admin; a workspace role: a member with that role in `workspace_id` (the default workspace when absent).",
});

export const SsoRoleMapping = Type.Object(
  {
    value: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'A value of the role claim (a group or role name).',
    }),
    role: Role,
    workspace_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  },
  { additionalProperties: false, title: 'SsoRoleMapping' },
);
export type SsoRoleMapping = Static<typeof SsoRoleMapping>;

export const SsoConnection = Type.Object(
  {
    organization_id: Type.String({ examples: ['org_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    issuer: Type.String({ examples: ['https://acme.okta.com'] }),
    client_id: Type.String(),
    client_secret_set: Type.Boolean({ description: 'The client secret is stored (sealed); it is never returned.' }),
    role_claim: Type.Union([Type.String(), Type.Null()]),
    role_mappings: Type.Array(SsoRoleMapping),
    default_role: Type.Union([Role, Type.Null()]),
    required: Type.Boolean(),
    sign_in_url: Type.String({ description: "Where this organization's members start signing in." }),
    redirect_uri: Type.String({ description: 'The callback to register at the identity provider.' }),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { title: 'SsoConnection' },
);
export type SsoConnection = Static<typeof SsoConnection>;

export const SsoConnectionPut = Type.Object(
  {
    issuer: Type.String({
      minLength: 1,
      maxLength: 500,
      description:
        "The provider's issuer URL; its `/.well-known/openid-configuration` is read when saved (422 at `/issuer` when it cannot be).",
    }),
    client_id: Type.String({ minLength: 1, maxLength: 255 }),
    client_secret: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        description: 'Required the first time; absent keeps the stored one.',
      }),
    ),
    role_claim: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 100,
          pattern: '^[^.\\s]+(\\.[^.\\s]+)*$',
          description: 'The ID token claim holding groups or roles, a string or an array; dots name nested claims.',
        }),
      ),
    ),
    role_mappings: Type.Optional(Type.Array(SsoRoleMapping, { maxItems: 50 })),
    default_role: Type.Optional(
      Type.Union([Role, Type.Null()], {
        description: 'The role of a first sign-in no mapping matches (default `viewer`); null refuses it.',
      }),
    ),
    required: Type.Optional(
      Type.Boolean({
        description:
          'Members sign in only through the provider (password sign-in and reset refused). Turning it on needs the acting admin to have signed in through it once (422 `sso_not_proven`).',
      }),
    ),
  },
  { additionalProperties: false, title: 'SsoConnectionPut' },
);
export type SsoConnectionPut = Static<typeof SsoConnectionPut>;

export const SsoParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const SsoStartQuery = Type.Object(
  { organization: Type.String({ minLength: 1, maxLength: 63, description: "The organization's slug." }) },
  { additionalProperties: false },
);

export const SsoCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 2000 })),
    // Sent back with every answer, a refusal too (RFC 6749 4.1.2): without it nothing can be matched.
    state: Type.String({ minLength: 1, maxLength: 200 }),
    iss: Type.Optional(Type.String({ maxLength: 500 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  // Providers may add parameters of their own (session_state): kept, not refused.
  { additionalProperties: true },
);

/** The one mapper from a row to the API object: the sealed secret never leaves. */
export function toSsoConnection(row: Selectable<SsoConnectionsTable>, baseUrl: string, slug: string): SsoConnection {
  return {
    organization_id: row.organization_id,
    issuer: row.issuer,
    client_id: row.client_id,
    client_secret_set: true,
    role_claim: row.role_claim,
    role_mappings: parseJson<SsoRoleMapping[]>(row.role_mappings, []).map((m) => ({
      value: m.value,
      role: m.role,
      workspace_id: m.workspace_id ?? null,
    })),
    default_role: row.default_role,
    required: Number(row.required) === 1,
    sign_in_url: `${baseUrl}/auth/sso/start?organization=${encodeURIComponent(slug)}`,
    redirect_uri: redirectUri(baseUrl),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export const redirectUri = (baseUrl: string) => `${baseUrl}/auth/sso/callback`;
