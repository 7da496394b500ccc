import { useI18n } from '../../i18n/i18n';
import { fieldMessage, type FieldProblem } from '../../ui/problem-message';

/** Messages of a group's inner pointers that no field of the group shows itself, in the chosen language. */
export function GroupErrors({ messages, testId }: { messages: Array<string | FieldProblem>; testId?: string }) {
  const { t, fmt, lang } = useI18n();
  if (!messages.length) return null;
  return (
    <p className="field-error small" role="status" data-testid={testId}>
      {messages.map((m) => (typeof m === 'string' ? m : fieldMessage(m, { t, fmt, lang }))).join(' · ')}
    </p>
  );
}
