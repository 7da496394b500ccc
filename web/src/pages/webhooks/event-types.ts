import { en, type MessageKey } from '../../i18n/en';

// The subscribable event types (docs/webhooks.md); '*' is every one but code.scanned.
export const EVENT_TYPES = [
  '*',
  'code.created',
  'code.updated',
  'code.deleted',
  'code.approved',
  'code.rejected',
  'code.scanned',
  'workspace.created',
  'workspace.updated',
  'workspace.archived',
  'api_key.created',
  'api_key.revoked',
  'dpp.created',
  'dpp.published',
  'dpp.archived',
  'conversion.created',
  'usage.threshold_reached',
];

/** An event type in words; one the dashboard does not know yet keeps its name. */
export function eventName(t: (key: MessageKey) => string, type: string): string {
  const key = `words.event.${type}`;
  return key in en ? t(key as MessageKey) : type;
}
