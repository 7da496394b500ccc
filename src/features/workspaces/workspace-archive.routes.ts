import { problemResponse } from '../../http/openapi.js';
import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { Workspace, WorkspaceParams } from './workspaces.schemas.js';
import { archiveWorkspace } from './workspaces.service.js';
import { route } from '../../http/route.js';
import { tags } from './workspace-routes.shared.js';

/** Archiving a workspace (DELETE); the default and the caller's own workspace are protected. */
export function workspaceArchiveRoutes(app: App) {
  const ctx = app.deps;

  app.delete(
    '/v1/workspaces/:id',
    route('workspaces.archive', {
      operationId: 'archiveWorkspace',
      tags,
      summary: 'Archive a workspace (org_admin, or ws_admin of that workspace)',
      description:
        "Answers 200 with the archived workspace. The default workspace and the caller's current workspace answer 409 workspace-protected.",
      params: WorkspaceParams,
      response: {
        200: One(Workspace),
        409: problemResponse(
          "The default workspace and the caller's own workspace cannot be archived (workspace-protected)",
          409,
        ),
      },
    }),
    async (request) => one(request, await archiveWorkspace(ctx, principalOf(request), request.params.id)),
  );
}
