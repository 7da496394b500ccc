import type { MessageKey } from '../../../i18n/en';
import { useI18n } from '../../../i18n/i18n';
import { useSession } from '../../../session';

export const WS_ROLES = ['ws_admin', 'editor', 'approver', 'viewer'] as const;
export type WsRole = (typeof WS_ROLES)[number];
export type OrgRole = 'org_admin' | 'member';

/** A select per workspace: the role there, or none. */
export function WorkspaceRoles({
  value,
  onChange,
  label,
  disabled,
}: {
  value: Record<string, WsRole | ''>;
  onChange(wsId: string, role: WsRole | ''): void;
  label: (ws: string) => string;
  disabled?: boolean;
}) {
  const { t } = useI18n();
  const { me } = useSession();
  return (
    <div className="ws-roles">
      {(me?.workspaces ?? []).map((w) => (
        <label key={w.id}>
          <span>{w.name}</span>
          <select
            aria-label={label(w.name)}
            value={value[w.id] ?? ''}
            disabled={disabled}
            onChange={(e) => onChange(w.id, e.target.value as WsRole | '')}
          >
            <option value="">{t('members.noRole')}</option>
            {WS_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}

/**
 * The workspace roles a new invitation starts with: Editor in the workspace the admin is working
 * in, so an invitee nobody gave a role explicitly still sees and makes codes there (D63).
 */
export function defaultRoles(workspaceId: string | null | undefined): Record<string, WsRole | ''> {
  return workspaceId ? { [workspaceId]: 'editor' } : {};
}
