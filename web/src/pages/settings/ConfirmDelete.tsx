// A delete button that asks once more in place (no dialog), as the API keys screen does. `question`
// and `label` word another irreversible step (revoking a credential, erasing a member).
import { useI18n } from '../../i18n/i18n';

export function ConfirmDelete({
  name,
  asking,
  ask,
  onConfirm,
  question,
  label,
}: {
  name: string;
  asking: boolean;
  ask(on: boolean): void;
  onConfirm(): void;
  question?: string;
  label?: string;
}) {
  const { t } = useI18n();
  const asked = question ?? t('design.deleteConfirm', { name });
  return asking ? (
    <span role="group" aria-label={asked}>
      <span className="small">{asked}</span>{' '}
      <button type="button" className="btn btn-danger btn-small" onClick={onConfirm}>
        {t('app.confirm')}
      </button>{' '}
      <button type="button" className="btn btn-small" onClick={() => ask(false)}>
        {t('app.cancel')}
      </button>
    </span>
  ) : (
    <button type="button" className="btn btn-small" onClick={() => ask(true)}>
      {label ?? t('design.delete')}
      <span className="sr-only"> {name}</span>
    </button>
  );
}
