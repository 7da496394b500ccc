import { useState } from 'react';
import { useBrandKits, useBrandWrites, type BrandKit } from '../../../api/hooks/brand';
import { useI18n } from '../../../i18n/i18n';
import { ProblemAlert, useSubmit } from '../../../ui/forms';
import { ConfirmDelete } from '../ConfirmDelete';
import { KitSummary } from './KitSummary';

interface KitTableProps {
  /** may change kits: the edit and delete buttons */
  may: boolean;
  onEdit(kit: BrandKit): void;
  onRemoved(id: string): void;
}

/** The workspace's kits, each with its design in a line; edit and delete for those who may. */
export function KitTable({ may, onEdit, onRemoved }: KitTableProps) {
  const { t } = useI18n();
  const writes = useBrandWrites();
  const kits = useBrandKits();
  const [deleting, setDeleting] = useState<string | null>(null);
  const remove = useSubmit(async (id: string) => {
    await writes.removeKit(id);
    setDeleting(null);
    onRemoved(id);
  });
  const list = kits.data ?? [];
  return (
    <>
      <ProblemAlert problem={remove.problem} />
      {kits.data && list.length === 0 ? (
        <p>{t('design.noKits')}</p>
      ) : (
        <table className="table" data-testid="kits-table">
          <thead>
            <tr>
              <th scope="col">{t('design.name')}</th>
              <th scope="col">{t('design.kitSummary')}</th>
              {may ? (
                <th scope="col">
                  <span className="sr-only">{t('design.edit')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {list.map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td>
                  <KitSummary kit={k} />
                </td>
                {may ? (
                  <td className="nowrap">
                    <button type="button" className="btn btn-small" onClick={() => onEdit(k)}>
                      {t('design.edit')}
                      <span className="sr-only"> {k.name}</span>
                    </button>{' '}
                    <ConfirmDelete
                      name={k.name}
                      asking={deleting === k.id}
                      ask={(on) => setDeleting(on ? k.id : null)}
                      onConfirm={() => void remove.run(k.id)}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
