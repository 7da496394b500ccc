import { useState } from 'react';
import type { useMembers } from '../../../api/hooks/members';
import { useMemberWrites } from '../../../api/hooks/members';
import type { MessageKey } from '../../../i18n/en';
import { useI18n } from '../../../i18n/i18n';
import { useSession } from '../../../session';
import { ProblemAlert, useSubmit } from '../../../ui/forms';
import { EraseMember } from '../EraseMember';
import { WorkspaceRoles, type OrgRole, type WsRole } from './WorkspaceRoles';

type Member = NonNullable<ReturnType<typeof useMembers>['data']>['pages'][number]['data'][number];

/**
 * The members with their organization role and their role in each workspace: an org_admin changes
 * either in place, removes with a second click, or erases; others read.
 */
export function MemberTable({ list }: { list: Member[] }) {
  const { t } = useI18n();
  const { me } = useSession();
  const orgAdmin = me?.current.role === 'org_admin';
  const writes = useMemberWrites();
  const change = useSubmit(
    async (
      userId: string,
      patch: { role?: OrgRole; workspaces?: Array<{ workspace_id: string; role: WsRole | null }> },
    ) => {
      await writes.change(userId, patch);
    },
  );
  const [removing, setRemoving] = useState<string | null>(null);
  const [erased, setErased] = useState<string | null>(null);
  const remove = useSubmit(async (userId: string) => {
    await writes.remove(userId);
    setRemoving(null);
  });
  const wsName = (id: string) => me?.workspaces.find((w) => w.id === id)?.name ?? id;
  return (
    <>
      <ProblemAlert problem={change.problem ?? remove.problem} />
      {erased ? (
        <p className="alert alert-ok" role="status" data-testid="member-erased">
          {t('members.erased', { email: erased })}
        </p>
      ) : null}
      <table className="table" data-testid="members-table">
        <caption className="sr-only">{t('members.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('auth.email')}</th>
            <th scope="col">{t('members.orgRole')}</th>
            <th scope="col">{t('members.wsRoles')}</th>
            <th scope="col">
              <span className="sr-only">{t('members.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((m) => (
            <tr key={m.user_id}>
              <td>
                {m.email}
                {m.name ? <div className="muted small">{m.name}</div> : null}
              </td>
              <td>
                {orgAdmin ? (
                  <select
                    aria-label={t('members.orgRoleOf', { email: m.email })}
                    value={m.role}
                    disabled={change.busy}
                    onChange={(e) => void change.run(m.user_id, { role: e.target.value as OrgRole })}
                  >
                    <option value="member">{t('role.member')}</option>
                    <option value="org_admin">{t('role.org_admin')}</option>
                  </select>
                ) : (
                  t(`role.${m.role}` as MessageKey)
                )}
              </td>
              <td>
                {m.role === 'org_admin' ? (
                  <span className="muted small">{t('members.allWorkspaces')}</span>
                ) : orgAdmin ? (
                  <WorkspaceRoles
                    value={Object.fromEntries(m.workspaces.map((w) => [w.workspace_id, w.role]))}
                    disabled={change.busy}
                    label={(ws) => t('members.roleOfIn', { email: m.email, ws })}
                    onChange={(id, r) =>
                      void change.run(m.user_id, { workspaces: [{ workspace_id: id, role: r || null }] })
                    }
                  />
                ) : (
                  m.workspaces.map((w) => `${wsName(w.workspace_id)}: ${t(`role.${w.role}` as MessageKey)}`).join(', ')
                )}
              </td>
              <td>
                {!orgAdmin || m.user_id === me?.user.id ? null : removing === m.user_id ? (
                  <span role="group" aria-label={t('members.removeConfirm', { email: m.email })}>
                    <span className="small">{t('members.removeConfirm', { email: m.email })}</span>{' '}
                    <button
                      type="button"
                      className="btn btn-danger btn-small"
                      onClick={() => void remove.run(m.user_id)}
                    >
                      {t('app.confirm')}
                    </button>{' '}
                    <button type="button" className="btn btn-small" onClick={() => setRemoving(null)}>
                      {t('app.cancel')}
                    </button>
                  </span>
                ) : (
                  <button type="button" className="btn btn-small" onClick={() => setRemoving(m.user_id)}>
                    {t('members.remove')}
                    <span className="sr-only"> {m.email}</span>
                  </button>
                )}{' '}
                {orgAdmin && m.user_id !== me?.user.id && removing !== m.user_id ? (
                  <EraseMember userId={m.user_id} email={m.email} onErased={() => setErased(m.email)} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
