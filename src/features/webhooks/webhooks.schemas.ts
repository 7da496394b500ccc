import { Type, type Static } from 'typebox';
import type { Selectable } from 'kysely';
import { Nullable } from '../../http/nullable.js';
import { PageQuery } from '../../http/pagination.js';
import { SUBSCRIBABLE } from '../../platform/events/index.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './webhooks.table.js';

const EventTypes = Type.Array(Type.String({ maxLength: 64 }), {
  examples: [['code.created', 'code.updated']],
  minItems: 1,
  maxItems: 32,
  description: `Event types to receive, or ["*"] for all of them except \`code.scanned\`, which must be named. Known types: ${SUBSCRIBABLE.join(', ')}.`,
});
const Url = Type.String({
  maxLength: 2048,
  description: 'Where events are POSTed. https in production; never a loopback, private or link-local address.',
  examples: ['https://example.com/hooks/qrs'],
});
const Description = Type.String({ maxLength: 500 });

export const Webhook = Type.Object(
  {
    id: Type.String({ examples: ['whk_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    workspace_id: Type.String(),
    url: Type.String(),
    description: Nullable(Type.String()),
    event_types: Type.Array(Type.String()),
    enabled: Type.Boolean(),
    disabled_reason: Nullable(
      Type.String({ description: 'Why the service disabled the endpoint (a 410, five days of failures).' }),
    ),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { title: 'Webhook' },
);

export const WebhookWithSecret = Type.Object(
  {
    ...Webhook.properties,
    secret: Type.String({
      description: 'The signing secret (whsec_…). Shown only in this response; store it now.',
      'x-secret': true,
    }),
  },
  { title: 'WebhookWithSecret' },
);

export const CreateWebhookBody = Type.Object(
  {
    url: Url,
    description: Type.Optional(Description),
    event_types: EventTypes,
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  { title: 'CreateWebhookRequest', additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(Url),
    description: Type.Optional(Type.Union([Description, Type.Null()])),
    event_types: Type.Optional(EventTypes),
    enabled: Type.Optional(Type.Boolean({ description: 'true re-enables an endpoint the service disabled.' })),
  },
  { title: 'UpdateWebhookRequest', additionalProperties: false },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const WebhookParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const DeliveryParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  delivery_id: Type.String({ maxLength: 64 }),
});

export const WebhookListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type WebhookListQuery = Static<typeof WebhookListQuery>;

export const DeliveryStatus = Type.Enum(['pending', 'succeeded', 'failed']);
export const DeliveryListQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(DeliveryStatus),
    event_type: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type DeliveryListQuery = Static<typeof DeliveryListQuery>;

export const DeliveryAttempt = Type.Object(
  {
    attempted_at: Type.String(),
    request_headers: Type.Record(Type.String(), Type.String()),
    response_status: Type.Union([Type.Integer({ minimum: 100, maximum: 599 }), Type.Null()], {
      description: 'null: no answer (see error).',
    }),
    response_body: Type.String({ description: 'The first 64 KB of the answer.' }),
    duration_ms: Type.Integer({ minimum: 0, maximum: 600_000 }),
    error: Nullable(Type.String()),
  },
  { title: 'WebhookDeliveryAttempt' },
);
export type DeliveryAttempt = Static<typeof DeliveryAttempt>;

export const Delivery = Type.Object(
  {
    id: Type.String({ examples: ['whd_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] }),
    webhook_id: Type.String(),
    event_id: Type.String({ description: 'The webhook-id header; the same for every delivery of one event.' }),
    event_type: Type.String(),
    status: DeliveryStatus,
    payload: Type.String({ description: 'The exact body sent and signed.' }),
    attempts: Type.Array(DeliveryAttempt),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { title: 'WebhookDelivery' },
);

/** Whitelisted: the secrets never leave the service here. */
export function toWebhook(row: Selectable<WebhookEndpointsTable>) {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    url: row.url,
    description: row.description,
    event_types: JSON.parse(row.event_types) as string[],
    enabled: row.enabled === 1,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toDelivery(row: Selectable<WebhookDeliveriesTable>) {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    payload: row.payload,
    attempts: JSON.parse(row.attempts) as DeliveryAttempt[],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
