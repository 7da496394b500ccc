// A social page's profiles (`content.profiles`): network, address and label, in order.
import { useFieldArray } from 'react-hook-form';
import { FormField } from '../../../ui/FormField';
import { GroupErrors } from '../GroupErrors';
import { errorsUnder } from '../content-draft';
import { pageForm } from '../editor-form';
import { MAX_PROFILES, SOCIAL_NETWORKS } from '../page-lists';
import { emptyProfile } from '../page-draft';
import { usePageWords } from '../page-words';
import { networkName } from './names';
import type { PageEditorProps } from './props';

export function SocialEditor(props: PageEditorProps) {
  const t = usePageWords();
  const form = pageForm(props.form);
  const list = useFieldArray({ control: form.control, name: 'content.profiles' });
  const own = list.fields.flatMap((_, i) => ['network', 'url', 'label'].map((f) => `/content/profiles/${i}/${f}`));
  return (
    <fieldset className="nested" data-testid="social-editor">
      <legend>{t('pages.profiles')}</legend>
      {list.fields.map((x, i) => {
        const n = i + 1;
        return (
          <div className="row ab-row" key={x.id}>
            <FormField form={form} name={`content.profiles.${i}.network`} label={t('pages.network', { n })}>
              {(p) => (
                <select {...p}>
                  {SOCIAL_NETWORKS.map((s) => (
                    <option key={s} value={s}>
                      {networkName(t, s)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField form={form} name={`content.profiles.${i}.url`} label={t('pages.profileUrl', { n })}>
              {(p) => <input {...p} type="url" inputMode="url" placeholder="https://" />}
            </FormField>
            <FormField form={form} name={`content.profiles.${i}.label`} label={t('pages.profileLabel', { n })}>
              {(p) => <input {...p} />}
            </FormField>
            <button type="button" className="btn btn-small" disabled={i === 0} onClick={() => list.swap(i, i - 1)}>
              <span aria-hidden="true">↑</span>
              <span className="sr-only">{t('pages.profileUp', { n })}</span>
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={list.fields.length === 1}
              onClick={() => list.remove(i)}
            >
              {t('pages.removeProfile', { n })}
            </button>
          </div>
        );
      })}
      <GroupErrors messages={errorsUnder(form.fields, '/content/profiles', own)} />
      {list.fields.length < MAX_PROFILES ? (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => list.append(emptyProfile(), { shouldFocus: false })}
        >
          {t('pages.addProfile')}
        </button>
      ) : null}
    </fieldset>
  );
}
