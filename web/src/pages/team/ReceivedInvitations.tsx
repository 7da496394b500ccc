import { useInvitationWrites, useReceivedInvitations } from '../../api/hooks/invitations';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import './team.css';

/** Invitations addressed to the signed-in user, shown above every page until answered. */
export function ReceivedInvitations() {
  const { t, fmtDate } = useI18n();
  const invitations = useInvitationWrites();
  const q = useReceivedInvitations();
  // Accepting needs the e-mailed link's token: its page (AcceptInvitation) shows the inviter and the
  // roles and accepts in one click; here the invitee is pointed there, or declines.
  const answer = useSubmit((id: string) => invitations.decline(id));
  const pending = (q.data ?? []).filter((i) => i.status === 'pending');
  if (!pending.length && !answer.problem) return null;
  return (
    <section className="banner banner-info" aria-labelledby="inv-head" data-testid="received-invitations">
      <h2 id="inv-head">{t('invite.received')}</h2>
      <ProblemAlert problem={answer.problem} />
      <ul className="plain">
        {pending.map((i) => (
          <li key={i.id}>
            <p>
              {t('invite.to', { org: i.organization.name, role: t(`role.${i.role}` as MessageKey) })}{' '}
              <span className="muted small">{t('invite.expires', { date: fmtDate(i.expires_at) })}</span>
            </p>
            <p className="muted small">{t('invitation.banner.useLink', { email: i.email })}</p>
            <button
              type="button"
              className="btn btn-small"
              disabled={answer.busy}
              onClick={() => void answer.run(i.id)}
            >
              {t('invite.decline')}
              <span className="sr-only"> {i.organization.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
