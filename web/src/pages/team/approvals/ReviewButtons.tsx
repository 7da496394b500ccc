import { useState } from 'react';
import type { Code } from '../../../api/client';
import { useCodeWrites } from '../../../api/hooks/codes/use-code-writes';
import { useI18n } from '../../../i18n/i18n';
import { useCan } from '../../../ui/can';
import { ProblemAlert, useSubmit } from '../../../ui/forms';
import { lazyForm } from '../../../ui/lazy-form';

const RejectForm = lazyForm(() => import('./RejectForm').then((m) => m.RejectForm));

/** Approve, or reject with a reason (required: the editor needs to know what to change). */
export function ReviewButtons({ code, onDone }: { code: Code; onDone?: () => void }) {
  const { t } = useI18n();
  const writes = useCodeWrites();
  const canApprove = useCan('codes.approve');
  const [rejecting, setRejecting] = useState(false);
  const approve = useSubmit(async () => {
    await writes.approve(code.id);
    onDone?.();
  });
  if (!canApprove || code.status !== 'pending_approval') return null;
  const title = code.title || code.id;
  return (
    <div className="review">
      <ProblemAlert problem={approve.problem} />
      {rejecting ? (
        <RejectForm
          codeId={code.id}
          onRejected={() => {
            setRejecting(false);
            onDone?.();
          }}
          onCancel={() => setRejecting(false)}
        />
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
