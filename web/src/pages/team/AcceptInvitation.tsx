import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Schemas } from '../../api/client';
import { useAccountWrites } from '../../api/hooks/account';
import { useInvitationPreview, useInvitationWrites } from '../../api/hooks/invitations';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { useSession } from '../../session';
import { ProblemAlert, useErrorText, useSubmit } from '../../ui/forms';
import { AuthFrame } from '../account/AuthFrame';
import './team.css';

type Preview = Schemas['InvitationPreview'];

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

/** The invited address, signed in: accept (and switch to the organization) or decline. */
function Answer({ inv, token }: { inv: Preview; token: string }) {
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
function SignedOut({ inv, token }: { inv: Preview; token: string }) {
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
function OtherAccount({ inv }: { inv: Preview }) {
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

/** What the invitation offers, then the one step that fits the visitor. */
function InvitationCard({ inv, token }: { inv: Preview; token: string }) {
  const { t } = useI18n();
  const { me } = useSession();
  const closed = useClosedText(inv);
  let next;
  if (closed)
    next = (
      <>
        <p className="alert" role="status" data-testid="invitation-status">
          {closed}
        </p>
        <Onward />
      </>
    );
  else if (!me) next = <SignedOut inv={inv} token={token} />;
  else if (me.user.email === inv.email) next = <Answer inv={inv} token={token} />;
  else next = <OtherAccount inv={inv} />;
  return (
    <AuthFrame title={t('invitation.title', { org: inv.organization.name })}>
      <InvitationSummary inv={inv} />
      {next}
    </AuthFrame>
  );
}

/** The way on from a link that leads nowhere: the dashboard, or logging in. */
function Onward() {
  const { t } = useI18n();
  const { me } = useSession();
  return (
    <p>{me ? <Link to="/codes">{t('invitation.toDashboard')}</Link> : <Link to="/login">{t('auth.login')}</Link>}</p>
  );
}

/**
 * The page an invitation e-mail links to (`/invitations/accept?token=…`), signed in or out
 * (docs/decisions.md D63). Accepting needs the link's secret, so knowing the invited address is
 * not enough (D14).
 */
export function AcceptInvitation() {
  const { t } = useI18n();
  const { loading } = useSession();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const q = useInvitationPreview(token);
  if (token && (q.isPending || loading)) return <AuthFrame title={t('invitation.loading')}>{null}</AuthFrame>;
  if (q.data) return <InvitationCard inv={q.data} token={token} />;
  return (
    <AuthFrame title={t('invitation.notFound.title')}>
      <p role={q.error ? 'alert' : undefined}>{q.error ? errorText(q.error) : t('invitation.notFound.text')}</p>
      <Onward />
    </AuthFrame>
  );
}
