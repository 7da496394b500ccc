// Tags, and a saved code's status; folded unless the code is saved or tagged.
import { useI18n } from '../../i18n/i18n';
import { Field, type FieldErrors } from '../../ui/forms';
import type { Draft } from '../code-form';
import { Fold } from './Fold';

export function TagsFields({
  mode,
  draft,
  set,
  errors: f,
}: {
  mode: 'create' | 'update';
  draft: Draft;
  set(patch: Partial<Draft>): void;
  errors: FieldErrors;
}) {
  const { t } = useI18n();
  return (
    <Fold
      summary={t('edit.tags')}
      filled={mode === 'update' || draft.tags.trim() !== ''}
      errors={f}
      prefixes={['/tags', '/status']}
    >
      <fieldset>
        <legend>{t('edit.tags')}</legend>
        <Field label={t('edit.tags')} pointer="/tags" errors={f} hint={t('edit.tagsHint')}>
          {(p) => <input {...p} value={draft.tags} onChange={(e) => set({ tags: e.target.value })} />}
        </Field>
        {mode === 'update' && draft.status ? (
          <Field label={t('edit.status')} pointer="/status" errors={f}>
            {(p) => (
              <select {...p} value={draft.status} onChange={(e) => set({ status: e.target.value as Draft['status'] })}>
                <option value="active">{t('status.active')}</option>
                <option value="paused">{t('status.paused')}</option>
              </select>
            )}
          </Field>
        ) : null}
      </fieldset>
    </Fold>
  );
}
