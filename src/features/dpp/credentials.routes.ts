// /v1/dpp-credentials: standing access credentials of the organization (org_admin only).
import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { route } from '../../http/route.js';
import { createCredential, listCredentials, revokeCredential } from './credentials.service.js';

const tags = ['dpp'];
const level = Type.Enum(['legitimate_interest', 'authority'], {
  description: 'legitimate_interest: repairers, recyclers, second-life operators; authority: everything.',
});

const CredentialSchema = Type.Object(
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

const CredentialWithToken = Type.Object(
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

const CredentialCreate = Type.Object(
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

export default async function credentialsRoutes(app: App) {
  const deps = app.deps;

  app.post(
    '/v1/dpp-credentials',
    route('dpp.credentials.manage', {
      operationId: 'createAccessCredential',
      tags,
      summary: "Give a party standing restricted access to the organization's passports",
      description:
        'org_admin only. Returns the token once. Every published passport of the organization (or those under `gtin_prefixes`) shows the legitimate-interest or authority view to a request carrying it, until `expires_at` (at most one year) or revocation. Audited as `dpp.credential_issued`.',
      body: CredentialCreate,
      response: { 201: One(CredentialWithToken) },
    }),
    async (request, reply) =>
      reply.code(201).send(one(request, await createCredential(deps, principalOf(request), request.body))),
  );

  app.get(
    '/v1/dpp-credentials',
    route('dpp.credentials.manage', {
      operationId: 'listAccessCredentials',
      tags,
      summary: 'Standing access credentials of the organization, newest first (without tokens)',
      description: 'org_admin only. Tokens are shown once, at creation, and never listed.',
      querystring: Type.Object({ ...PageQuery }, { additionalProperties: false }),
      response: { 200: List(CredentialSchema) },
    }),
    async (request) => list(request, await listCredentials(deps, principalOf(request), request.query)),
  );

  app.delete(
    '/v1/dpp-credentials/:id',
    route('dpp.credentials.manage', {
      operationId: 'revokeAccessCredential',
      tags,
      summary: 'Revoke a standing access credential; its token stops working at once',
      description:
        "org_admin only. Answers 200 with the credential's final state. Audited as `dpp.credential_revoked`.",
      params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
      response: { 200: One(CredentialSchema) },
    }),
    async (request) => one(request, await revokeCredential(deps, principalOf(request), request.params.id)),
  );
}
