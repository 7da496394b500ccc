import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { Delivery, DeliveryListQuery, DeliveryParams, WebhookParams } from './webhooks.schemas.js';
import { listDeliveries, redeliver } from './webhooks.service.js';
import { tags, who } from './webhook-routes.shared.js';

/** An endpoint's deliveries, and sending one again. */
export function webhookDeliveriesRoutes(app: App) {
  const ctx = app.deps;

  app.get(
    '/v1/webhooks/:id/deliveries',
    route('webhooks.manage', {
      operationId: 'listWebhookDeliveries',
      tags,
      summary: 'Deliveries to this endpoint, newest first, with every attempt',
      description: `${who} Each attempt shows the request headers, the response status, the first 64 KB of the response body and the duration.`,
      params: WebhookParams,
      querystring: DeliveryListQuery,
      response: { 200: List(Delivery) },
    }),
    async (request) => list(request, await listDeliveries(ctx, principalOf(request), request.params.id, request.query)),
  );

  app.post(
    '/v1/webhooks/:id/deliveries/:delivery_id/redeliver',
    route('webhooks.manage', {
      operationId: 'redeliverWebhook',
      tags,
      summary: 'Send a delivered (or failed) event again',
      description: `${who} Queues a new delivery with the same \`webhook-id\` and body; answers 202 with it.`,
      params: DeliveryParams,
      response: { 202: One(Delivery) },
    }),
    async (request, reply) =>
      reply
        .code(202)
        .send(one(request, await redeliver(ctx, principalOf(request), request.params.id, request.params.delivery_id))),
  );
}
