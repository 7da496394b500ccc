// An event's start and end, in a time zone.
import { Field } from '../../../ui/forms';
import type { PageDraft } from '../page-draft';
import { usePageWords } from '../page-words';
import type { MoreProps } from '../ShortCodeField';

function zones(current: string): string[] {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes(current) ? all : [current, ...all];
}

export function EventEditor({ more, setMore, errors }: MoreProps) {
  const t = usePageWords();
  const ev = more.page.event;
  const put = (patch: Partial<PageDraft['event']>) => setMore({ page: { ...more.page, event: { ...ev, ...patch } } });
  return (
    <fieldset className="nested" data-testid="event-editor">
      <legend>{t('pages.when')}</legend>
      <div className="row">
        <Field label={t('pages.startsAt')} pointer="/content/starts_at" errors={errors}>
          {(p) => (
            <input
              {...p}
              type="datetime-local"
              value={ev.startsAt}
              onChange={(e) => put({ startsAt: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('pages.endsAt')} pointer="/content/ends_at" errors={errors} hint={t('pages.endsHint')}>
          {(p) => (
            <input {...p} type="datetime-local" value={ev.endsAt} onChange={(e) => put({ endsAt: e.target.value })} />
          )}
        </Field>
      </div>
      <Field label={t('pages.zone')} hint={t('pages.zoneHint')}>
        {(p) => (
          <select {...p} value={ev.zone} onChange={(e) => put({ zone: e.target.value })}>
            {zones(ev.zone).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        )}
      </Field>
    </fieldset>
  );
}
