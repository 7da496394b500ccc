import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { featurePlugin } from '../../http/plugin.js';
import { publicRoute } from '../../http/route.js';

/**
 * GET /metrics: the instance's registry in Prometheus text. Features register their own series
 * (the scan pipeline's in scans/ingest/scan-metrics.ts). No tenant data: instance-wide totals only.
 */
async function metricsRoutes(app: App) {
  const { registry } = app.metrics;
  app.get(
    '/metrics',
    publicRoute(
      'scraped by Prometheus inside the deployment; instance-wide counts only',
      {
        operationId: 'getMetrics',
        tags: ['health'],
        summary: 'Prometheus metrics of this instance (no API key needed)',
        description:
          'Prometheus text format 0.0.4: scans received, written, dropped and pending, the backlog age and journal size, flush duration and redirect latency histograms. Instance-wide counts only; see docs/scans-pipeline.md.',
        response: {
          200: {
            description: 'Prometheus text exposition.',
            content: {
              'text/plain': {
                schema: Type.String({
                  examples: ['# HELP qrs_scans_pending Scans recorded and not yet written (memory and journal).\n'],
                }),
              },
            },
          },
        },
      },
      { rateLimit: 'public' },
    ),
    async (_request, reply) => {
      const body = await registry.metrics();
      return reply.type(registry.contentType).send(body);
    },
  );
}

export default featurePlugin('metrics-routes', ['metrics'], metricsRoutes);
