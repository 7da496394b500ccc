import { useFieldArray } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import { GroupErrors } from './GroupErrors';
import { errorsUnder } from './content-draft';
import { pageForm, type EditorForm } from './editor-form';

const MAX_LINKS = 20;

/** The links of a link-in-bio page: label and URL each (`content.links.N.*`), added, removed and reordered. */
export function LinkList(props: { form: EditorForm }) {
  const { t } = useI18n();
  const form = pageForm(props.form);
  const links = useFieldArray({ control: form.control, name: 'content.links' });
  const own = links.fields.flatMap((_, i) => [`/content/links/${i}/label`, `/content/links/${i}/url`]);
  return (
    <fieldset className="nested" data-testid="link-list">
      <legend>{t('content.links')}</legend>
      {links.fields.map((l, i) => (
        <div className="row ab-row" key={l.id}>
          <FormField form={form} name={`content.links.${i}.label`} label={t('content.linkLabel', { n: i + 1 })}>
            {(p) => <input {...p} />}
          </FormField>
          <FormField form={form} name={`content.links.${i}.url`} label={t('content.linkUrl', { n: i + 1 })}>
            {(p) => <input {...p} type="url" inputMode="url" placeholder="https://" />}
          </FormField>
          <button type="button" className="btn btn-small" disabled={i === 0} onClick={() => links.swap(i, i - 1)}>
            <span aria-hidden="true">↑</span>
            <span className="sr-only">{t('content.linkUp', { n: i + 1 })}</span>
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={i === links.fields.length - 1}
            onClick={() => links.swap(i, i + 1)}
          >
            <span aria-hidden="true">↓</span>
            <span className="sr-only">{t('content.linkDown', { n: i + 1 })}</span>
          </button>
          <button type="button" className="btn btn-small" onClick={() => links.remove(i)}>
            {t('content.linkRemove', { n: i + 1 })}
          </button>
        </div>
      ))}
      <GroupErrors messages={errorsUnder(form.fields, '/content/links', own)} />
      {links.fields.length < MAX_LINKS ? (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => links.append({ label: '', url: '' }, { shouldFocus: false })}
        >
          {t('content.linkAdd')}
        </button>
      ) : null}
    </fieldset>
  );
}
