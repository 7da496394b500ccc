// The workspace's brand kits: list, and an editor that makes or changes one from a style
// (colours plus the code editor's design fields), with a live preview of the kit.
import { useCallback, useState } from 'react';
import type { BrandKit } from '../../api/hooks/brand';
import { useI18n } from '../../i18n/i18n';
import { lazyForm } from '../../ui/lazy-form';
import { KitTable } from './brand-kits/KitTable';

const KitForm = lazyForm(() => import('./brand-kits/KitForm').then((m) => m.KitForm));

export function BrandKits({ may }: { may: boolean }) {
  const { t } = useI18n();
  // The kit being changed (null: a new one); `round` starts the form afresh after a save or a switch.
  const [editing, setEditing] = useState<{ kit: BrandKit | null; round: number }>({ kit: null, round: 0 });
  const [done, setDone] = useState<string | null>(null);
  const edit = (kit: BrandKit | null) => setEditing((e) => ({ kit, round: e.round + 1 }));
  const changed = useCallback(() => setDone(null), []);
  return (
    <section aria-labelledby="kits-h">
      <h2 id="kits-h">{t('design.kits')}</h2>
      <KitTable may={may} onEdit={edit} onRemoved={(id) => (editing.kit?.id === id ? edit(null) : undefined)} />
      {done ? (
        <p className="alert alert-ok" role="status">
          {done}
        </p>
      ) : null}
      {may ? (
        <KitForm
          key={editing.round}
          kit={editing.kit}
          onSaved={(message) => {
            setDone(message);
            edit(null);
          }}
          onChange={changed}
          onCancel={() => edit(null)}
        />
      ) : null}
    </section>
  );
}
