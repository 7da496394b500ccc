import type { App } from '../../http/types.js';
import { workspacesCrudRoutes } from './workspaces-crud.routes.js';
import { workspaceDomainRoutes } from './workspace-domain.routes.js';
import { workspaceArchiveRoutes } from './workspace-archive.routes.js';

export default async function workspacesRoutes(app: App) {
  workspacesCrudRoutes(app);
  workspaceDomainRoutes(app);
  workspaceArchiveRoutes(app);
}
