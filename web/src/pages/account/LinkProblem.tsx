import type { ReactNode } from 'react';
import type { Problem } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import { ProblemAlert, type FieldErrors } from '../../ui/forms';

const REASONS = {
  used_token: 'account.link.used',
  expired_token: 'account.link.expired',
  invalid_token: 'account.link.invalid',
  taken: 'account.link.taken',
} as const;

/**
 * What went wrong with the token of an e-mailed link (422 at /token), said in words, with what to
 * do next; any other problem is shown as it came.
 */
export function LinkProblem({
  problem,
  fields,
  next,
}: {
  problem: Problem | null;
  fields?: FieldErrors;
  next: ReactNode;
}) {
  const { t } = useI18n();
  const code = problem?.errors?.find((e) => e.pointer === '/token')?.code;
  if (!problem) return null;
  if (!code) return <ProblemAlert problem={problem} fields={fields} />;
  const reason = REASONS[code as keyof typeof REASONS] ?? REASONS.invalid_token;
  return (
    <div className="alert alert-error" role="alert" data-testid="link-problem">
      <strong>{t(reason)}</strong>
      <p>{next}</p>
    </div>
  );
}
