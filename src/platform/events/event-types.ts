/**
 * The events the service publishes (docs/webhooks.md), each with what its `data` holds. Webhook
 * endpoints subscribe to these names; the OpenAPI document lists each one under `webhooks:`.
 */
export const EVENT_TYPES = {
  'code.created': 'A code was created. `data` is the code.',
  'code.updated': 'A code was changed. `data` is the code after the change.',
  'code.deleted': 'A code was deleted. `data` is the code as it was.',
  'code.approved': 'A code was approved. `data` is the code.',
  'code.rejected': 'A code was rejected. `data` is the code.',
  'code.scanned':
    'Scans of one code were recorded (one event per code and write, batched). `data` has `code_id`, `count`, `first_scan_id` and `last_scan_id`. Only sent to endpoints that name it: `*` does not include it.',
  'conversion.created':
    'A conversion was reported through POST /v1/conversions (a repeated `event_id` sends nothing). `data` is the conversion.',
  'workspace.created': 'A workspace was created. `data` is the workspace. Sent to every endpoint of the organization.',
  'workspace.updated': 'A workspace was changed. `data` is the workspace. Sent to every endpoint of the organization.',
  'workspace.archived':
    'A workspace was archived. `data` is the workspace. Sent to every endpoint of the organization.',
  'api_key.created': 'An API key was created. `data` is the key, without its secret.',
  'api_key.revoked': 'An API key was revoked. `data` is the key.',
  'dpp.created': 'A digital product passport was created. `data` is the passport.',
  'dpp.published': 'A passport was published. `data` is the passport.',
  'dpp.archived': 'A passport was archived. `data` is the passport.',
  'usage.threshold_reached':
    'An organization reached 80 % or 100 % of a plan limit (`scans` a month or active `dynamic_codes`), once per threshold, meter and calendar month. `data` has `organization_id`, `meter`, `threshold`, `period`, `used` and `limit`. Sent to every endpoint of the organization.',
  'webhook.test': 'Sent by `POST /v1/webhooks/{id}/test` to that endpoint only. `data` has `webhook_id`.',
} as const;

export type EventType = keyof typeof EVENT_TYPES;

/** Names an endpoint may subscribe to (the test event is always sent when asked for). */
export const SUBSCRIBABLE = (Object.keys(EVENT_TYPES) as EventType[]).filter((t) => t !== 'webhook.test');

/** Events that `*` leaves out, since they come in volume. */
export const OPT_IN_ONLY: ReadonlySet<EventType> = new Set(['code.scanned']);

/** Events of an organization rather than one workspace: every endpoint of the organization hears them. */
export const ORGANIZATION_WIDE = (type: string) => type.startsWith('workspace.') || type.startsWith('usage.');

// The audit log's resource types (plural) map to event subjects (singular).
const SUBJECTS: Record<string, string> = { codes: 'code', workspaces: 'workspace', api_keys: 'api_key', dpp: 'dpp' };

/** The event an audit action publishes, if any: `codes.created` → `code.created`. */
export function eventTypeOfAction(action: string): EventType | null {
  const dot = action.indexOf('.');
  const subject = SUBJECTS[action.slice(0, dot)];
  const type = subject && `${subject}.${action.slice(dot + 1)}`;
  return type && type in EVENT_TYPES && type !== 'code.scanned' ? (type as EventType) : null;
}
