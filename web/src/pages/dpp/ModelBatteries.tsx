import { Link } from 'react-router';
import { usePassports } from '../../api/hooks/passports/use-passports';
import type { ModelPassport } from '../../api/hooks/passportModels';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';

/** The battery passports of a model (those of its GTIN), and a new one started from the model. */
export function ModelBatteries({ model }: { model: ModelPassport }) {
  const { t } = useI18n();
  const q = usePassports({ gtin: model.gtin, publication_status: '' });
  const batteries = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section aria-labelledby="model-batteries" data-testid="model-batteries">
      <h2 id="model-batteries">{t('models.batteries')}</h2>
      <p className="muted small">{t('models.batteriesHint', { gtin: model.gtin })}</p>
      {model.publication_status !== 'archived' ? (
        <p>
          <Link className="btn" to={`/passports/new?model=${model.id}`}>
            {t('models.newBattery')}
          </Link>
        </p>
      ) : null}
      {q.data && !batteries.length ? <p>{t('models.noBatteries')}</p> : null}
      <ul className="plain">
        {batteries.map((b) => (
          <li key={b.id}>
            <Link to={`/passports/${b.id}`}>
              {t('dpp.serial')} {b.serial}
            </Link>{' '}
            · {t(`dpp.status.${b.publication_status}` as MessageKey)} ·{' '}
            {t(`dppx.batteryStatus.${b.battery_status}` as MessageKey)}
          </li>
        ))}
      </ul>
      {q.hasNextPage ? (
        <button type="button" className="btn btn-small" onClick={() => void q.fetchNextPage()}>
          {t('codes.more')}
        </button>
      ) : null}
    </section>
  );
}
