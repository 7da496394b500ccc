import { useI18n } from '../../i18n/i18n';
import { Field } from '../../ui/forms';
import { GroupErrors } from './GroupErrors';
import { errorsUnder, type MoreDraft } from './content-draft';
import type { MoreProps } from './ShortCodeField';

const MAX_LINKS = 20;

/** Swaps item i with its neighbour j; out of range leaves the list as it is. */
export function move<T>(list: T[], i: number, j: number): T[] {
  if (j < 0 || j >= list.length) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/** The links of a link-in-bio page: label and URL each, added, removed and reordered. */
export function LinkList({ more, setMore, errors }: MoreProps) {
  const { t } = useI18n();
  const links = more.links;
  const put = (next: MoreDraft['links']) => setMore({ links: next });
  const own = links.flatMap((_, i) => [`/content/links/${i}/label`, `/content/links/${i}/url`]);
  return (
    <fieldset className="nested" data-testid="link-list">
      <legend>{t('content.links')}</legend>
      {links.map((l, i) => (
        <div className="row ab-row" key={i}>
          <Field label={t('content.linkLabel', { n: i + 1 })} pointer={`/content/links/${i}/label`} errors={errors}>
            {(p) => (
              <input
                {...p}
                value={l.label}
                onChange={(e) => put(links.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))}
              />
            )}
          </Field>
          <Field label={t('content.linkUrl', { n: i + 1 })} pointer={`/content/links/${i}/url`} errors={errors}>
            {(p) => (
              <input
                {...p}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={l.url}
                onChange={(e) => put(links.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))}
              />
            )}
          </Field>
          <button type="button" className="btn btn-small" disabled={i === 0} onClick={() => put(move(links, i, i - 1))}>
            <span aria-hidden="true">↑</span>
            <span className="sr-only">{t('content.linkUp', { n: i + 1 })}</span>
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={i === links.length - 1}
            onClick={() => put(move(links, i, i + 1))}
          >
            <span aria-hidden="true">↓</span>
            <span className="sr-only">{t('content.linkDown', { n: i + 1 })}</span>
          </button>
          <button type="button" className="btn btn-small" onClick={() => put(links.filter((_, j) => j !== i))}>
            {t('content.linkRemove', { n: i + 1 })}
          </button>
        </div>
      ))}
      <GroupErrors messages={errorsUnder(errors, '/content/links', own)} />
      {links.length < MAX_LINKS ? (
        <button type="button" className="btn btn-small" onClick={() => put([...links, { label: '', url: '' }])}>
          {t('content.linkAdd')}
        </button>
      ) : null}
    </fieldset>
  );
}
