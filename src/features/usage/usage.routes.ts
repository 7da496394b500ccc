import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { Usage } from './usage.schemas.js';
import { organizationUsage } from './usage.service.js';
import { route } from '../../http/route.js';

async function usageRoutes(app: App) {
  const deps = {
    ...app.deps,
    pendingScans: (org: string, period: string) => app.scans.pendingForOrganization(org, period),
  };

  app.get(
    '/v1/organizations/usage',
    route('organizations.usage', {
      operationId: 'getOrganizationUsage',
      tags: ['organizations'],
      summary: 'Live usage against the plan limits',
      description:
        'Scans of the current UTC month over all workspaces (bots excluded) and active dynamic codes. Never blocks anything.',
      response: { 200: One(Usage) },
    }),
    async (request) => one(request, await organizationUsage(deps, principalOf(request))),
  );
}

export default featurePlugin('usage-routes', ['scans'], usageRoutes);
