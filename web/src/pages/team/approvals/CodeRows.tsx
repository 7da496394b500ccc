import { Link } from 'react-router';
import type { Code } from '../../../api/client';
import { useI18n } from '../../../i18n/i18n';
import { QrImage } from '../../../ui/QrImage';
import { ReviewButtons } from './ReviewButtons';

/** Codes waiting for a review or sent back, each with its image, content and the reason given. */
export function CodeRows({ codes, review }: { codes: Code[]; review: boolean }) {
  const { t, fmtDate } = useI18n();
  return (
    <ul className="plain approval-list">
      {codes.map((c) => (
        <li key={c.id} className="card approval-item">
          <QrImage codeId={c.id} alt={t('codes.qrOf', { title: c.title || c.id })} size={72} version={c.updated_at} />
          <div>
            <h3>
              <Link to={`/codes/${c.id}`}>{c.title || t('codes.untitled')}</Link>
            </h3>
            <p className="ellipsis">{c.url ?? JSON.stringify(c.content)}</p>
            <p className="muted small">{fmtDate(c.updated_at)}</p>
            {c.rejection_reason ? (
              <p data-testid="rejection-reason">
                <strong>{t('approvals.reasonShown')}</strong> {c.rejection_reason}{' '}
                <Link to={`/codes/${c.id}/edit`}>{t('approvals.resubmit')}</Link>
              </p>
            ) : null}
            {review ? <ReviewButtons code={c} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
