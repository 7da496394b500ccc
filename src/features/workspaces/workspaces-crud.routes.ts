import { problemResponse } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { DOMAINS_CHANGED } from '../../db/invalidation.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import {
  CreateWorkspaceBody,
  UpdateWorkspaceBody,
  Workspace,
  WorkspaceListQuery,
  WorkspaceParams,
} from './workspaces.schemas.js';
import { createWorkspace, getWorkspace, listWorkspaces, patchWorkspace } from './workspaces.service.js';
import { route } from '../../http/route.js';
import { tags } from './workspace-routes.shared.js';

/** Workspaces: list, read, create, change. */
export function workspacesCrudRoutes(app: App) {
  const ctx = app.deps;

  app.get(
    '/v1/workspaces',
    route('workspaces.read', {
      operationId: 'listWorkspaces',
      tags,
      summary: 'Workspaces of the current organization',
      description:
        'org_admins and API keys see every workspace of the organization; other users only those they hold a role in.',
      querystring: WorkspaceListQuery,
      response: { 200: List(Workspace) },
    }),
    async (request) => list(request, await listWorkspaces(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/v1/workspaces/:id',
    route('workspaces.read', {
      operationId: 'getWorkspace',
      tags,
      summary: 'One workspace',
      description:
        "A workspace of the caller's organization that the caller may see (an API key sees only its own unless its creator is `org_admin`), with its settings, custom domain state and status.",
      params: WorkspaceParams,
      response: { 200: One(Workspace) },
    }),
    async (request) => one(request, await getWorkspace(ctx, principalOf(request), request.params.id)),
  );

  app.post(
    '/v1/workspaces',
    route('workspaces.create', {
      operationId: 'createWorkspace',
      tags,
      summary: 'Create a workspace (subject to the plan limit)',
      description:
        "Fails with 403 plan-limit-exceeded (body adds `plan` and `limit`) when the plan's active workspaces are used up.",
      body: CreateWorkspaceBody,
      response: { 201: One(Workspace) },
    }),
    async (request, reply) =>
      reply.code(201).send(one(request, await createWorkspace(ctx, principalOf(request), request.body))),
  );

  app.patch(
    '/v1/workspaces/:id',
    route('workspaces.update', {
      operationId: 'updateWorkspace',
      tags,
      summary: 'Update a workspace (org_admin, or ws_admin of that workspace)',
      description:
        'Changes name, slug, description, locale, colour, approval, custom domain, settings, time zone or scan retention. A new custom domain starts unverified with a TXT token; see `POST /v1/workspaces/{id}/domain/verify`.',
      params: WorkspaceParams,
      body: UpdateWorkspaceBody,
      response: { 200: One(Workspace), 409: problemResponse('The slug or custom domain is taken', 409) },
    }),
    async (request) => {
      const ws = await patchWorkspace(ctx, principalOf(request), request.params.id, request.body);
      // A verified domain may have been replaced or cleared: redirects by Host must forget it.
      if (request.body.custom_domain !== undefined) app.deps.invalidation.publish([DOMAINS_CHANGED]);
      return one(request, ws);
    },
  );
}
