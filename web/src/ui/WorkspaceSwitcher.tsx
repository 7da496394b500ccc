import { useI18n } from '../i18n/i18n';
import { useSession } from '../session';

/** The chosen organization (a choice when there are several) and workspace. */
export function WorkspaceSwitcher() {
  const { me, selectWorkspace, selectOrganization } = useSession();
  const { t } = useI18n();
  if (!me) return null;
  return (
    <div className="switcher">
      {me.organizations.length > 1 ? (
        <label>
          {t('switcher.organization')}
          <select
            aria-label={t('switcher.organization')}
            value={me.current.organization_id ?? ''}
            onChange={(e) => selectOrganization(e.target.value)}
          >
            {me.organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <span className="org-name">{me.organizations[0]?.name}</span>
      )}
      <label>
        {t('switcher.workspace')}
        <select
          aria-label={t('switcher.workspace')}
          data-testid="workspace-switcher"
          value={me.current.workspace_id ?? ''}
          onChange={(e) => selectWorkspace(e.target.value)}
        >
          {me.workspaces.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
