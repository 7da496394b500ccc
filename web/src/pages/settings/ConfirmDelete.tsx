// A delete button that asks once more in place (no dialog), as the API keys screen does.
import { useI18n } from '../../i18n/i18n';

export function ConfirmDelete({
  name,
  asking,
  ask,
  onConfirm,
}: {
  name: string;
  asking: boolean;
  ask(on: boolean): void;
  onConfirm(): void;
}) {
  const { t } = useI18n();
  const question = t('design.deleteConfirm', { name });
  return asking ? (
    <span role="group" aria-label={question}>
      <span className="small">{question}</span>{' '}
      <button type="button" className="btn btn-danger btn-small" onClick={onConfirm}>
        {t('app.confirm')}
      </button>{' '}
      <button type="button" className="btn btn-small" onClick={() => ask(false)}>
        {t('app.cancel')}
      </button>
    </span>
  ) : (
    <button type="button" className="btn btn-small" onClick={() => ask(true)}>
      {t('design.delete')}
      <span className="sr-only"> {name}</span>
    </button>
  );
}
