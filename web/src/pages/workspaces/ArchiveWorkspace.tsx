import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Workspace } from '../../api/client';
import { useWorkspaceWrites } from '../../api/hooks/workspaces';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';

/** Archiving a workspace after its slug is typed again; the default and the current one are protected. */
export function ArchiveWorkspace({ workspace: w }: { workspace: Workspace }) {
  const { t } = useI18n();
  const { me, refresh } = useSession();
  const writes = useWorkspaceWrites();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const archive = useSubmit(async () => {
    // An archived workspace frees a place under the plan's limit: the create form may open again.
    await writes.archive(w.id);
    await refresh();
    // navigate's promise settles once the route renders; route errors reach the error element, never a rejection.
    void navigate('/workspaces', { state: { archived: true } });
  });
  const protectedWhy = w.is_default
    ? t('ws.protectedDefault')
    : w.id === me?.current.workspace_id
      ? t('ws.protectedCurrent')
      : null;
  return (
    <>
      <h2>{t('ws.archive')}</h2>
      {protectedWhy ? (
        <p className="muted" data-testid="archive-protected">
          {protectedWhy}
        </p>
      ) : null}
      <ProblemAlert problem={archive.problem} />
      {!confirming ? (
        <button
          type="button"
          className="btn btn-danger"
          disabled={Boolean(protectedWhy)}
          onClick={() => setConfirming(true)}
        >
          {t('ws.archive')}
        </button>
      ) : (
        <div role="dialog" aria-modal="false" aria-labelledby="archive-q" className="confirm">
          <p id="archive-q">{t('ws.archiveConfirm', { name: w.name })}</p>
          <Field label={t('ws.slug')}>
            {(p) => <input {...p} value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus />}
          </Field>
          <button
            type="button"
            className="btn btn-danger"
            disabled={typed !== w.slug || archive.busy}
            onClick={() => void archive.run()}
          >
            {t('app.confirm')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setConfirming(false);
              setTyped('');
            }}
          >
            {t('app.cancel')}
          </button>
        </div>
      )}
    </>
  );
}
