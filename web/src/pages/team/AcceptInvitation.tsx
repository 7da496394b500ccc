import { Link, useSearchParams } from 'react-router';
import { useInvitationPreview } from '../../api/hooks/invitations';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { useErrorText } from '../../ui/forms';
import { AuthFrame } from '../account/AuthFrame';
import { Answer, OtherAccount, SignedOut } from './invitation/InvitationSteps';
import { InvitationSummary, useClosedText, type Preview } from './invitation/InvitationSummary';
import './team.css';

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
