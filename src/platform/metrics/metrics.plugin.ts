import fp from 'fastify-plugin';
import { Histogram, Registry } from 'prom-client';
import type { App } from '../../http/types.js';
import { TallyHistogram } from './tally-histogram.js';

/** The instance's Prometheus registry and the timings features observe (GET /metrics reads it). */
export interface Metrics {
  registry: Registry;
  /** one committed scan batch, from the start of its write to its commit */
  flushSeconds: Histogram;
  /** one answered redirect, from the request to the reply */
  redirectSeconds: TallyHistogram;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** One registry per app (not prom-client's global one): tests run many apps in one process. */
export default fp(
  async function metricsRuntime(app: App) {
    const registry = new Registry();
    const flushSeconds = new Histogram({
      name: 'qrs_scan_flush_duration_seconds',
      help: 'Time to write one batch of scans with its rollups and counters, in seconds.',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    // Observed on every redirect: a histogram whose observe costs a few additions.
    const redirectSeconds = new TallyHistogram(
      'qrs_redirect_duration_seconds',
      'Time from a redirect request to its answer, in seconds (as Fastify measures it).',
      [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
      registry,
    );
    app.decorate('metrics', { registry, flushSeconds, redirectSeconds });
  },
  { name: 'metrics-runtime' },
);
