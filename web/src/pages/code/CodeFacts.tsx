import type { Code } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { CopyButton } from '../../ui/forms';
import { QrImage } from '../../ui/QrImage';

/** The code's image, type, status, short URL and destination, at the top of its page. */
export function CodeFacts({ code: c, title }: { code: Code; title: string }) {
  const { t } = useI18n();
  return (
    <div className="detail-head">
      <QrImage codeId={c.id} alt={t('codes.qrOf', { title })} size={140} version={c.updated_at} />
      <dl>
        <dt>{t('codes.type')}</dt>
        <dd>{t(`type.${c.type}` as MessageKey)}</dd>
        <dt>{t('codes.status')}</dt>
        <dd>
          <span className={`status status-${c.status}`}>{t(`status.${c.status}` as MessageKey)}</span>
        </dd>
        {c.short_url ? (
          <>
            <dt>{t('detail.shortUrl')}</dt>
            <dd>
              <a href={c.short_url} data-testid="short-url">
                {c.short_url}
              </a>{' '}
              <CopyButton text={c.short_url} label={t('detail.copyShort')} />
            </dd>
          </>
        ) : null}
        {c.url ? (
          <>
            <dt>{t('codes.colDest')}</dt>
            <dd className="ellipsis">{c.url}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
