import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { OperatorSearch } from './OperatorSearch';
import { useOperatorOrganizations } from '../../api/hooks/operator';
import { useErrorText } from '../../ui/forms';
import { planName } from '../../ui/plan-name';
import { useBytes } from './figures';

/** Every organization of the server with its plan and usage; `?q=` is the search, so a link keeps it. */
export function Organizations() {
  const { t, fmtNumber } = useI18n();
  const bytes = useBytes();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const orgs = useOperatorOrganizations(q);
  const rows = orgs.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <h1>{t('op.orgs.title')}</h1>
      <p className="muted">{t('op.orgs.hint')}</p>
      <OperatorSearch label={t('op.orgs.search')} testId="op-org-search" hint={t('op.orgs.searchHint')} clearable />
      {orgs.isPending ? (
        <p>{t('app.loading')}</p>
      ) : orgs.error ? (
        <p role="alert">{errorText(orgs.error)}</p>
      ) : rows.length === 0 ? (
        <p>{t('op.orgs.empty')}</p>
      ) : (
        <table className="table" data-testid="op-orgs">
          <thead>
            <tr>
              <th scope="col">{t('op.org.name')}</th>
              <th scope="col">{t('op.org.plan')}</th>
              <th scope="col">{t('op.org.scans')}</th>
              <th scope="col">{t('op.org.dynamic')}</th>
              <th scope="col">{t('op.org.storage')}</th>
              <th scope="col">{t('op.org.members')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id}>
                <td>
                  <Link to={`/operator/organizations/${o.id}`}>{o.name}</Link>{' '}
                  <span className="small muted">{o.slug}</span>
                </td>
                <td data-label={t('op.org.plan')}>{planName(t, o.plan)}</td>
                <td data-label={t('op.org.scans')}>{fmtNumber(o.usage.scans)}</td>
                <td data-label={t('op.org.dynamic')}>{fmtNumber(o.usage.dynamic_codes)}</td>
                <td data-label={t('op.org.storage')}>{bytes(o.usage.storage_bytes)}</td>
                <td data-label={t('op.org.members')}>{fmtNumber(o.usage.members)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {orgs.hasNextPage ? (
        <button
          type="button"
          className="btn"
          disabled={orgs.isFetchingNextPage}
          onClick={() => void orgs.fetchNextPage()}
        >
          {t('op.orgs.more')}
        </button>
      ) : null}
    </section>
  );
}
