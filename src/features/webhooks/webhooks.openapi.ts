import { EVENT_TYPES, type EventType } from '../../platform/events/index.js';
import { REQUEST_TIMEOUT_MS } from './webhook-delivery.js';

const DATA: Partial<Record<EventType, object>> = {
  'code.scanned': {
    type: 'object',
    required: ['code_id', 'count', 'first_scan_id', 'last_scan_id'],
    properties: {
      code_id: { type: 'string' },
      count: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      first_scan_id: { type: 'string' },
      last_scan_id: { type: 'string' },
    },
  },
  'conversion.created': {
    type: 'object',
    required: [
      'id',
      'workspace_id',
      'code_id',
      'scan_id',
      'event',
      'amount',
      'currency',
      'event_id',
      'scanned_at',
      'occurred_at',
      'created_at',
    ],
    properties: {
      id: { type: 'string', examples: ['cnv_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] },
      workspace_id: { type: 'string' },
      code_id: { type: 'string' },
      scan_id: { type: 'string' },
      event: { type: 'string', examples: ['sale'] },
      amount: { type: ['integer', 'null'], minimum: 0, maximum: 1_000_000_000_000, description: 'Minor units.' },
      currency: { type: ['string', 'null'] },
      event_id: { type: ['string', 'null'] },
      scanned_at: { type: 'string', format: 'date-time' },
      occurred_at: { type: 'string', format: 'date-time' },
      created_at: { type: 'string', format: 'date-time' },
    },
  },
  'usage.threshold_reached': {
    type: 'object',
    required: ['organization_id', 'meter', 'threshold', 'period', 'used', 'limit'],
    properties: {
      organization_id: { type: 'string', examples: ['org_01JD3Y2K8Q9XW4T5N6M7P8R9S0'] },
      meter: {
        type: 'string',
        enum: ['scans', 'dynamic_codes'],
        description: 'scans: non-bot scans of the month; dynamic_codes: active dynamic codes.',
      },
      threshold: {
        type: 'integer',
        enum: [80, 100],
        minimum: 80,
        maximum: 100,
        description: 'Per cent of the plan limit reached.',
      },
      period: { type: 'string', description: 'The UTC calendar month, YYYY-MM.', examples: ['2026-11'] },
      used: {
        type: 'integer',
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'The reading when the threshold was detected; may already be past it.',
      },
      limit: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "The plan's limit." },
    },
  },
  'webhook.test': {
    type: 'object',
    required: ['webhook_id'],
    properties: { webhook_id: { type: 'string' } },
  },
};

const header = (description: string, example: string) => ({
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

/** The `webhooks` section of the OpenAPI document: one entry per event type (docs/webhooks.md). */
export function webhookDocuments(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [type, description] of Object.entries(EVENT_TYPES) as Array<[EventType, string]>) {
    out[type] = {
      post: {
        operationId: `${type.replace(/[._](\w)/g, (_, c: string) => c.toUpperCase())}Event`,
        tags: ['webhooks'],
        summary: `The ${type} event`,
        description: `${description} Signed per Standard Webhooks; see docs/webhooks.md. Any 2xx within ${REQUEST_TIMEOUT_MS / 1000} s is success; anything else is retried.`,
        security: [],
        parameters: [
          {
            name: 'webhook-id',
            ...header('The event id; the same on every retry and redelivery.', 'evt_01JD3Y2K8Q9XW4T5N6M7P8R9S0'),
          },
          {
            name: 'webhook-timestamp',
            ...header('Seconds since the epoch when this attempt was signed.', '1767225600'),
          },
          {
            name: 'webhook-signature',
            ...header(
              'v1,<base64 HMAC-SHA256 of id.timestamp.body>; two, space-separated, for 24 h after a rotation.',
              'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
            ),
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['type', 'timestamp', 'data'],
                properties: {
                  type: { type: 'string', const: type },
                  timestamp: { type: 'string', format: 'date-time' },
                  data: DATA[type] ?? { type: 'object', additionalProperties: true },
                },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Received (any 2xx). A 410 disables the endpoint.' },
          '410': { description: 'The receiver is gone for good: the endpoint is disabled at once.' },
        },
      },
    };
  }
  return out;
}
