import { useI18n } from '../../i18n/i18n';
import { useOperatorAudit } from '../../api/hooks/operator';
import { useErrorText } from '../../ui/forms';
import { operatorEntryWords } from './audit-words';

/** Entries of the instance audit log, newest first, with a button for the next page. */
export function AuditList({ filter }: { filter: { target_id?: string; action?: string } }) {
  const { t, fmtDate } = useI18n();
  const errorText = useErrorText();
  const audit = useOperatorAudit(filter);
  const rows = audit.data?.pages.flatMap((p) => p.data) ?? [];
  if (audit.isPending) return <p>{t('app.loading')}</p>;
  if (audit.error) return <p role="alert">{errorText(audit.error)}</p>;
  if (rows.length === 0) return <p>{t('op.audit.empty')}</p>;
  return (
    <>
      <table className="table" data-testid="op-audit">
        <thead>
          <tr>
            <th scope="col">{t('op.audit.when')}</th>
            <th scope="col">{t('op.audit.who')}</th>
            <th scope="col">{t('op.audit.what')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id} data-action={e.action}>
              <td>{fmtDate(e.created_at)}</td>
              <td data-label={t('op.audit.who')}>{e.operator_id ?? t('op.audit.cli')}</td>
              <td data-label={t('op.audit.what')}>{operatorEntryWords(e, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {audit.hasNextPage ? (
        <button
          type="button"
          className="btn"
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {t('op.orgs.more')}
        </button>
      ) : null}
    </>
  );
}
