import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useWsKey } from '../session';

type Announcement = Schemas['Announcement'];

/**
 * The operator's notices (GET /v1/announcements) at the top of every page. Closing one dismisses it
 * on the server, so it stays gone after a reload and on the user's other devices
 * (docs/decisions.md D22). Escape on a focused notice closes it too.
 */
export function Announcements() {
  const { t, lang, fmtDate } = useI18n();
  const key = useWsKey('announcements');
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: key,
    queryFn: () => ok(api.GET('/v1/announcements', { params: { query: { limit: 10 } } })),
    // Notices change rarely; a page change need not ask again.
    staleTime: 5 * 60_000,
  });
  const dismiss = useMutation({
    mutationFn: (id: string) => ok(api.POST('/v1/announcements/{id}/dismiss', { params: { path: { id } } })),
    // Gone at once; should the server refuse, the next fetch brings it back.
    onMutate: (id: string) => {
      qc.setQueryData<Announcement[]>(key, (old) => old?.filter((a) => a.id !== id));
      document.getElementById('main')?.focus();
    },
    onError: () => qc.invalidateQueries({ queryKey: key }),
  });
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
