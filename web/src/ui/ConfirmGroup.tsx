import type { MouseEvent, ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';

/**
 * A consequential step asked once more in place (the operator's console): what it will do
 * (`children`), then Confirm and Cancel. `onConfirm` gets the click, for a form's submit.
 */
export function ConfirmGroup({
  label,
  testId,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  label: string;
  testId: string;
  busy: boolean;
  onConfirm(e: MouseEvent<HTMLButtonElement>): unknown;
  onCancel(): void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div role="group" aria-label={label} data-testid={testId}>
      {children}
      <button type="button" className="btn btn-primary" disabled={busy} onClick={(e) => void onConfirm(e)}>
        {t('app.confirm')}
      </button>{' '}
      <button type="button" className="btn" onClick={onCancel}>
        {t('app.cancel')}
      </button>
    </div>
  );
}
