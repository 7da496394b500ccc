import { useEffect, useState } from 'react';
import { onDeprecation, type DeprecationNotice } from '../api/client';
import { useI18n } from '../i18n/i18n';

/** The API's notice that a request the dashboard sent is deprecated, with its sunset date. */
export function DeprecationBanner() {
  const { t, fmtDate } = useI18n();
  const [notice, setNotice] = useState<DeprecationNotice | null>(null);
  useEffect(() => onDeprecation(setNotice), []);
  if (!notice) return null;
  return (
    <div className="banner banner-warn" role="status" data-testid="deprecation-banner">
      <p>
        {t('deprecation.banner', { method: notice.method, path: notice.path })}
        {notice.sunset ? ` ${t('deprecation.sunset', { date: fmtDate(notice.sunset) })}` : ''}
        {notice.link ? (
          <>
            {' '}
            <a href={notice.link}>{t('deprecation.link')}</a>
          </>
        ) : null}
      </p>
      <button type="button" className="btn btn-small" onClick={() => setNotice(null)}>
        {t('app.close')}
      </button>
    </div>
  );
}
