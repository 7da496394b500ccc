import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { Type } from 'typebox';
import { AccessGrantSchema, AccessGrantWithToken, GrantCreate, GrantParams, PassportParams } from './dpp.schemas.js';
import { createGrant, listGrants, revokeAccessGrant } from './grants.service.js';
import { route } from '../../http/route.js';

const tags = ['dpp'];

export default async function grantsRoutes(app: App) {
  const deps = app.deps;

  app.post(
    '/v1/dpp/:id/access-grants',
    route('dpp.grant', {
      operationId: 'createPassportAccessGrant',
      tags,
      summary: 'Give one person restricted access to one passport',
      description:
        'Returns the token once. The passport page shows the legitimate-interest or authority view to a request carrying it (`Authorization: Bearer <token>` or `?token=`) until `expires_at` (at most one year) or revocation.',
      params: PassportParams,
      body: GrantCreate,
      response: { 201: One(AccessGrantWithToken) },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(one(request, await createGrant(deps, principalOf(request), request.params.id, request.body))),
  );

  app.get(
    '/v1/dpp/:id/access-grants',
    route('dpp.read', {
      operationId: 'listPassportAccessGrants',
      tags,
      summary: 'Access grants of a passport, newest first (without tokens)',
      description:
        'The access grants (legitimate interest, authority) issued for a passport, newest first. Tokens are shown only once, at creation, and never listed.',
      params: PassportParams,
      querystring: Type.Object({ ...PageQuery }, { additionalProperties: false }),
      response: { 200: List(AccessGrantSchema) },
    }),
    async (request) => list(request, await listGrants(deps, principalOf(request), request.params.id, request.query)),
  );

  app.delete(
    '/v1/dpp/:id/access-grants/:grant_id',
    route('dpp.grant', {
      operationId: 'revokePassportAccessGrant',
      tags,
      summary: 'Revoke an access grant; its token stops working at once',
      description:
        "Revokes an access grant: requests with its token get 401 at once. Answers 200 with the grant's final state.",
      params: GrantParams,
      response: { 200: One(AccessGrantSchema) },
    }),
    async (request) =>
      one(request, await revokeAccessGrant(deps, principalOf(request), request.params.id, request.params.grant_id)),
  );
}
