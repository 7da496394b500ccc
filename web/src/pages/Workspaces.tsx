import { useParams } from 'react-router';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session';
import { ProblemAlert } from '../ui/forms';
import { lazyForm } from '../ui/lazy-form';
import { useUsage } from '../api/hooks/organization';
import { useWorkspace, useWorkspaces } from '../api/hooks/workspaces';
import { ArchiveWorkspace } from './workspaces/ArchiveWorkspace';
import { WorkspaceTable } from './workspaces/WorkspaceTable';

const CreateWorkspaceForm = lazyForm(() =>
  import('./workspaces/CreateWorkspaceForm').then((m) => m.CreateWorkspaceForm),
);
const Ga4Settings = lazyForm(() => import('./settings/Ga4Settings').then((m) => m.Ga4Settings));
const WorkspaceSettingsForm = lazyForm(() =>
  import('./workspaces/WorkspaceSettingsForm').then((m) => m.WorkspaceSettingsForm),
);

export function Workspaces() {
  const { t } = useI18n();
  const { me } = useSession();
  const list = useWorkspaces(me?.current.organization_id);
  const usage = useUsage();
  // The server would refuse (403): say so before anyone types, rather than after.
  const full = usage.data?.workspaces.remaining === 0 ? usage.data : null;
  return (
    <section>
      <h1>{t('ws.title')}</h1>
      <WorkspaceTable workspaces={list.data ?? []} />
      <h2>{t('ws.create')}</h2>
      <CreateWorkspaceForm full={full} />
    </section>
  );
}

export function WorkspaceSettings() {
  const { id = '' } = useParams();
  const { t } = useI18n();
  const { me } = useSession();
  const ws = useWorkspace(id);
  if (ws.error) return <ProblemAlert problem={ws.error instanceof ApiError ? ws.error.problem : null} />;
  if (!ws.data) return <p>{t('app.loading')}</p>;
  const w = ws.data;
  return (
    <section>
      <h1>
        {t('ws.settings')}: {w.name}
      </h1>
      {/* Keyed by the workspace: another one's settings start from its own values. */}
      <WorkspaceSettingsForm key={w.id} workspace={w} />
      {/* GA4 is set for the workspace the session works in (PUT /v1/ga4 names no workspace). */}
      {w.id === me?.current.workspace_id ? <Ga4Settings /> : null}
      <ArchiveWorkspace workspace={w} />
    </section>
  );
}
