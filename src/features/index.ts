import type { App } from '../http/types.js';
import healthRoutes from './health/health.routes.js';
import docsRoutes from './docs/docs.routes.js';
import organizationsRoutes from './organizations/organizations.routes.js';
import workspacesRoutes from './workspaces/workspaces.routes.js';

/** Feature route plugins in registration order. Each feature adds one line here. */
export const features: Array<(app: App) => Promise<void>> = [
  healthRoutes,
  docsRoutes,
  organizationsRoutes,
  workspacesRoutes,
];
