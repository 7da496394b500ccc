import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import { expireGracePeriods } from './grace.js';

/**
 * Every BILLING_GRACE_INTERVAL_MS (0 = off), and only while billing is on: past-due organizations
 * whose grace period ended fall to Free. Safe to run on several instances at once.
 */
export default fp(
  async function billingGraceJob(app: App) {
    const { db, clock, config } = app.deps;
    const { graceIntervalMs } = config.billing;
    if (!config.billing.secretKey || graceIntervalMs <= 0) return;
    let running: Promise<void> | null = null;
    let closed = false;
    const timer = setInterval(() => {
      if (running || closed) return;
      running = expireGracePeriods(db, config, clock.now())
        .then(
          (ids) => {
            if (ids.length) app.log.info({ organizations: ids }, 'billing grace period ended: plan set to free');
          },
          (err: unknown) => app.log.error({ err }, 'billing grace check failed; retrying at the next interval'),
        )
        .finally(() => {
          running = null;
        });
    }, graceIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => {
      closed = true;
      clearInterval(timer);
      await running;
    });
  },
  { name: 'billing-grace' },
);
