// Tags, and a saved code's status; folded unless the code is saved or tagged.
import { useI18n } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import type { Draft } from '../code-form';
import type { EditorForm } from './editor-form';
import { Fold } from './Fold';

export function TagsFields({ mode, form, draft }: { mode: 'create' | 'update'; form: EditorForm; draft: Draft }) {
  const { t } = useI18n();
  return (
    <Fold
      summary={t('edit.tags')}
      filled={mode === 'update' || draft.tags.trim() !== ''}
      errors={form.fields}
      prefixes={['/tags', '/status']}
    >
      <fieldset>
        <legend>{t('edit.tags')}</legend>
        <FormField form={form} name="tags" label={t('edit.tags')} hint={t('edit.tagsHint')}>
          {(p) => <input {...p} />}
        </FormField>
        {mode === 'update' && draft.status ? (
          <FormField form={form} name="status" label={t('edit.status')}>
            {(p) => (
              <select {...p}>
                <option value="active">{t('status.active')}</option>
                <option value="paused">{t('status.paused')}</option>
              </select>
            )}
          </FormField>
        ) : null}
      </fieldset>
    </Fold>
  );
}
