import { useMemo, useState } from 'react';
import { createLogo } from '@qrs/sdk/forms';
import { useBrandWrites } from '../../../api/hooks/brand';
import { useI18n } from '../../../i18n/i18n';
import { FormField } from '../../../ui/FormField';
import { Field, ProblemAlert } from '../../../ui/forms';
import { useApiForm } from '../../../ui/use-api-form';

/** A logo's upload: an optional name and a PNG or SVG file. */
export function LogoUpload() {
  const { t } = useI18n();
  const writes = useBrandWrites();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  // No file chosen is said at the file field, before any request (no "service unreachable").
  const [noFile, setNoFile] = useState(false);
  // The schema checks the name; the file is read to base64 only when it is sent (uploadLogo), and
  // what the API says of its type or bytes lands at the file field.
  const upload = useApiForm({
    body: createLogo,
    defaults: { name: '' },
    toBody: (v) => ({ name: v.name.trim() || undefined }),
  });
  const send = upload.submit(async (_body, v) => {
    if (!file) return;
    await writes.uploadLogo(file, v.name);
    upload.reset();
    setFile(null);
    setInputKey((k) => k + 1);
  });
  // The file is the form's one field for both what it is and what it holds.
  const fileFields = useMemo(
    () =>
      noFile
        ? { ...upload.fields, '/data': t('words.logo.noFile') }
        : { ...upload.fields, '/data': upload.fields['/data'] ?? upload.fields['/content_type'] },
    [upload.fields, noFile, t],
  );
  return (
    <form
      className="narrow card"
      noValidate
      onSubmit={(e) => {
        setNoFile(!file);
        if (file) return void send(e);
        e.preventDefault();
      }}
    >
      <ProblemAlert problem={upload.problem} fields={upload.fields} />
      <FormField form={upload} name="name" label={t('design.logoName')}>
        {(p) => <input {...p} maxLength={255} />}
      </FormField>
      <Field label={t('design.logoFile')} pointer="/data" errors={fileFields} hint={t('design.logoUploadHint')}>
        {(p) => (
          <input
            {...p}
            key={inputKey}
            type="file"
            accept="image/png,image/svg+xml,.png,.svg"
            data-testid="library-logo-file"
            onChange={(e) => {
              setNoFile(false);
              setFile(e.target.files?.[0] ?? null);
            }}
          />
        )}
      </Field>
      <button className="btn btn-primary" disabled={upload.busy}>
        {upload.busy ? t('design.uploading') : t('design.upload')}
      </button>
    </form>
  );
}
