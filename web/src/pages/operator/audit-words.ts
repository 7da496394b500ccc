// An instance audit entry as a sentence (docs/decisions.md D73): known actions in words, others as they are.
import type { MessageKey } from '../../i18n/en';
import type { T } from '../../i18n/i18n';
import { planName } from '../../ui/plan-name';

export interface OperatorEntryLike {
  action: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const KNOWN = new Set([
  'organization.viewed',
  'organization.plan_changed',
  'operator.added',
  'operator.removed',
  'mail.tested',
]);

export function operatorEntryWords(e: OperatorEntryLike, t: T): string {
  if (!KNOWN.has(e.action)) return t('op.audit.action.other', { action: e.action, target: e.target_id });
  return t(`op.audit.action.${e.action}` as MessageKey, {
    target: e.target_id,
    from: planName(t, String(e.before?.plan ?? '')),
    to: planName(t, String(e.after?.plan ?? '')),
  });
}
