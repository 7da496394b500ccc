import { useI18n } from '../../i18n/i18n';
import { CopyButton, saveBlob } from '../../ui/forms';
import { useFocusOnMount } from './focus';

/** The ten recovery codes, shown once right after two-factor sign-in is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useI18n();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const text = `${t('account.codes.fileHead')}\n\n${codes.join('\n')}\n`;
  return (
    <div data-testid="recovery-codes">
      <h3 ref={heading} tabIndex={-1}>
        {t('account.codes.title')}
      </h3>
      <p role="status" className="alert alert-ok">
        {t('account.twofa.enabled')}
      </p>
      <p>{t('account.codes.intro')}</p>
      <ul className="recovery-codes" aria-label={t('account.codes.title')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="account-actions">
        <CopyButton text={codes.join('\n')} label={t('account.codes.copy')} />
        <button
          type="button"
          className="btn btn-small"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'qrs-recovery-codes.txt')}
        >
          {t('account.codes.download')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('account.codes.done')}
        </button>
      </div>
    </div>
  );
}
