// "Move to": the chosen codes into a folder, or out of any, in one request checked whole (D78).
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useFolders, useFolderWrites } from '../../api/hooks/folders';
import { ProblemAlert, useSubmit } from '../../ui/forms';

export function MoveToFolder({ codeIds, onMoved }: { codeIds: string[]; onMoved: () => void }) {
  const { t } = useI18n();
  const folders = useFolders().data ?? [];
  const writes = useFolderWrites();
  const [target, setTarget] = useState('');
  const [done, setDone] = useState('');
  const move = useSubmit(async () => {
    await writes.move(codeIds, target === 'none' ? null : target);
    setDone(t('folders.moved', { n: codeIds.length }));
    onMoved();
  });
  const byName = [...folders].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <>
      <label>
        {t('folders.moveTo')}
        <select value={target} onChange={(e) => setTarget(e.target.value)}>
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
      <button
        type="button"
        className="btn"
        disabled={!codeIds.length || !target || move.busy}
        onClick={() => void move.run()}
      >
        {t('folders.move')}
      </button>
      <span aria-live="polite">{done}</span>
      <ProblemAlert problem={move.problem} />
    </>
  );
}
