import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { useOperatorPrefixClaims, type ClaimStatus } from '../../api/hooks/operatorPrefixes';
import { useErrorText } from '../../ui/forms';
import { ClaimEvidence } from './gs1/ClaimEvidence';
import { DecideClaim } from './gs1/DecideClaim';

const STATUSES: ClaimStatus[] = ['pending', 'rejected', 'verified'];

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
                    <ClaimEvidence claim={c} />
                  </td>
                  <td>{c.submitted_at ? fmtDate(c.submitted_at) : ''}</td>
                  <td>
                    {c.status === 'pending' ? (
                      <DecideClaim claim={c} onDone={setDone} />
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
