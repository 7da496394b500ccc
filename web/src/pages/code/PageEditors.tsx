// The editors of the newer hosted pages (docs/decisions.md D82): a menu's sections and items with
// prices and allergens, an event's start and end in a time zone, a social page's profiles, and a
// live preview of the page's words. Loaded lazily: only someone making such a page downloads it.
import { useI18n } from '../../i18n/i18n';
import { usePageWords, type PageT as T, type PageWord } from './page-words';
import { Field } from '../../ui/forms';
import { GroupErrors } from './GroupErrors';
import { errorsUnder } from './content-draft';
import { move } from './LinkList';
import { ALLERGENS, MAX_ITEMS, MAX_PROFILES, MAX_SECTIONS, SOCIAL_NETWORKS } from './page-lists';
import { emptyItem, emptyProfile, emptySection, priceOf, type MenuSectionDraft, type PageDraft } from './page-draft';
import type { MoreProps } from './ShortCodeField';

type Props = MoreProps & { type: string; content: Record<string, string> };

const NETWORK_NAMES: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  threads: 'Threads',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  github: 'GitHub',
};
const networkName = (t: T, n: string) => NETWORK_NAMES[n] ?? t('pages.network.website');
const allergenName = (t: T, a: string) => t(`pages.allergen.${a}` as PageWord);

function MenuEditor({ more, setMore, errors }: Props) {
  const t = usePageWords();
  const sections = more.page.sections;
  const put = (next: MenuSectionDraft[]) => setMore({ page: { ...more.page, sections: next } });
  const putSection = (i: number, s: Partial<MenuSectionDraft>) =>
    put(sections.map((x, j) => (j === i ? { ...x, ...s } : x)));
  return (
    <div data-testid="menu-editor">
      {sections.map((s, i) => {
        const base = `/content/sections/${i}`;
        const n = i + 1;
        return (
          <fieldset className="nested" key={i}>
            <legend>{t('pages.section', { n })}</legend>
            <Field label={t('pages.sectionName', { n })} pointer={`${base}/name`} errors={errors}>
              {(p) => <input {...p} value={s.name} onChange={(e) => putSection(i, { name: e.target.value })} />}
            </Field>
            {s.items.map((it, k) => {
              const ib = `${base}/items/${k}`;
              const m = k + 1;
              const putItem = (patch: Partial<typeof it>) =>
                putSection(i, { items: s.items.map((x, j) => (j === k ? { ...x, ...patch } : x)) });
              return (
                <fieldset className="nested" key={k}>
                  <legend>{t('pages.item', { n, m })}</legend>
                  <div className="row">
                    <Field label={t('pages.itemName', { n, m })} pointer={`${ib}/name`} errors={errors}>
                      {(p) => <input {...p} value={it.name} onChange={(e) => putItem({ name: e.target.value })} />}
                    </Field>
                    <Field label={t('pages.price', { n, m })} pointer={`${ib}/price`} errors={errors}>
                      {(p) => (
                        <input
                          {...p}
                          inputMode="decimal"
                          value={it.price}
                          onChange={(e) => putItem({ price: e.target.value })}
                        />
                      )}
                    </Field>
                  </div>
                  <Field label={t('pages.itemDescription', { n, m })} pointer={`${ib}/description`} errors={errors}>
                    {(p) => (
                      <input {...p} value={it.description} onChange={(e) => putItem({ description: e.target.value })} />
                    )}
                  </Field>
                  <fieldset className="nested checks">
                    <legend>{t('pages.allergens', { n, m })}</legend>
                    {ALLERGENS.map((a) => (
                      <label key={a} className="check-inline">
                        <input
                          type="checkbox"
                          checked={it.allergens.includes(a)}
                          onChange={(e) =>
                            putItem({
                              allergens: e.target.checked
                                ? ALLERGENS.filter((x) => x === a || it.allergens.includes(x))
                                : it.allergens.filter((x) => x !== a),
                            })
                          }
                        />{' '}
                        {allergenName(t, a)}
                      </label>
                    ))}
                    <GroupErrors messages={errorsUnder(errors, `${ib}/allergens`)} />
                  </fieldset>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={s.items.length === 1}
                    onClick={() => putSection(i, { items: s.items.filter((_, j) => j !== k) })}
                  >
                    {t('pages.removeItem', { n, m })}
                  </button>
                </fieldset>
              );
            })}
            <GroupErrors
              messages={Object.entries(errors)
                .filter(([p]) => p === `${base}/items` || new RegExp(`^${base}/items/\\d+$`).test(p))
                .map(([, e]) => e)}
            />
            <div className="row">
              {s.items.length < MAX_ITEMS ? (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => putSection(i, { items: [...s.items, emptyItem()] })}
                >
                  {t('pages.addItem', { n })}
                </button>
              ) : null}
              <button
                type="button"
                className="btn btn-small"
                disabled={i === 0}
                onClick={() => put(move(sections, i, i - 1))}
              >
                {t('pages.sectionUp', { n })}
              </button>
              <button
                type="button"
                className="btn btn-small"
                disabled={sections.length === 1}
                onClick={() => put(sections.filter((_, j) => j !== i))}
              >
                {t('pages.removeSection', { n })}
              </button>
            </div>
          </fieldset>
        );
      })}
      {sections.length < MAX_SECTIONS ? (
        <button type="button" className="btn btn-small" onClick={() => put([...sections, emptySection()])}>
          {t('pages.addSection')}
        </button>
      ) : null}
    </div>
  );
}

function zones(current: string): string[] {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes(current) ? all : [current, ...all];
}

function EventEditor({ more, setMore, errors }: Props) {
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

function SocialEditor({ more, setMore, errors }: Props) {
  const t = usePageWords();
  const list = more.page.profiles;
  const put = (next: PageDraft['profiles']) => setMore({ page: { ...more.page, profiles: next } });
  const own = list.flatMap((_, i) => ['network', 'url', 'label'].map((f) => `/content/profiles/${i}/${f}`));
  return (
    <fieldset className="nested" data-testid="social-editor">
      <legend>{t('pages.profiles')}</legend>
      {list.map((x, i) => {
        const n = i + 1;
        const base = `/content/profiles/${i}`;
        const putOne = (patch: Partial<typeof x>) => put(list.map((y, j) => (j === i ? { ...y, ...patch } : y)));
        return (
          <div className="row ab-row" key={i}>
            <Field label={t('pages.network', { n })} pointer={`${base}/network`} errors={errors}>
              {(p) => (
                <select {...p} value={x.network} onChange={(e) => putOne({ network: e.target.value })}>
                  {SOCIAL_NETWORKS.map((s) => (
                    <option key={s} value={s}>
                      {networkName(t, s)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('pages.profileUrl', { n })} pointer={`${base}/url`} errors={errors}>
              {(p) => (
                <input
                  {...p}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={x.url}
                  onChange={(e) => putOne({ url: e.target.value })}
                />
              )}
            </Field>
            <Field label={t('pages.profileLabel', { n })} pointer={`${base}/label`} errors={errors}>
              {(p) => <input {...p} value={x.label} onChange={(e) => putOne({ label: e.target.value })} />}
            </Field>
            <button
              type="button"
              className="btn btn-small"
              disabled={i === 0}
              onClick={() => put(move(list, i, i - 1))}
            >
              <span aria-hidden="true">↑</span>
              <span className="sr-only">{t('pages.profileUp', { n })}</span>
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={list.length === 1}
              onClick={() => put(list.filter((_, j) => j !== i))}
            >
              {t('pages.removeProfile', { n })}
            </button>
          </div>
        );
      })}
      <GroupErrors messages={errorsUnder(errors, '/content/profiles', own)} />
      {list.length < MAX_PROFILES ? (
        <button type="button" className="btn btn-small" onClick={() => put([...list, emptyProfile()])}>
          {t('pages.addProfile')}
        </button>
      ) : null}
    </fieldset>
  );
}

function money(amount: number | string, currency: string, lang: string): string {
  if (typeof amount !== 'number') return amount;
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currency || 'EUR' }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** The page's words as a visitor will read them, updated as the user types. */
function PagePreview({ type, content, more }: Props) {
  const { lang } = useI18n();
  const t = usePageWords();
  const page = more.page;
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
          {page.event.startsAt ? (
            <p>
              {day(page.event.startsAt)}
              {page.event.endsAt ? ` – ${day(page.event.endsAt)}` : ''} ({page.event.zone})
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

export default function PageEditors(props: Props) {
  return (
    <>
      {props.type === 'menu' ? <MenuEditor {...props} /> : null}
      {props.type === 'event' ? <EventEditor {...props} /> : null}
      {props.type === 'social' ? <SocialEditor {...props} /> : null}
      <PagePreview {...props} />
    </>
  );
}
