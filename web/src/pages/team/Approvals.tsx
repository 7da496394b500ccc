import { useI18n } from '../../i18n/i18n';
import { useApprovals } from '../../api/hooks/codes/use-approvals';
import { useCan } from '../../ui/can';
import { CodeRows } from './approvals/CodeRows';
import './team.css';

// The code page shows the same buttons (code/CodeApproval.tsx).
export { ReviewButtons } from './approvals/ReviewButtons';

export function Approvals() {
  const { t } = useI18n();
  const canApprove = useCan('codes.approve');
  const pending = useApprovals('pending_approval');
  const rejected = useApprovals('rejected');
  const pendingCodes = pending.data?.pages.flatMap((p) => p.data) ?? [];
  const rejectedCodes = rejected.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <h1>{t('approvals.title')}</h1>
      <p className="muted">{canApprove ? t('approvals.hintApprover') : t('approvals.hintEditor')}</p>
      <h2>{t('approvals.pending')}</h2>
      {pending.data && !pendingCodes.length ? <p>{t('approvals.nonePending')}</p> : null}
      <CodeRows codes={pendingCodes} review />
      {pending.hasNextPage ? (
        <button type="button" className="btn" onClick={() => void pending.fetchNextPage()}>
          {t('codes.more')}
        </button>
      ) : null}
      <h2>{t('approvals.rejected')}</h2>
      {rejected.data && !rejectedCodes.length ? <p>{t('approvals.noneRejected')}</p> : null}
      <CodeRows codes={rejectedCodes} review={false} />
      {rejected.hasNextPage ? (
        <button type="button" className="btn" onClick={() => void rejected.fetchNextPage()}>
          {t('codes.more')}
        </button>
      ) : null}
    </section>
  );
}
