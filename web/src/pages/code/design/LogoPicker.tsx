import { useId, useState } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { useCan } from '../../../ui/can';
import { Field, useErrorText } from '../../../ui/forms';
import { useBrandWrites, useLogos, useLogoUrl } from '../../../api/hooks/brand';
import type { DesignFieldsProps } from './props';

/** Pick a logo of the workspace, or upload a PNG or SVG right here (it joins the library). */
export function LogoPicker({ value, onChange, errors, unsetLabel }: DesignFieldsProps) {
  const { t } = useI18n();
  const writes = useBrandWrites();
  const errorText = useErrorText();
  const logos = useLogos();
  const mayUpload = useCan('codes.write');
  const preview = useLogoUrl(value.logoId || null);
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
      onChange({ logoId: logo.id });
      setUpload({ busy: false, error: null, done: t('design.uploaded', { name: logo.name }) });
    } catch (err) {
      setUpload({ busy: false, error: errorText(err), done: null });
    }
  };
  const list = logos.data ?? [];
  const missing = value.logoId && !list.some((l) => l.id === value.logoId);
  return (
    <>
      <div className="row">
        <Field label={t('design.logo')} pointer="/style/logo_id" errors={errors}>
          {(p) => (
            <select {...p} value={value.logoId} onChange={(e) => onChange({ logoId: e.target.value })}>
              <option value="">{unsetLabel}</option>
              {list.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
              {missing ? <option value={value.logoId}>{t('design.logoRemoved')}</option> : null}
            </select>
          )}
        </Field>
        <Field label={t('design.logoSize')} pointer="/style/logo_size" errors={errors} hint={t('design.logoSizeHint')}>
          {(p) => (
            <input
              {...p}
              inputMode="decimal"
              placeholder="20"
              value={value.logoSize}
              onChange={(e) => onChange({ logoSize: e.target.value })}
            />
          )}
        </Field>
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
