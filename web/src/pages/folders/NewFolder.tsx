// Creating a folder or a campaign: a button that opens the form, and the sentence saying it was made.
import { useState } from 'react';
import type { Folder } from '../../api/hooks/folders';
import { useI18n } from '../../i18n/i18n';
import { lazyForm } from '../../ui/lazy-form';

const NewFolderForm = lazyForm(() => import('./NewFolderForm').then((m) => m.NewFolderForm));

export function NewFolder({ parents }: { parents: Folder[] }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  if (!open)
    return (
      <>
        <p aria-live="polite">{done}</p>
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          {t('folders.new')}
        </button>
      </>
    );
  return (
    <NewFolderForm
      parents={parents}
      onCreated={(name) => {
        setDone(t('folders.created', { name }));
        setOpen(false);
      }}
      onCancel={() => setOpen(false)}
    />
  );
}
