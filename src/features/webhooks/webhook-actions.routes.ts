import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { One, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { Delivery, WebhookParams, WebhookWithSecret } from './webhooks.schemas.js';
import { rotateSecret, sendTestEvent } from './webhooks.service.js';
import { tags, who } from './webhook-routes.shared.js';

/** What an endpoint's owner does to it: rotate its secret, send a test event. */
export function webhookActionsRoutes(app: App) {
  const ctx = app.deps;

  app.post(
    '/v1/webhooks/:id/rotate-secret',
    route('webhooks.manage', {
      operationId: 'rotateWebhookSecret',
      tags,
      summary: 'Rotate the signing secret; the new one is returned once',
      description: `${who} For 24 hours deliveries carry two signatures, one with each secret, space-separated in \`webhook-signature\`.`,
      params: WebhookParams,
      response: { 200: One(WebhookWithSecret) },
    }),
    async (request) => one(request, await rotateSecret(ctx, principalOf(request), request.params.id)),
  );

  app.post(
    '/v1/webhooks/:id/test',
    route('webhooks.manage', {
      operationId: 'testWebhook',
      tags,
      summary: 'Send a webhook.test event to this endpoint',
      description: `${who} Answers 202 with the queued delivery; its attempts appear in the deliveries log.`,
      params: WebhookParams,
      response: { 202: One(Delivery) },
    }),
    async (request, reply) =>
      reply.code(202).send(one(request, await sendTestEvent(ctx, principalOf(request), request.params.id))),
  );
}
