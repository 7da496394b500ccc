import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import {
  CreateWebhookBody,
  Delivery,
  DeliveryListQuery,
  DeliveryParams,
  UpdateWebhookBody,
  Webhook,
  WebhookListQuery,
  WebhookParams,
  WebhookWithSecret,
} from './webhooks.schemas.js';
import {
  createWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  removeWebhook,
  rotateSecret,
  sendTestEvent,
  updateWebhook,
} from './webhooks.service.js';

const tags = ['webhooks'];
const who = 'org_admin, ws_admin of the workspace, or an API key. Endpoints belong to the current workspace.';

export function webhooksRoutes(app: App) {
  const ctx = app.deps;
  app.post(
    '/v1/webhooks',
    route('webhooks.manage', {
      operationId: 'createWebhook',
      tags,
      summary: 'Create a webhook endpoint; its signing secret is returned once',
      description: `${who} The URL must be https in production and must not point to a loopback, private, link-local or metadata address (unless WEBHOOK_ALLOW_PRIVATE). Events and their payloads are listed under \`webhooks\` in this document.`,
      body: CreateWebhookBody,
      response: { 201: One(WebhookWithSecret) },
    }),
    async (request, reply) =>
      reply.code(201).send(one(request, await createWebhook(ctx, principalOf(request), request.body))),
  );

  app.get(
    '/v1/webhooks',
    route('webhooks.manage', {
      operationId: 'listWebhooks',
      tags,
      summary: 'Webhook endpoints of the workspace, without secrets',
      description: who,
      querystring: WebhookListQuery,
      response: { 200: List(Webhook) },
    }),
    async (request) => list(request, await listWebhooks(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/v1/webhooks/:id',
    route('webhooks.manage', {
      operationId: 'getWebhook',
      tags,
      summary: 'One webhook endpoint, without its secret',
      description: who,
      params: WebhookParams,
      response: { 200: One(Webhook) },
    }),
    async (request) => one(request, await getWebhook(ctx, principalOf(request), request.params.id)),
  );

  app.patch(
    '/v1/webhooks/:id',
    route('webhooks.manage', {
      operationId: 'updateWebhook',
      tags,
      summary: 'Change a webhook endpoint (URL, description, event types, enabled)',
      description: `${who} \`enabled: true\` turns on an endpoint the service disabled.`,
      params: WebhookParams,
      body: UpdateWebhookBody,
      response: { 200: One(Webhook) },
    }),
    async (request) => one(request, await updateWebhook(ctx, principalOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v1/webhooks/:id',
    route('webhooks.manage', {
      operationId: 'deleteWebhook',
      tags,
      summary: 'Delete a webhook endpoint and its delivery log',
      description: `${who} Deliveries not yet sent are dropped.`,
      params: WebhookParams,
      response: { 200: One(Webhook) },
    }),
    async (request) => {
      const p = principalOf(request);
      const webhook = await getWebhook(ctx, p, request.params.id);
      await removeWebhook(ctx, p, request.params.id);
      return one(request, webhook);
    },
  );

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
