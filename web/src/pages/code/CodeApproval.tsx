import { Link } from 'react-router';
import type { Code } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import { ReviewButtons } from '../team/Approvals';

/**
 * A code that waits for approval or was rejected does not scan yet: say so above its downloads
 * (printed copies would lead nowhere), show the reviewer's reason, and let an approver decide here.
 */
export function CodeApproval({ code }: { code: Code }) {
  const { t } = useI18n();
  if (code.status !== 'pending_approval' && code.status !== 'rejected') return null;
  return (
    <div className="alert alert-warn" role="status" data-testid="approval-state">
      <p>
        <strong>
          {code.status === 'pending_approval' ? t('approvals.notLivePending') : t('approvals.notLiveRejected')}
        </strong>
      </p>
      <p>{t('approvals.downloadWarning')}</p>
      {code.rejection_reason ? (
        <p data-testid="rejection-reason">
          <strong>{t('approvals.reasonShown')}</strong> {code.rejection_reason}{' '}
          <Link to={`/codes/${code.id}/edit`}>{t('approvals.resubmit')}</Link>
        </p>
      ) : null}
      <ReviewButtons code={code} />
    </div>
  );
}
