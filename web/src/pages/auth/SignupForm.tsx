import { Link, useNavigate } from 'react-router';
import { signup } from '@qrs/sdk/forms';
import type { Schemas } from '../../api/client';
import { useAccountWrites } from '../../api/hooks/account';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { passwordHint } from '../../ui/password-hint';
import { useApiForm } from '../../ui/use-api-form';
import { AuthFrame } from '../account/AuthFrame';

export type Invited = Schemas['InvitationPreview'] & { token: string };

export function SignupForm({ invited }: { invited: Invited | null }) {
  const { t, lang } = useI18n();
  const { refresh, selectOrganization, selectWorkspace } = useSession();
  const account = useAccountWrites();
  const navigate = useNavigate();
  const form = useApiForm({
    body: signup,
    defaults: { email: invited?.email ?? '', password: '', name: '', org_name: '' },
    toBody: (v) => ({
      email: v.email,
      password: v.password,
      ...(invited ? { invitation_token: invited.token } : { org_name: v.org_name }),
      locale: lang,
      ...(v.name ? { name: v.name } : {}),
    }),
  });
  const send = form.submit(async (body) => {
    const created = await account.signup(body);
    if (invited) {
      // A browser may remember another account's organization: act in the one just joined.
      selectOrganization(created.organization.id);
      if (created.workspace) selectWorkspace(created.workspace.id);
    }
    await refresh();
    // navigate's promise settles once the route renders; route errors reach the error element, never a rejection.
    void navigate('/codes');
  });
  const org = invited?.organization.name ?? '';
  return (
    <AuthFrame title={invited ? t('invitation.signupTitle', { org }) : t('auth.signupTitle')}>
      {invited ? <p>{t('invitation.signupIntro', { org })}</p> : null}
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <form onSubmit={send} noValidate>
        <FormField form={form} name="name" label={t('auth.name')}>
          {(p) => <input {...p} autoComplete="name" />}
        </FormField>
        <FormField
          form={form}
          name="email"
          label={t('auth.email')}
          hint={invited ? t('invitation.emailLocked') : undefined}
        >
          {(p) => <input {...p} type="email" autoComplete="email" readOnly={invited !== null} required />}
        </FormField>
        <FormField form={form} name="password" label={t('auth.password')} hint={passwordHint(t)}>
          {(p) => <input {...p} type="password" autoComplete="new-password" required />}
        </FormField>
        {invited ? null : (
          <FormField form={form} name="org_name" label={t('auth.orgName')}>
            {(p) => <input {...p} autoComplete="organization" required />}
          </FormField>
        )}
        <button className="btn btn-primary" disabled={form.busy}>
          {invited ? t('invitation.signupButton') : t('auth.signup')}
        </button>
      </form>
      {invited ? (
        <p>
          <Link to={`/invitations/accept?token=${encodeURIComponent(invited.token)}`}>{t('invitation.back')}</Link>
        </p>
      ) : (
        <p>
          {t('auth.haveAccount')} <Link to="/login">{t('auth.login')}</Link>
        </p>
      )}
    </AuthFrame>
  );
}
