import { useI18n } from '../../../i18n/i18n';
import { usePassportDownloads } from '../../../api/hooks/passports';
import { ProblemAlert, saveBlob, useSubmit } from '../../../ui/forms';

/** The passport's QR code in each format, saved as a file. */
export function QrDownloads({ id, name }: { id: string; name: string }) {
  const { t } = useI18n();
  const downloads = usePassportDownloads();
  const dl = useSubmit(async (fmt: 'svg' | 'png' | 'pdf' | 'eps') => {
    saveBlob(await downloads.qr(id, fmt), `${name}.${fmt}`);
  });
  return (
    <div className="downloads" role="group" aria-label={t('edit.downloads')}>
      <span>{t('edit.downloads')}:</span>
      {(['svg', 'png', 'pdf', 'eps'] as const).map((f) => (
        <button key={f} type="button" className="btn btn-small" onClick={() => void dl.run(f)}>
          {f.toUpperCase()}
        </button>
      ))}
      <ProblemAlert problem={dl.problem} />
    </div>
  );
}
