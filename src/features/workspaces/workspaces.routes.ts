import { problemResponse } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { CreateWorkspaceBody, UpdateWorkspaceBody, Workspace, WorkspaceListQuery, WorkspaceParams } from './workspaces.schemas.js';
import { archiveWorkspace, createWorkspace, getWorkspace, listWorkspaces, patchWorkspace } from './workspaces.service.js';

const tags = ['workspaces'];

export default async function workspacesRoutes(app: App) {
  const ctx = app.deps;

  app.get('/v1/workspaces', {
    config: { permission: 'workspaces.read' },
    schema: {
      operationId: 'listWorkspaces', tags, summary: 'Workspaces of the current organization',
      description: 'org_admins and API keys see every workspace of the organization; other users only those they hold a role in.',
      querystring: WorkspaceListQuery, response: { 200: List(Workspace) },
    },
  }, async (request) => list(request, await listWorkspaces(ctx, principalOf(request), request.query)));

  app.get('/v1/workspaces/:id', {
    config: { permission: 'workspaces.read' },
    schema: { operationId: 'getWorkspace', tags, summary: 'One workspace', params: WorkspaceParams, response: { 200: One(Workspace) } },
  }, async (request) => one(request, await getWorkspace(ctx, principalOf(request), request.params.id)));

  app.post('/v1/workspaces', {
    config: { permission: 'workspaces.create' },
    schema: {
      operationId: 'createWorkspace', tags, summary: 'Create a workspace (subject to the plan limit)',
      description: 'Fails with 403 plan-limit-exceeded (body adds `plan` and `limit`) when the plan\'s active workspaces are used up.',
      body: CreateWorkspaceBody, response: { 201: One(Workspace) },
    },
  }, async (request, reply) => reply.code(201).send(one(request, await createWorkspace(ctx, principalOf(request), request.body))));

  app.patch('/v1/workspaces/:id', {
    config: { permission: 'workspaces.update' },
    schema: {
      operationId: 'updateWorkspace', tags, summary: 'Update a workspace (org_admin, or ws_admin of that workspace)',
      params: WorkspaceParams, body: UpdateWorkspaceBody, response: { 200: One(Workspace), 409: problemResponse('The slug or custom domain is taken', 409) },
    },
  }, async (request) => one(request, await patchWorkspace(ctx, principalOf(request), request.params.id, request.body)));

  app.delete('/v1/workspaces/:id', {
    config: { permission: 'workspaces.archive' },
    schema: {
      operationId: 'archiveWorkspace', tags, summary: 'Archive a workspace (org_admin, or ws_admin of that workspace)',
      description: 'Answers 200 with the archived workspace. The default workspace and the caller\'s current workspace answer 409 workspace-protected.',
      params: WorkspaceParams, response: { 200: One(Workspace), 409: problemResponse('The default workspace and the caller\'s own workspace cannot be archived (workspace-protected)', 409) },
    },
  }, async (request) => one(request, await archiveWorkspace(ctx, principalOf(request), request.params.id)));
}
