import { useState } from 'react';
import { Link } from 'react-router';
import type { Code } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import { useApprovals } from '../../api/hooks/codes/use-approvals';
import { useCodeWrites } from '../../api/hooks/codes/use-code-writes';
import { useCan } from '../../ui/can';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { QrImage } from '../../ui/QrImage';
import './team.css';

/** Approve, or reject with a reason (required: the editor needs to know what to change). */
export function ReviewButtons({ code, onDone }: { code: Code; onDone?: () => void }) {
  const { t } = useI18n();
  const writes = useCodeWrites();
  const canApprove = useCan('codes.approve');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const approve = useSubmit(async () => {
    await writes.approve(code.id);
    onDone?.();
  });
  const reject = useSubmit(async () => {
    await writes.reject(code.id, reason);
    setRejecting(false);
    onDone?.();
  });
  if (!canApprove || code.status !== 'pending_approval') return null;
  const title = code.title || code.id;
  return (
    <div className="review">
      <ProblemAlert problem={approve.problem ?? reject.problem} fields={reject.fields} />
      {rejecting ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return setMissing(true);
            void reject.run();
          }}
        >
          <Field
            label={t('approvals.reason')}
            pointer="/reason"
            errors={missing ? { '/reason': t('approvals.reasonRequired') } : reject.fields}
          >
            {(p) => (
              <textarea
                {...p}
                required
                value={reason}
                onChange={(e) => {
                  setMissing(false);
                  setReason(e.target.value);
                }}
              />
            )}
          </Field>
          <button className="btn btn-danger btn-small" disabled={reject.busy}>
            {t('approvals.reject')}
          </button>{' '}
          <button type="button" className="btn btn-small" onClick={() => setRejecting(false)}>
            {t('app.cancel')}
          </button>
        </form>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-primary btn-small"
            disabled={approve.busy}
            onClick={() => void approve.run()}
          >
            {t('approvals.approve')}
            <span className="sr-only"> {title}</span>
          </button>{' '}
          <button type="button" className="btn btn-small" onClick={() => setRejecting(true)}>
            {t('approvals.reject')}
            <span className="sr-only"> {title}</span>
          </button>
        </>
      )}
    </div>
  );
}

function CodeRows({ codes, review }: { codes: Code[]; review: boolean }) {
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
