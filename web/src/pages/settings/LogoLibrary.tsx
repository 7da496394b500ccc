// The workspace's logos: list with their images, upload (PNG or SVG), delete.
import { useMemo, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { ConfirmDelete } from './ConfirmDelete';
import { useBrandWrites, useLogos, useLogoUrl, type Logo } from '../../api/hooks/brand';

function LogoImage({ logo }: { logo: Logo }) {
  const url = useLogoUrl(logo.id);
  return url ? (
    <img src={url} alt={logo.name} width={40} height={40} className="logo-thumb" />
  ) : (
    <span className="logo-thumb" />
  );
}

const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KiB`;

export function LogoLibrary({ may }: { may: boolean }) {
  const { t, fmtDate } = useI18n();
  const writes = useBrandWrites();
  const logos = useLogos();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [deleting, setDeleting] = useState<string | null>(null);
  // No file chosen is said at the file field, before any request (no "service unreachable").
  const [noFile, setNoFile] = useState(false);
  const upload = useSubmit(async (chosen: File) => {
    await writes.uploadLogo(chosen, name);
    setName('');
    setFile(null);
    setInputKey((k) => k + 1);
  });
  const remove = useSubmit(async (id: string) => {
    await writes.removeLogo(id);
    setDeleting(null);
  });
  // The file is the form's one field for both what it is and what it holds.
  const fileFields = useMemo(
    () =>
      noFile
        ? { ...upload.fields, '/data': t('words.logo.noFile') }
        : { ...upload.fields, '/data': upload.fields['/data'] ?? upload.fields['/content_type'] },
    [upload.fields, noFile, t],
  );
  const list = logos.data ?? [];
  return (
    <section aria-labelledby="logos-h">
      <h2 id="logos-h">{t('design.logos')}</h2>
      <ProblemAlert problem={remove.problem} />
      {logos.data && list.length === 0 ? (
        <p>{t('design.noLogos')}</p>
      ) : (
        <table className="table" data-testid="logos-table">
          <thead>
            <tr>
              <th scope="col">{t('design.image')}</th>
              <th scope="col">{t('design.name')}</th>
              <th scope="col">{t('design.type')}</th>
              <th scope="col">{t('design.dimensions')}</th>
              <th scope="col">{t('design.bytes')}</th>
              <th scope="col">{t('design.created')}</th>
              {may ? (
                <th scope="col">
                  <span className="sr-only">{t('design.delete')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {list.map((l) => (
              <tr key={l.id}>
                <td>
                  <LogoImage logo={l} />
                </td>
                <td>{l.name}</td>
                <td>{l.content_type === 'image/png' ? 'PNG' : 'SVG'}</td>
                <td>
                  {Math.round(l.width)} × {Math.round(l.height)}
                </td>
                <td>{kib(l.bytes)}</td>
                <td>{fmtDate(l.created_at)}</td>
                {may ? (
                  <td>
                    <ConfirmDelete
                      name={l.name}
                      asking={deleting === l.id}
                      ask={(on) => setDeleting(on ? l.id : null)}
                      onConfirm={() => void remove.run(l.id)}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {may ? (
        <form
          className="narrow card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setNoFile(!file);
            if (file) void upload.run(file);
          }}
        >
          <ProblemAlert problem={upload.problem} fields={upload.fields} />
          <Field label={t('design.logoName')} pointer="/name" errors={upload.fields}>
            {(p) => <input {...p} maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
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
      ) : null}
    </section>
  );
}
