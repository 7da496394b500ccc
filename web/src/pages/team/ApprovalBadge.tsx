import { useApprovalCount } from '../../api/hooks/codes/use-approval-count';
import { useI18n } from '../../i18n/i18n';
import { useCan } from '../../ui/can';
import './team.css';

/** How many codes wait for approval, beside the nav entry; only for those who may approve. */
export function ApprovalBadge() {
  const { t, fmtNumber } = useI18n();
  const canApprove = useCan('codes.approve');
  const q = useApprovalCount(canApprove);
  const n = q.data?.meta.pagination.total_count ?? 0;
  if (!canApprove || n === 0) return null;
  return (
    <span className="badge nav-badge" data-testid="approval-badge">
      {fmtNumber(n)}
      <span className="sr-only"> {t('approvals.badge', { n })}</span>
    </span>
  );
}
