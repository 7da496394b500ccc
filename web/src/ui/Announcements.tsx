import type { KeyboardEvent } from 'react';
import { useAnnouncements, useDismissAnnouncement } from '../api/hooks/announcements';
import { useI18n } from '../i18n/i18n';

/**
 * The operator's notices (GET /v1/announcements) at the top of every page. Closing one dismisses it
 * on the server, so it stays gone after a reload and on the user's other devices
 * (docs/decisions.md D22). Escape on a focused notice closes it too.
 */
export function Announcements() {
  const { t, lang, fmtDate } = useI18n();
  const q = useAnnouncements();
  const dismiss = useDismissAnnouncement(() => document.getElementById('main')?.focus());
  const items = q.data ?? [];
  if (!items.length) return null;
  return (
    <section className="announcements" aria-label={t('announce.region')} data-testid="announcements">
      {items.map((a) => {
        const text = lang === 'de' && a.translations.de ? a.translations.de : a;
        const close = () => dismiss.mutate(a.id);
        const onKey = (e: KeyboardEvent) => {
          if (e.key === 'Escape') close();
        };
        return (
          <div
            key={a.id}
            className={`banner announcement announcement-${a.severity}`}
            role="status"
            aria-labelledby={`${a.id}-title`}
            onKeyDown={onKey}
          >
            <div>
              <p>
                <span className="announcement-kind">{t(`announce.severity.${a.severity}`)}</span>{' '}
                <strong id={`${a.id}-title`}>{text.title}</strong>
              </p>
              <p className="announcement-body">{text.body}</p>
              {a.link || a.ends_at ? (
                <p className="small">
                  {a.ends_at ? <span>{t('announce.until', { date: fmtDate(a.ends_at) })} </span> : null}
                  {a.link ? <a href={a.link}>{t('announce.more')}</a> : null}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              className="btn btn-small"
              aria-label={t('announce.dismiss', { title: text.title })}
              onClick={close}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        );
      })}
    </section>
  );
}
