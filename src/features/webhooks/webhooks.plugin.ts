import fp from 'fastify-plugin';
import type { App } from '../../http/types.js';
import { EVENT_JOB } from '../../platform/events/index.js';
import { AgentPool } from './webhook-agents.js';
import { DELIVER_JOB, REQUEST_TIMEOUT_MS, RETRY_DELAYS_MS, deliver } from './webhook-delivery.js';
import { FAN_OUT_BATCH, fanOut } from './webhook-fan-out.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { rulesOf } from './webhooks.service.js';
import { sealClearSecrets } from './webhook-secrets.js';
import { webhookDocuments } from './webhooks.openapi.js';

/** Webhook endpoints (routes) and the two job kinds that carry events to them (docs/webhooks.md). */
export default fp(
  async function webhooksFeature(app: App) {
    const ctx = app.deps;
    const agents = new AgentPool();
    app.addHook('onClose', async () => agents.close());
    const deps = {
      ...ctx,
      log: app.log,
      rules: rulesOf(ctx),
      userAgent: `qrs-webhooks/${ctx.config.version}`,
      agents,
    };
    app.jobs.registerBatch(EVENT_JOB, fanOut(deps), {
      retryDelaysMs: [1_000, 10_000, 60_000, 600_000, 3_600_000],
      batchSize: FAN_OUT_BATCH,
    });
    app.jobs.registerBatch(DELIVER_JOB, deliver(deps), {
      retryDelaysMs: RETRY_DELAYS_MS,
      timeoutMs: REQUEST_TIMEOUT_MS + 5_000,
    });
    // Older rows hold their secret in clear (docs/decisions.md D58); sealed here, knowing SECRETS_KEY.
    app.addHook('onReady', async () => {
      const sealed = await sealClearSecrets(ctx.db, ctx.config.secretsKey);
      if (sealed) app.log.info({ sealed }, 'webhook signing secrets sealed at rest');
    });
    webhooksRoutes(app);
    Object.assign(app.openapiWebhooks, webhookDocuments());
  },
  { name: 'webhooks', dependencies: ['jobs-runtime'] },
);
