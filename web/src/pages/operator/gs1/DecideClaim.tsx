import { useState } from 'react';
import { useDecidePrefixClaim, type Gs1Claim } from '../../../api/hooks/operatorPrefixes';
import { useI18n } from '../../../i18n/i18n';
import { useErrorText } from '../../../ui/forms';
import { RejectClaim } from './RejectClaim';

/** A pending claim's two decisions; a rejection asks for the reason the organization will read. */
export function DecideClaim({ claim, onDone }: { claim: Gs1Claim; onDone: (text: string) => void }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const approve = useDecidePrefixClaim();
  const [rejecting, setRejecting] = useState(false);
  const words = { prefix: claim.prefix, org: claim.organization_name };
  return (
    <div>
      <button
        type="button"
        className="btn btn-small btn-primary"
        onClick={() =>
          void approve
            .mutateAsync({ id: claim.id, approve: true })
            .then(() => onDone(t('op.gs1.approved', words)))
            .catch(() => undefined)
        }
      >
        {t('op.gs1.approve', words)}
      </button>{' '}
      <button type="button" className="btn btn-small" aria-expanded={rejecting} onClick={() => setRejecting((r) => !r)}>
        {t('op.gs1.reject', words)}
      </button>
      {rejecting ? <RejectClaim claim={claim} onDone={() => onDone(t('op.gs1.rejected', words))} /> : null}
      {approve.error ? <p role="alert">{errorText(approve.error)}</p> : null}
    </div>
  );
}
