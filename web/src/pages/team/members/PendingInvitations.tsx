import { useInvitations, useInvitationWrites } from '../../../api/hooks/invitations';
import { useMemberWrites } from '../../../api/hooks/members';
import type { MessageKey } from '../../../i18n/en';
import { useI18n } from '../../../i18n/i18n';
import { useSession } from '../../../session';
import { ProblemAlert, useSubmit } from '../../../ui/forms';
import type { OrgRole, WsRole } from './WorkspaceRoles';

/** The organization's open invitations: sent again (new expiry, same id) or revoked. */
export function PendingInvitations() {
  const { t, fmtDate } = useI18n();
  const { me } = useSession();
  const invitations = useInvitations(me?.current.organization_id, true);
  const writes = useMemberWrites();
  const invitationWrites = useInvitationWrites();
  const resend = useSubmit(
    async (inv: { email: string; role: OrgRole; workspaces: Array<{ workspace_id: string; role: WsRole }> }) => {
      // Inviting the same address again refreshes the open invitation (new expiry, same id).
      await writes.invite({ email: inv.email, role: inv.role, workspaces: inv.workspaces });
    },
  );
  const revoke = useSubmit((id: string) => invitationWrites.revoke(id));
  const wsName = (id: string) => me?.workspaces.find((w) => w.id === id)?.name ?? id;
  return (
    <>
      <h2>{t('members.pending')}</h2>
      <ProblemAlert problem={resend.problem ?? revoke.problem} />
      {invitations.data && invitations.data.length === 0 ? (
        <p>{t('members.noPending')}</p>
      ) : (
        <table className="table" data-testid="invitations-table">
          <caption className="sr-only">{t('members.pending')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('auth.email')}</th>
              <th scope="col">{t('members.roles')}</th>
              <th scope="col">{t('members.expires')}</th>
              <th scope="col">
                <span className="sr-only">{t('members.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(invitations.data ?? []).map((i) => (
              <tr key={i.id}>
                <td>{i.email}</td>
                <td>
                  {[
                    t(`role.${i.role}` as MessageKey),
                    ...i.workspaces.map((w) => `${wsName(w.workspace_id)}: ${t(`role.${w.role}` as MessageKey)}`),
                  ].join(', ')}
                </td>
                <td>{fmtDate(i.expires_at)}</td>
                <td>
                  <button type="button" className="btn btn-small" onClick={() => void resend.run(i)}>
                    {t('members.resend')}
                    <span className="sr-only"> {i.email}</span>
                  </button>{' '}
                  <button type="button" className="btn btn-small" onClick={() => void revoke.run(i.id)}>
                    {t('members.revoke')}
                    <span className="sr-only"> {i.email}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
