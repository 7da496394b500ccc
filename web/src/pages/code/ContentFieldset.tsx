// The editor's "Content" section: type and title, then a URL or the type's content (hosted page or
// static), and a dynamic code's short code.
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { FormField } from '../../ui/FormField';
import { CODE_TYPES, type CodeType } from '../code-types';
import { emptyDraft, flatContent, type Draft } from '../code-form';
import { ContentExtras, PageSwitch } from './ContentFields';
import type { EditorForm } from './editor-form';
import { ShortCodeField } from './ShortCodeField';
import { StaticContentFields } from './StaticContentFields';

export function ContentFieldset({ mode, form, draft }: { mode: 'create' | 'update'; form: EditorForm; draft: Draft }) {
  const { t } = useI18n();
  // A new type starts from its empty draft, keeping what is not the type's own.
  const retype = (type: CodeType) => {
    const d = form.getValues();
    form.reset({ ...emptyDraft(type), title: d.title, tags: d.tags, style: d.style }, { keepErrors: true });
  };
  return (
    <fieldset>
      <legend>{t('edit.content')}</legend>
      <FormField form={form} name="type" label={t('codes.type')}>
        {(p) => (
          <select
            {...p}
            disabled={mode === 'update'}
            onChange={(e) => void p.onChange(e).then(() => retype(e.target.value as CodeType))}
          >
            {CODE_TYPES.map((c) => (
              <option key={c} value={c}>
                {t(`type.${c}` as MessageKey)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField form={form} name="title" label={t('edit.title')}>
        {(p) => <input {...p} />}
      </FormField>
      {draft.type === 'url' ? (
        <>
          <div className="field check">
            <label>
              <input type="checkbox" disabled={mode === 'update'} {...form.register('dynamic')} /> {t('edit.dynamic')}
            </label>
          </div>
          <FormField form={form} name="url" label={t('edit.url')}>
            {(p) => <input {...p} type="url" inputMode="url" placeholder="https://" />}
          </FormField>
        </>
      ) : (
        <>
          <PageSwitch type={draft.type} mode={mode} form={form} />
          <StaticContentFields type={draft.type} form={form} />
          <ContentExtras type={draft.type} content={flatContent(draft.content)} form={form} draft={draft} />
        </>
      )}
      {draft.dynamic ? <ShortCodeField form={form} draft={draft} errors={form.fields} /> : null}
    </fieldset>
  );
}
