import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePassports } from '../../api/hooks/passports/use-passports';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import './dpp.css';

const STATUSES = ['draft', 'published', 'archived'];

/** Battery passports: status, GTIN search, newest first. Lazy-loaded with the rest of pages/dpp. */
export default function Passports() {
  const { t, fmtDate } = useI18n();
  const [params, setParams] = useSearchParams();
  const filters = { gtin: params.get('gtin') ?? '', publication_status: params.get('status') ?? '' };
  const [draft, setDraft] = useState(filters);
  const list = usePassports(filters);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <div className="page-head">
        <h1>{t('dpp.title')}</h1>
        <Link className="btn btn-primary" to="/passports/new">
          {t('dpp.new')}
        </Link>
      </div>
      <p>
        <Link to="/passports/models">{t('models.title')}</Link>
      </p>
      <form
        className="filters"
        aria-label={t('dpp.search')}
        onSubmit={(e) => {
          e.preventDefault();
          setParams(
            Object.fromEntries(
              Object.entries({ gtin: draft.gtin.trim(), status: draft.publication_status }).filter(([, v]) => v),
            ),
          );
        }}
      >
        <label>
          {t('dpp.gtin')}
          <input
            value={draft.gtin}
            inputMode="numeric"
            onChange={(e) => setDraft({ ...draft, gtin: e.target.value })}
          />
        </label>
        <label>
          {t('codes.status')}
          <select
            value={draft.publication_status}
            onChange={(e) => setDraft({ ...draft, publication_status: e.target.value })}
          >
            <option value="">{t('audit.any')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`dpp.status.${s}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <button className="btn">{t('dpp.searchButton')}</button>
      </form>
      {list.data && !rows.length ? <p>{t('dpp.empty')}</p> : null}
      <table className="table" data-testid="passports-table">
        <caption className="sr-only">{t('dpp.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dpp.gtin')}</th>
            <th scope="col">{t('dpp.serial')}</th>
            <th scope="col">{t('dpp.model')}</th>
            <th scope="col">{t('codes.status')}</th>
            <th scope="col">{t('dpp.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id}>
              <td>
                <Link to={`/passports/${p.id}`}>{p.gtin}</Link>
              </td>
              <td>{p.serial}</td>
              <td>{p.data.generalProductInformation?.batteryModel ?? t('app.none')}</td>
              <td>
                <span className={`status dpp-${p.publication_status}`}>
                  {t(`dpp.status.${p.publication_status}` as MessageKey)}
                </span>
              </td>
              <td>{fmtDate(p.updated_at)}</td>
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
