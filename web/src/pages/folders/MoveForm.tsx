// "Move to": the chosen codes into a folder, or out of any, in one request checked whole (D78).
import { useState } from 'react';
import { moveCodes } from '@qrs/sdk/forms';
import { useI18n } from '../../i18n/i18n';
import { useFolders, useFolderWrites } from '../../api/hooks/folders';
import { ProblemAlert } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';

export interface MoveProps {
  codeIds: string[];
  onMoved: () => void;
}

/** The toolbar's folder select and its button: a form of its own laid out in the toolbar's row. */
export function MoveForm({ codeIds, onMoved }: MoveProps) {
  const { t } = useI18n();
  const folders = useFolders().data ?? [];
  const writes = useFolderWrites();
  const [done, setDone] = useState('');
  const form = useApiForm({
    body: moveCodes,
    defaults: { folder_id: '' },
    toBody: (v) => ({ code_ids: codeIds, folder_id: v.folder_id === 'none' ? null : v.folder_id }),
  });
  const target = form.watch('folder_id');
  const byName = [...folders].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <form
      noValidate
      className="toolbar-form"
      onSubmit={form.submit(async (body) => {
        setDone('');
        await writes.move(body.code_ids, body.folder_id);
        setDone(t('folders.moved', { n: body.code_ids.length }));
        onMoved();
      })}
    >
      <label>
        {t('folders.moveTo')}
        <select {...form.register('folder_id')}>
          <option value="" disabled>
            —
          </option>
          <option value="none">{t('folders.outOfAny')}</option>
          {byName.map((f) => (
            <option key={f.id} value={f.id}>
              {f.parent_id ? `${folders.find((p) => p.id === f.parent_id)?.name ?? ''} / ${f.name}` : f.name}
            </option>
          ))}
        </select>
      </label>
      <button className="btn" disabled={!codeIds.length || !target || form.busy}>
        {t('folders.move')}
      </button>
      <span aria-live="polite">{done}</span>
      <ProblemAlert problem={form.problem} fields={form.fields} />
    </form>
  );
}
