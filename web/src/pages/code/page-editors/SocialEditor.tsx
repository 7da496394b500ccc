// A social page's profiles: network, address and label, in order.
import { Field } from '../../../ui/forms';
import { GroupErrors } from '../GroupErrors';
import { errorsUnder } from '../content-draft';
import { move } from '../LinkList';
import { MAX_PROFILES, SOCIAL_NETWORKS } from '../page-lists';
import { emptyProfile, type PageDraft } from '../page-draft';
import { usePageWords } from '../page-words';
import type { MoreProps } from '../ShortCodeField';
import { networkName } from './names';

export function SocialEditor({ more, setMore, errors }: MoreProps) {
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
