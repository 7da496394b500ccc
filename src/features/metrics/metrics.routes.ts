import { Counter, Gauge } from 'prom-client';
import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { publicRoute } from '../../http/route.js';

/**
 * GET /metrics: the scan pipeline in Prometheus text. The counts are read from the sink when
 * scraped, so a redirect pays nothing for them. No tenant data: instance-wide totals only.
 */
export default async function metricsRoutes(app: App) {
  const { registry } = app.metrics;
  const stats = () => app.scans.stats();
  const counter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  counter(
    'qrs_scans_received_total',
    'Scans the redirect recorded since this instance started.',
    () => stats().received,
  );
  counter(
    'qrs_scans_written_total',
    'Scans committed to the database since this instance started.',
    () => stats().written,
  );
  counter(
    'qrs_scans_dropped_total',
    'Scans dropped because the pending queue was full (only without a scan journal).',
    () => stats().dropped,
  );
  gauge('qrs_scans_pending', 'Scans recorded and not yet written (memory and journal).', () => stats().pending);
  gauge('qrs_scans_lag_seconds', 'Age of the oldest scan not yet written, in seconds.', () => stats().lagMs / 1000);
  gauge('qrs_scan_journal_bytes', 'Bytes of the scan journal on disk.', () => stats().journalBytes);

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
