import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAccountWrites } from '../../../api/hooks/account';
import { useInvitationWrites } from '../../../api/hooks/invitations';
import { useI18n } from '../../../i18n/i18n';
import { useSession } from '../../../session';
import { ProblemAlert, useSubmit } from '../../../ui/forms';
import type { Preview } from './InvitationSummary';

/** The invited address, signed in: accept (and switch to the organization) or decline. */
export function Answer({ inv, token }: { inv: Preview; token: string }) {
  const { t } = useI18n();
  const { selectOrganization, selectWorkspace } = useSession();
  const invitations = useInvitationWrites();
  const navigate = useNavigate();
  const [declined, setDeclined] = useState(false);
  const accept = useSubmit(async () => {
    await invitations.accept(token);
    // The session switches to the organization just joined, in the first invited workspace.
    selectOrganization(inv.organization.id);
    if (inv.workspaces[0]) selectWorkspace(inv.workspaces[0].workspace_id);
    void navigate('/codes');
  });
  const decline = useSubmit(async () => {
    await invitations.decline(inv.id);
    setDeclined(true);
  });
  if (declined)
    return (
      <>
        <p role="status" className="alert">
          {t('invitation.declined', { org: inv.organization.name })}
        </p>
        <p>
          <Link to="/codes">{t('invitation.toDashboard')}</Link>
        </p>
      </>
    );
  return (
    <>
      <ProblemAlert problem={accept.problem ?? decline.problem} />
      <div className="invitation-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={accept.busy || decline.busy}
          onClick={() => void accept.run()}
        >
          {t('invitation.accept', { org: inv.organization.name })}
        </button>
        <button type="button" className="btn" disabled={accept.busy || decline.busy} onClick={() => void decline.run()}>
          {t('invitation.decline')}
        </button>
      </div>
    </>
  );
}

/** Signed out: sign up from the link (no organization of one's own), or log in and come back here. */
export function SignedOut({ inv, token }: { inv: Preview; token: string }) {
  const { t } = useI18n();
  const back = { from: `/invitations/accept?token=${encodeURIComponent(token)}` };
  const login = (
    <Link to="/login" state={back} className={inv.account_exists ? 'btn btn-primary' : undefined}>
      {t('invitation.logIn')}
    </Link>
  );
  if (inv.account_exists)
    return (
      <>
        <p>{t('invitation.existing', { email: inv.email })}</p>
        <p>{login}</p>
      </>
    );
  return (
    <>
      <p>{t('invitation.new', { email: inv.email })}</p>
      <p>
        <Link to={`/signup?invitation=${encodeURIComponent(token)}`} className="btn btn-primary">
          {t('invitation.createAccount')}
        </Link>
      </p>
      <p>
        {t('auth.haveAccount')} {login}
      </p>
    </>
  );
}

/** Signed in with another address than the invited one: say so, and offer to log out. */
export function OtherAccount({ inv }: { inv: Preview }) {
  const { t } = useI18n();
  const { me, signedOut } = useSession();
  const account = useAccountWrites();
  return (
    <>
      <p className="alert" role="status">
        {t('invitation.otherAccount', { current: me?.user.email ?? '', email: inv.email })}
      </p>
      <button type="button" className="btn" onClick={() => void account.logout().then(signedOut)}>
        {t('invitation.logOut')}
      </button>
    </>
  );
}
