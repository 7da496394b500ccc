import type { Schemas } from '../../../api/client';
import type { MessageKey } from '../../../i18n/en';
import { useI18n } from '../../../i18n/i18n';

export type Preview = Schemas['InvitationPreview'];

/** Who invited, to what, with which roles, until when: what the e-mail said, and the workspaces' names. */
export function InvitationSummary({ inv }: { inv: Preview }) {
  const { t, fmtDate } = useI18n();
  const org = inv.organization.name;
  const inviter = inv.invited_by ? (inv.invited_by.name ?? inv.invited_by.email) : null;
  return (
    <>
      <p>{inviter ? t('invitation.invitedBy', { inviter, org }) : t('invitation.invited', { org })}</p>
      <dl className="invitation-facts" data-testid="invitation-facts">
        <dt>{t('invitation.sentTo')}</dt>
        <dd>{inv.email}</dd>
        <dt>{t('invitation.orgRole')}</dt>
        <dd>{t(`role.${inv.role}` as MessageKey)}</dd>
        <dt>{t('invitation.workspaces')}</dt>
        <dd>
          {inv.role === 'org_admin' ? (
            t('invitation.allWorkspaces')
          ) : inv.workspaces.length ? (
            <ul className="plain">
              {inv.workspaces.map((w) => (
                <li key={w.workspace_id}>
                  {w.name}: {t(`role.${w.role}` as MessageKey)}
                </li>
              ))}
            </ul>
          ) : (
            t('invitation.noWorkspaces')
          )}
        </dd>
        <dt>{t('invitation.validUntil')}</dt>
        <dd>{fmtDate(inv.expires_at)}</dd>
      </dl>
    </>
  );
}

/** Why a link no longer accepts, in words; null while it does. */
export function useClosedText(inv: Preview): string | null {
  const { t, fmtDate } = useI18n();
  if (inv.status === 'pending') return null;
  return inv.status === 'expired'
    ? t('invitation.status.expired', { date: fmtDate(inv.expires_at) })
    : t(`invitation.status.${inv.status}` as MessageKey);
}
