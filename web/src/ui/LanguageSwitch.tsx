import { LANGS, useI18n, type Lang } from '../i18n/i18n';
import { useChooseLanguage } from './language';

export function LanguageSwitch() {
  const { lang, t } = useI18n();
  const choose = useChooseLanguage();
  return (
    <label className="lang">
      <span className="sr-only">{t('app.language')}</span>
      <select
        aria-label={t('app.language')}
        data-testid="language-switch"
        value={lang}
        // The dashboard switches at once; storing the choice on the user may fail quietly (the account page retries).
        onChange={(e) => void choose(e.target.value as Lang).catch(() => undefined)}
      >
        {(Object.keys(LANGS) as Lang[]).map((l) => (
          <option key={l} value={l}>
            {LANGS[l].label}
          </option>
        ))}
      </select>
    </label>
  );
}
