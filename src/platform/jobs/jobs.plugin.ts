import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import { JobRunner } from './job-runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the durable job queue's runner: features register their kinds on it (docs/decisions.md D12) */
    jobs: JobRunner;
  }
}

/**
 * The job runner, registered before every feature that registers a kind. It starts polling once
 * the app is ready (unless the process is a `web` one, docs/decisions.md D32: it only enqueues)
 * and, on close, finishes or gives back the jobs it holds before the database goes.
 */
export default fp(
  async function jobsRuntime(app: App) {
    const { db, clock, config } = app.deps;
    const runner = new JobRunner(db, clock, app.log, config.jobs);
    app.decorate('jobs', runner);
    if (config.role !== 'web') app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', () => runner.close());
  },
  { name: 'jobs-runtime' },
);
