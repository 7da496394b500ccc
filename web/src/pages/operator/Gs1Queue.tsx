import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import {
  evidenceUrl,
  useDecidePrefixClaim,
  useOperatorPrefixClaims,
  type ClaimStatus,
  type Gs1Claim,
} from '../../api/hooks/operatorPrefixes';
import { useErrorText } from '../../ui/forms';

const STATUSES: ClaimStatus[] = ['pending', 'rejected', 'verified'];

/** A pending claim's two decisions; a rejection asks for the reason the organization will read. */
function Decide({ claim, onDone }: { claim: Gs1Claim; onDone: (text: string) => void }) {
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

function Evidence({ claim }: { claim: Gs1Claim }) {
  const { t } = useI18n();
  const e = claim.evidence;
  if (!e) return null;
  return (
    <div className="small">
      {e.file ? (
        <a href={evidenceUrl(claim.id)} target="_blank" rel="noopener noreferrer">
          {t('op.gs1.openDocument', { name: e.file.name })}
        </a>
      ) : null}
      {e.gepir_url ? (
        <div>
          <a href={e.gepir_url} target="_blank" rel="noopener noreferrer nofollow">
            {e.gepir_url}
          </a>
        </div>
      ) : null}
      {e.gepir_text ? <blockquote className="operator-quote">{e.gepir_text}</blockquote> : null}
    </div>
  );
}

/**
 * The operator's GS1 prefix queue (docs/decisions/0075-gs1-prefix-verification.md): the claims of a
 * status, pending oldest first, with the evidence to open and the decisions.
 */
export function Gs1Queue() {
  const { t, fmtDate } = useI18n();
  const errorText = useErrorText();
  const [status, setStatus] = useState<ClaimStatus>('pending');
  const [done, setDone] = useState<string | null>(null);
  const claims = useOperatorPrefixClaims(status);
  const rows = claims.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <h1>{t('op.gs1.title')}</h1>
      <p className="muted">{t('op.gs1.intro')}</p>
      <label>
        {t('op.gs1.show')}{' '}
        <select value={status} data-testid="op-gs1-status" onChange={(e) => setStatus(e.target.value as ClaimStatus)}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`gs1.status.${s}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <p role="status">{done}</p>
      {claims.isPending ? <p>{t('app.loading')}</p> : null}
      {claims.error ? <p role="alert">{errorText(claims.error)}</p> : null}
      {claims.data && !rows.length ? <p>{t('op.gs1.none')}</p> : null}
      {rows.length ? (
        <div className="table-scroll">
          <table className="table" data-testid="op-gs1-table">
            <caption className="sr-only">{t('op.gs1.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('op.gs1.organization')}</th>
                <th scope="col">{t('gs1.prefix')}</th>
                <th scope="col">{t('gs1.evidence')}</th>
                <th scope="col">{t('op.gs1.submitted')}</th>
                <th scope="col">{status === 'pending' ? t('op.gs1.actions') : t('codes.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} data-testid={`op-gs1-${c.prefix}`}>
                  <td>{c.organization_name}</td>
                  <td>
                    <code>{c.prefix}</code>
                  </td>
                  <td>
                    <Evidence claim={c} />
                  </td>
                  <td>{c.submitted_at ? fmtDate(c.submitted_at) : ''}</td>
                  <td>
                    {c.status === 'pending' ? (
                      <Decide claim={c} onDone={setDone} />
                    ) : (
                      <>
                        {t(`gs1.status.${c.status}` as MessageKey)}
                        {c.rejection_reason ? (
                          <div className="small">{t('gs1.reason', { reason: c.rejection_reason })}</div>
                        ) : null}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {claims.hasNextPage ? (
        <button type="button" className="btn" onClick={() => void claims.fetchNextPage()}>
          {t('op.gs1.more')}
        </button>
      ) : null}
    </section>
  );
}
