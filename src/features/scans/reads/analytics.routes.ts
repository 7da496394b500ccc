import type { App } from '../../../http/types.js';
import { principalOf } from '../../../http/types.js';
import { One, one } from '../../../http/envelope.js';
import { Analytics, AnalyticsQuery } from './analytics.schemas.js';
import { workspaceAnalytics } from './analytics.service.js';
import { route } from '../../../http/route.js';

export default async function analyticsRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/v1/analytics',
    route('scans.read', {
      operationId: 'getWorkspaceAnalytics',
      tags: ['analytics'],
      summary: 'Scans of the workspace over a range',
      description:
        "Totals, a series bucketed by day, week or month in the caller's time zone, top codes and top values of each dimension, read from rollups (docs/analytics.md). Optional code_id and tag filters; ranges up to two years.",
      querystring: AnalyticsQuery,
      response: { 200: One(Analytics) },
    }),
    async (request) => one(request, await workspaceAnalytics(deps, principalOf(request), request.query)),
  );
}
