import { useNavigate, useSearchParams } from 'react-router';
import { useInvitationWrites } from '../../api/hooks/invitations';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import './team.css';

/**
 * The page an invitation e-mail links to (`/invitations/accept?token=…`). Accepting needs the
 * link's secret, so knowing the invited address is not enough (docs/decisions.md D14).
 */
export function AcceptInvitation() {
  const { t } = useI18n();
  const { refresh } = useSession();
  const invitations = useInvitationWrites();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useSubmit(async () => {
    await invitations.accept(token);
    // The accepted invitation adds an organization (and its workspaces) to the session.
    await refresh();
    void navigate('/codes');
  });
  return (
    <section className="card narrow" aria-labelledby="accept-head">
      <h1 id="accept-head">{t('invite.acceptTitle')}</h1>
      <p>{t('invite.acceptIntro')}</p>
      <ProblemAlert problem={accept.problem} />
      <button
        type="button"
        className="btn btn-primary"
        disabled={accept.busy || !token}
        onClick={() => void accept.run()}
      >
        {t('invite.accept')}
      </button>
    </section>
  );
}
