import { useI18n } from '../i18n/i18n';
import { ProblemAlert, useSubmit } from './forms';

export type QrFormat = 'svg' | 'png' | 'pdf' | 'eps';
const FORMATS: readonly QrFormat[] = ['svg', 'png', 'pdf', 'eps'];

/** A QR code's download buttons, one a format; `save` fetches and saves the file, its problem shown below. */
export function QrDownloadButtons({ save }: { save: (format: QrFormat) => Promise<void> }) {
  const { t } = useI18n();
  const dl = useSubmit(save);
  return (
    <div className="downloads" role="group" aria-label={t('edit.downloads')}>
      <span>{t('edit.downloads')}:</span>
      {FORMATS.map((f) => (
        <button key={f} type="button" className="btn btn-small" onClick={() => void dl.run(f)}>
          {f.toUpperCase()}
        </button>
      ))}
      <ProblemAlert problem={dl.problem} />
    </div>
  );
}
