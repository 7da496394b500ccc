// Where a battery passport meets its model passport (the same GTIN): a link from the battery to
// the model, and the note on a new battery started from a model.
import { Link } from 'react-router';
import { useModelPassports, type ModelPassport } from '../../api/hooks/passportModels';
import { useI18n } from '../../i18n/i18n';
import { modelName } from './categories';

/** The live model passport of a GTIN, linked; nothing when there is none. */
export function ModelOfGtin({ gtin }: { gtin: string }) {
  const { t } = useI18n();
  const q = useModelPassports({ gtin, publication_status: '' });
  const model = q.data?.pages.flatMap((p) => p.data).find((m) => m.publication_status !== 'archived');
  if (!model) return null;
  return (
    <p data-testid="model-of-passport">
      {t('models.ofPassport')}: <Link to={`/passports/models/${model.id}`}>{modelName(model.data) ?? model.gtin}</Link>
    </p>
  );
}

export function FromModelNote({ model }: { model: ModelPassport }) {
  const { t } = useI18n();
  return (
    <p className="alert alert-ok" role="status" data-testid="from-model">
      {t('models.fromModel', { model: modelName(model.data) ?? model.gtin })}
    </p>
  );
}
