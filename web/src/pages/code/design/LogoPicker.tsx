import { useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useI18n } from '../../../i18n/i18n';
import { useCan } from '../../../ui/can';
import { FormField } from '../../../ui/FormField';
import { Field, useErrorText } from '../../../ui/forms';
import { useBrandWrites, useLogos, useLogoUrl } from '../../../api/hooks/brand';
import type { DesignFieldsProps } from './props';

const LOGO = '/style/logo_id';

/** Pick a logo of the workspace, or upload a PNG or SVG right here (it joins the library). */
export function LogoPicker({ form, unsetLabel }: DesignFieldsProps) {
  const { t } = useI18n();
  const writes = useBrandWrites();
  const errorText = useErrorText();
  const logos = useLogos();
  const mayUpload = useCan('codes.write');
  form.shown.add(LOGO);
  const logoId = useWatch({ control: form.control, name: 'style.logo_id' });
  const preview = useLogoUrl(logoId || null);
  const fileId = useId();
  const [upload, setUpload] = useState<{ busy: boolean; error: string | null; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUpload({ busy: true, error: null, done: null });
    try {
      const logo = await writes.uploadLogo(file);
      form.setValue('style.logo_id', logo.id, { shouldDirty: true });
      setUpload({ busy: false, error: null, done: t('design.uploaded', { name: logo.name }) });
    } catch (err) {
      setUpload({ busy: false, error: errorText(err), done: null });
    }
  };
  const list = logos.data ?? [];
  const missing = logoId && !list.some((l) => l.id === logoId);
  return (
    <>
      <div className="row">
        {/* Controlled: the list loads after the field, and a logo uploaded here joins it after it is chosen. */}
        <Field label={t('design.logo')} pointer={LOGO} errors={form.fields}>
          {(p) => (
            <Controller
              control={form.control}
              name="style.logo_id"
              render={({ field }) => (
                <select {...p} {...field}>
                  <option value="">{unsetLabel}</option>
                  {list.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                  {missing ? <option value={logoId}>{t('design.logoRemoved')}</option> : null}
                </select>
              )}
            />
          )}
        </Field>
        <FormField form={form} name="style.logo_size" label={t('design.logoSize')} hint={t('design.logoSizeHint')}>
          {(p) => <input {...p} inputMode="decimal" placeholder="20" />}
        </FormField>
        {preview ? (
          <img src={preview} alt={t('design.logoChosen')} width={48} height={48} className="logo-thumb" />
        ) : null}
      </div>
      {mayUpload ? (
        <div className={`field${upload.error ? ' field-invalid' : ''}`}>
          <label htmlFor={fileId}>{t('design.logoUpload')}</label>
          <input
            id={fileId}
            type="file"
            accept="image/png,image/svg+xml,.png,.svg"
            disabled={upload.busy}
            aria-invalid={Boolean(upload.error)}
            aria-describedby={`${fileId}-hint${upload.error ? ` ${fileId}-err` : ''}`}
            data-testid="logo-file"
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <small id={`${fileId}-hint`} className="muted">
            {upload.busy ? t('design.uploading') : (upload.done ?? t('design.logoUploadHint'))}
          </small>
          {upload.error ? (
            <small id={`${fileId}-err`} className="field-error" data-pointer="/data" role="alert">
              {upload.error}
            </small>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
