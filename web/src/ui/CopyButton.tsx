import { useState } from 'react';
import { useI18n } from '../i18n/i18n';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useI18n();
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
        } catch {
          /* clipboard may be denied; the text stays selectable */
        }
        setDone(true);
        setTimeout(() => setDone(false), 2000);
      }}
    >
      {done ? t('app.copied') : (label ?? t('app.copy'))}
      <span className="sr-only" aria-live="polite">
        {done ? t('app.copied') : ''}
      </span>
    </button>
  );
}
