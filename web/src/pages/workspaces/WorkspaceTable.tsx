import { Link } from 'react-router';
import type { Workspace } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';

/** The organization's workspaces, the user's role in each, and a switch to those they may enter. */
export function WorkspaceTable({ workspaces }: { workspaces: Workspace[] }) {
  const { t } = useI18n();
  const { me, selectWorkspace } = useSession();
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t('ws.name')}</th>
          <th scope="col">{t('ws.slug')}</th>
          <th scope="col">{t('ws.role')}</th>
          <th scope="col">
            <span className="sr-only">{t('ws.open')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {workspaces.map((w) => {
          const role = me?.workspaces.find((x) => x.id === w.id)?.role;
          return (
            <tr key={w.id}>
              <td>
                {w.name} {w.is_default ? <span className="badge">{t('ws.default')}</span> : null}
              </td>
              <td>
                <code>{w.slug}</code>
              </td>
              <td>{role ?? t('app.none')}</td>
              <td>
                <Link to={`/workspaces/${w.id}`}>
                  {t('ws.open')}
                  <span className="sr-only"> {w.name}</span>
                </Link>
                {role && w.id !== me?.current.workspace_id ? (
                  <>
                    {' '}
                    ·{' '}
                    <button type="button" className="link" onClick={() => selectWorkspace(w.id)}>
                      {t('switcher.workspace')}: {w.name}
                    </button>
                  </>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
