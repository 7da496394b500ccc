import type { App } from '../../http/types.js';
import { principalOf } from '../../http/types.js';
import { List, One, list, one } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import {
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookListQuery,
  WebhookParams,
  WebhookWithSecret,
} from './webhooks.schemas.js';
import { createWebhook, getWebhook, listWebhooks, removeWebhook, updateWebhook } from './webhooks.service.js';
import { tags, who } from './webhook-routes.shared.js';

/** Webhook endpoints: create, list, read, change, delete. */
export function webhookEndpointsRoutes(app: App) {
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
}
