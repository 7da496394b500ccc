// The organization's single sign-on with OpenID Connect (docs/decisions.md D80): issuer, client,
// write-only secret, claim values mapped to roles, and whether members must use it. org_admin only.
import { useSso } from '../../api/hooks/sso';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { ProblemAlert, queryProblem } from '../../ui/forms';
import { SsoForm } from './sso/SsoForm';
import '../team/team.css';

export default function SsoSettings() {
  const { t } = useI18n();
  const { me } = useSession();
  const orgId = me?.current.organization_id;
  const sso = useSso(orgId);
  const problem = queryProblem(sso);
  if (problem.alone) return <ProblemAlert problem={problem.alone} />;
  if (sso.data === undefined) return <p>{t('app.loading')}</p>;
  const c = sso.data;
  return (
    <section>
      <ProblemAlert problem={problem.above} />
      <h1>{t('sso.title')}</h1>
      <p className="muted">{t('sso.intro')}</p>
      {c ? (
        <dl className="org-plan" data-testid="sso-addresses">
          <dt>{t('sso.redirectUri')}</dt>
          <dd>
            <code>{c.redirect_uri}</code>
          </dd>
          <dt>{t('sso.signInUrl')}</dt>
          <dd>
            <code>{c.sign_in_url}</code>
          </dd>
        </dl>
      ) : (
        <p role="status">{t('sso.notSet')}</p>
      )}
      <SsoForm orgId={orgId} connection={c} />
    </section>
  );
}
