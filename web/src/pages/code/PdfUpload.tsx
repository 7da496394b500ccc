import { useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import { useCodeWrites } from '../../api/hooks/codes/use-code-writes';
import { useFile } from '../../api/hooks/codes/use-file';
import { Field, useErrorText } from '../../ui/forms';
import { pageForm, type EditorForm } from './editor-form';

type Phase = { kind: 'idle' } | { kind: 'reading'; pct: number } | { kind: 'uploading' };

/** The file as base64, reporting how much of it was read (docs/decisions.md D24: uploads are JSON). */
function readBase64(file: File, onProgress: (pct: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded * 100) / e.total));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.readAsDataURL(file);
  });
}

/** The API refuses control characters, quotes and slashes in a file name; anything else is kept. */
const safeName = (name: string) => name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(0, 200) || 'file.pdf';

/**
 * Uploads the page's PDF through POST /v1/files as soon as it is picked. The SDK speaks fetch,
 * which reports no upload progress: the bar shows the file being read, then runs without a value
 * until the API answers (docs/decisions.md D31). The file's id is the form's `content.file_id`.
 */
export function PdfUpload(props: { form: EditorForm }) {
  const form = pageForm(props.form);
  const { field } = useController({ control: form.control, name: 'content.file_id' });
  const errors = form.fields;
  const { t } = useI18n();
  const errorText = useErrorText();
  const writes = useCodeWrites();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [refused, setRefused] = useState<string | null>(null);
  const shown = useMemo(() => (refused ? { '/content/file_id': refused } : errors), [refused, errors]);
  const pick = async (file: File) => {
    setRefused(null);
    setPhase({ kind: 'reading', pct: 0 });
    try {
      const data = await readBase64(file, (pct) => setPhase({ kind: 'reading', pct }));
      setPhase({ kind: 'uploading' });
      const info = await writes.uploadPdf(safeName(file.name), data);
      field.onChange(info.id);
      form.setValue('more.file', { name: info.name, size: info.size });
    } catch (err) {
      // Too large says what the limit is; anything else in the words every screen uses.
      if (err instanceof ApiError && (err.status === 413 || err.problem.errors?.some((e) => e.code === 'too_large')))
        setRefused(t('content.tooLarge'));
      else {
        // POST /v1/files names its own body's members; to the person they are all this one field.
        const file = t('content.file');
        setRefused(errorText(err, { '/data': file, '/content_type': file, '/name': file }));
      }
    } finally {
      setPhase({ kind: 'idle' });
    }
  };
  const id = field.value;
  const uploaded = form.watch('more.file');
  // A saved code names its file by id only; its name is the file's metadata.
  const saved = useFile(id || undefined, Boolean(id && !uploaded));
  return (
    <div data-testid="pdf-upload">
      <Field label={t('content.file')} pointer="/content/file_id" errors={shown} hint={t('content.fileHint')}>
        {(p) => (
          <input
            {...p}
            ref={field.ref}
            onBlur={field.onBlur}
            type="file"
            accept="application/pdf,.pdf"
            disabled={phase.kind !== 'idle'}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void pick(file);
            }}
          />
        )}
      </Field>
      {phase.kind === 'idle' ? null : (
        <p className="small" role="status">
          {phase.kind === 'reading' ? (
            <progress max={100} value={phase.pct} aria-label={t('content.progress')} />
          ) : (
            <progress aria-label={t('content.progress')} />
          )}{' '}
          {phase.kind === 'reading' ? t('content.reading') : t('content.uploading')}
        </p>
      )}
      {id && phase.kind === 'idle' ? (
        <p className="muted small" data-testid="pdf-file">
          {uploaded
            ? t('content.uploaded', { name: uploaded.name, size: Math.max(1, Math.ceil(uploaded.size / 1024)) })
            : t('content.fileKept', { name: saved.data?.name ?? id })}
        </p>
      ) : null}
    </div>
  );
}
