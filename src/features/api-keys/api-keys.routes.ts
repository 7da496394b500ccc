import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { ApiKey, ApiKeyListQuery, ApiKeyParams, CreateApiKeyBody, CreatedApiKey } from './api-keys.schemas.js';
import { getApiKey, issueApiKey, listApiKeys, revokeKey } from './api-keys.service.js';
import { route } from '../../http/route.js';

const tags = ['api-keys'];
const who = "Dashboard sessions of ws_admin (of the key's workspace) or org_admin only; API keys get 403.";

export default async function apiKeysRoutes(app: App) {
  const ctx = app.deps;

  app.post(
    '/v1/api-keys',
    route('api_keys.manage', {
      operationId: 'createApiKey',
      tags,
      summary: 'Create an API key; the secret is returned once',
      description: `${who} The key acts in \`workspace_id\` (default: the current workspace) with the rights of an editor.`,
      body: CreateApiKeyBody,
      response: { 201: One(CreatedApiKey) },
    }),
    async (request, reply) =>
      reply.code(201).send(one(request, await issueApiKey(ctx, principalOf(request), request.body))),
  );

  app.get(
    '/v1/api-keys',
    route('api_keys.manage', {
      operationId: 'listApiKeys',
      tags,
      summary: 'API keys of a workspace, without secrets (revoked ones included)',
      description: who,
      querystring: ApiKeyListQuery,
      response: { 200: List(ApiKey) },
    }),
    async (request) => list(request, await listApiKeys(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/v1/api-keys/:id',
    route('api_keys.manage', {
      operationId: 'getApiKey',
      tags,
      summary: 'One API key, without its secret',
      description: who,
      params: ApiKeyParams,
      response: { 200: One(ApiKey) },
    }),
    async (request) => one(request, await getApiKey(ctx, principalOf(request), request.params.id)),
  );

  app.delete(
    '/v1/api-keys/:id',
    route('api_keys.manage', {
      operationId: 'revokeApiKey',
      tags,
      summary: 'Revoke an API key (200 with its final state)',
      description: `${who} The key gets 401 from its next request on. Revoking a revoked key answers its state again.`,
      params: ApiKeyParams,
      response: { 200: One(ApiKey) },
    }),
    async (request) => one(request, await revokeKey(ctx, principalOf(request), request.params.id)),
  );
}
