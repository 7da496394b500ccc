import { useI18n } from '../../../i18n/i18n';
import { priceOf, type PageContent } from '../page-draft';
import { usePageWords } from '../page-words';
import type { PageEditorProps } from './props';
import { allergenName, networkName } from './names';

function money(amount: number | string, currency: string, lang: string): string {
  if (typeof amount !== 'number') return amount;
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currency || 'EUR' }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** The page's words as a visitor will read them, updated as the user types. */
export function PagePreview({ type, content, draft }: PageEditorProps) {
  const { lang } = useI18n();
  const t = usePageWords();
  const page = draft.content as unknown as PageContent;
  const zone = draft.more.zone;
  const title = content.title?.trim();
  const day = (wall: string, style: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }) => {
    const ms = Date.parse(wall);
    return Number.isFinite(ms) ? new Intl.DateTimeFormat(lang, style).format(ms) : wall;
  };
  return (
    <section className="card page-preview" aria-label={t('pages.preview')} data-testid="page-preview">
      <p className="muted small">{t('pages.preview')}</p>
      <p>
        <strong>{title || t('pages.previewEmpty')}</strong>
      </p>
      {content.description ? <p>{content.description}</p> : null}
      {type === 'menu'
        ? page.sections.map((s, i) => (
            <div key={i}>
              <p>
                <strong>{s.name}</strong>
              </p>
              <ul>
                {s.items.map((it, k) => (
                  <li key={k}>
                    {it.name}
                    {it.price.trim() ? ` — ${money(priceOf(it.price), content.currency ?? '', lang)}` : ''}
                    {it.description ? <span className="muted"> · {it.description}</span> : null}
                    {it.allergens.length ? (
                      <span className="muted small">
                        {' '}
                        ({t('pages.contains')} {it.allergens.map((a) => allergenName(t, a)).join(', ')})
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ))
        : null}
      {type === 'coupon' ? (
        <>
          {content.code ? (
            <p>
              {t('pages.couponCode')}: <code>{content.code}</code>
            </p>
          ) : null}
          {content.expires_on ? (
            <p>{t('pages.validUntil', { day: day(content.expires_on, { dateStyle: 'long', timeZone: 'UTC' }) })}</p>
          ) : null}
          {content.terms ? <p className="small">{content.terms}</p> : null}
          {content.url ? <p className="small">{content.url}</p> : null}
        </>
      ) : null}
      {type === 'event' ? (
        <>
          {page.starts_at ? (
            <p>
              {day(page.starts_at)}
              {page.ends_at ? ` – ${day(page.ends_at)}` : ''} ({zone})
            </p>
          ) : null}
          {content.location ? <p>{content.location}</p> : null}
          <p className="small muted">{t('pages.addToCalendar')}</p>
        </>
      ) : null}
      {type === 'social' ? (
        <ul>
          {page.profiles.map((x, i) => (
            <li key={i}>
              {x.label.trim() || networkName(t, x.network)}
              {x.url ? <span className="muted small"> · {x.url}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
