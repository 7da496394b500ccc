// /v1/dpp-credentials: standing access credentials of the organization (org_admin only).
import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { route } from '../../http/route.js';
import { createCredential, listCredentials, revokeCredential } from './credentials.service.js';
import { CredentialCreate, CredentialSchema, CredentialWithToken } from './credentials.schemas.js';

const tags = ['dpp'];

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
