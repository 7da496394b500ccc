// The schemas of the standing access credentials (credentials.routes.ts).
import { Type } from 'typebox';

const level = Type.Enum(['legitimate_interest', 'authority'], {
  description: 'legitimate_interest: repairers, recyclers, second-life operators; authority: everything.',
});

export const CredentialSchema = Type.Object(
  {
    id: Type.String({ pattern: '^dpc_[0-9A-HJKMNP-TV-Z]{26}$' }),
    level,
    holder: Type.String({ description: 'Who holds the credential', examples: ['Recycler GmbH'] }),
    gtin_prefixes: Type.Union(
      [Type.Array(Type.String({ pattern: '^[0-9]{1,14}$', examples: ['0426012345'] })), Type.Null()],
      {
        description: 'GTIN-14 prefixes the credential is limited to; null: every passport of the organization.',
      },
    ),
    note: Type.Union([Type.String(), Type.Null()]),
    expires_at: Type.String({ format: 'date-time' }),
    created_at: Type.String({ format: 'date-time' }),
    revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'AccessCredential' },
);

export const CredentialWithToken = Type.Object(
  {
    ...CredentialSchema.properties,
    token: Type.String({
      description:
        'Shown once. Send it to any passport page of the organization as `Authorization: Bearer <token>` (or `?token=` in a browser, traded for a short-lived cookie).',
      'x-secret': true,
    }),
  },
  { title: 'AccessCredentialWithToken' },
);

export const CredentialCreate = Type.Object(
  {
    level,
    holder: Type.String({ minLength: 1, maxLength: 200, description: 'Who the credential is for' }),
    expires_at: Type.String({ format: 'date-time', description: 'In the future, at most one year ahead.' }),
    gtin_prefixes: Type.Optional(
      Type.Array(Type.String({ pattern: '^[0-9]{1,14}$', examples: ['0426012345'] }), {
        minItems: 1,
        maxItems: 100,
        description: 'Limit the credential to GTIN-14s starting with one of these (e.g. 0426012345); omit for all.',
      }),
    ),
    note: Type.Optional(Type.String({ maxLength: 500, description: 'Why; shown in listings and the audit log.' })),
  },
  { title: 'CreateAccessCredentialRequest', additionalProperties: false },
);
