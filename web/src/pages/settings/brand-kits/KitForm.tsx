import { useEffect, useMemo, useState } from 'react';
import { createBrandKit, updateBrandKit } from '@qrs/sdk/forms';
import { useBrandWrites, type BrandKit } from '../../../api/hooks/brand';
import { useI18n } from '../../../i18n/i18n';
import { FormField } from '../../../ui/FormField';
import { ProblemAlert, type FieldErrors } from '../../../ui/forms';
import { useApiForm } from '../../../ui/use-api-form';
import { DesignFields } from '../../code/DesignFields';
import { designForm } from '../../code/design/props';
import { emptyKit, kitBodyOf, kitValuesOf, type KitBody, type KitValues } from './kit-values';
import { KitPreview } from './KitPreview';
import { PageStyleFields } from './PageStyleFields';

interface KitFormProps {
  /** the kit being changed; null makes a new one */
  kit: BrandKit | null;
  /** after a save, with the sentence that says so */
  onSaved(message: string): void;
  /** on every change of a field */
  onChange(): void;
  onCancel(): void;
}

/** Makes or changes a kit from a style (colours plus the code editor's design fields), with a live preview. */
export function KitForm({ kit, onSaved, onChange, onCancel }: KitFormProps) {
  const { t } = useI18n();
  const writes = useBrandWrites();
  const form = useApiForm<KitValues, KitBody>({
    body: kit ? updateBrandKit : createBrandKit,
    defaults: kit ? kitValuesOf(kit) : emptyKit(),
    toBody: kitBodyOf,
  });
  const [previewFields, setPreviewFields] = useState<FieldErrors>({});
  const fields = useMemo(() => ({ ...previewFields, ...form.fields }), [previewFields, form.fields]);
  const shown = { register: form.register, shown: form.shown, fields };
  useEffect(() => {
    const watching = form.watch(() => onChange());
    return () => watching.unsubscribe();
  }, [form.watch, onChange]);
  const name = form.watch('name');
  return (
    <div className="editor kit-editor">
      <form
        noValidate
        onSubmit={form.submit(async (body) => {
          const saved = await writes.saveKit(kit?.id ?? null, body as never);
          onSaved(t(kit ? 'design.kitSaved' : 'design.kitCreated', { name: saved.name }));
        })}
      >
        <fieldset>
          <legend>{kit ? t('design.editKit', { name }) : t('design.newKit')}</legend>
          <ProblemAlert problem={form.problem} fields={fields} />
          <FormField form={shown} name="name" label={t('design.kitName')}>
            {(p) => <input {...p} maxLength={100} />}
          </FormField>
          <p className="muted small">{t('design.kitColours')}</p>
          <div className="row">
            <FormField form={shown} name="style.foreground" label={t('edit.fg')}>
              {(p) => <input {...p} placeholder="#RRGGBB" />}
            </FormField>
            <FormField form={shown} name="style.background" label={t('edit.bg')}>
              {(p) => <input {...p} placeholder="#RRGGBB" />}
            </FormField>
          </div>
          <DesignFields form={designForm(form, fields)} unsetLabel={t('design.default')} />
        </fieldset>
        <PageStyleFields form={shown} />
        <button className="btn btn-primary" disabled={form.busy}>
          {form.busy ? t('app.saving') : kit ? t('design.saveKit') : t('design.createKit')}
        </button>{' '}
        {kit ? (
          <button type="button" className="btn" onClick={onCancel}>
            {t('app.cancel')}
          </button>
        ) : null}
      </form>
      <KitPreview control={form.control} onProblems={setPreviewFields} />
    </div>
  );
}
