// The workspace's logos: list with their images, upload (PNG or SVG), delete.
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import { lazyForm } from '../../ui/lazy-form';
import { ConfirmDelete } from './ConfirmDelete';
import { useBrandWrites, useLogos, useLogoUrl, type Logo } from '../../api/hooks/brand';

const LogoUpload = lazyForm(() => import('./logos/LogoUpload').then((m) => m.LogoUpload));

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
  const [deleting, setDeleting] = useState<string | null>(null);
  const remove = useSubmit(async (id: string) => {
    await writes.removeLogo(id);
    setDeleting(null);
  });
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
      {may ? <LogoUpload /> : null}
    </section>
  );
}
