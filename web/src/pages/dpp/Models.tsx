import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useModelPassports } from '../../api/hooks/passportModels';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { ProblemAlert } from '../../ui/forms';
import { modelName } from './categories';
import './dpp.css';

/** Model passports of the workspace, newest first: the data every battery of a GTIN shares. */
export default function Models() {
  const { t, fmtDate } = useI18n();
  const list = useModelPassports({ gtin: '', publication_status: '' });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <div className="page-head">
        <h1>{t('models.title')}</h1>
        <Link className="btn btn-primary" to="/passports/models/new">
          {t('models.new')}
        </Link>
      </div>
      <p className="muted">{t('models.hint')}</p>
      <p>
        <Link to="/passports">{t('dpp.title')}</Link>
      </p>
      {list.error instanceof ApiError ? <ProblemAlert problem={list.error.problem} /> : null}
      {list.data && !rows.length ? <p>{t('models.empty')}</p> : null}
      <table className="table" data-testid="models-table">
        <caption className="sr-only">{t('models.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dpp.model')}</th>
            <th scope="col">{t('dpp.gtin')}</th>
            <th scope="col">{t('dpp.category')}</th>
            <th scope="col">{t('codes.status')}</th>
            <th scope="col">{t('dpp.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={m.id}>
              <td>
                <Link to={`/passports/models/${m.id}`}>{modelName(m.data) ?? m.gtin}</Link>
              </td>
              <td>{m.gtin}</td>
              <td>{t(`dppx.category.${m.category}` as MessageKey)}</td>
              <td>{t(`dpp.status.${m.publication_status}` as MessageKey)}</td>
              <td>{fmtDate(m.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.hasNextPage ? (
        <button type="button" className="btn" onClick={() => void list.fetchNextPage()}>
          {t('codes.more')}
        </button>
      ) : null}
    </section>
  );
}
