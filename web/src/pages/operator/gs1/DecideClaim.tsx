import { useState } from 'react';
import { useDecidePrefixClaim, type Gs1Claim } from '../../../api/hooks/operatorPrefixes';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/en';
import { useErrorText } from '../../../ui/forms';

/** A pending claim's two decisions; a rejection asks for the reason the organization will read. */
export function DecideClaim({ claim, onDone }: { claim: Gs1Claim; onDone: (text: string) => void }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const decide = useDecidePrefixClaim();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const words = { prefix: claim.prefix, org: claim.organization_name };
  const run = (d: Parameters<typeof decide.mutateAsync>[0], done: MessageKey) =>
    void decide
      .mutateAsync(d)
      .then(() => onDone(t(done, words)))
      .catch(() => undefined);
  return (
    <div>
      <button
        type="button"
        className="btn btn-small btn-primary"
        onClick={() => run({ id: claim.id, approve: true }, 'op.gs1.approved')}
      >
        {t('op.gs1.approve', words)}
      </button>{' '}
      <button type="button" className="btn btn-small" aria-expanded={rejecting} onClick={() => setRejecting((r) => !r)}>
        {t('op.gs1.reject', words)}
      </button>
      {rejecting ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) run({ id: claim.id, approve: false, reason: reason.trim() }, 'op.gs1.rejected');
          }}
        >
          <label>
            {t('op.gs1.reason')}
            <textarea
              rows={2}
              required
              maxLength={500}
              value={reason}
              aria-describedby={`reason-hint-${claim.id}`}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <small id={`reason-hint-${claim.id}`} className="muted">
            {t('op.gs1.reasonHint')}
          </small>{' '}
          <button className="btn btn-small" disabled={decide.isPending}>
            {t('op.gs1.confirmReject')}
          </button>
        </form>
      ) : null}
      {decide.error ? <p role="alert">{errorText(decide.error)}</p> : null}
    </div>
  );
}
