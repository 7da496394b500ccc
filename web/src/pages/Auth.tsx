import { useMemo, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, type Schemas } from '../api/client';
import { useInvitationPreview } from '../api/hooks/invitations';
import { useAccountWrites } from '../api/hooks/account';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session';
import { Field, ProblemAlert, useSubmit } from '../ui/forms';
import { passwordHint } from '../ui/password-hint';
import { AuthFrame } from './account/AuthFrame';
import { LoginCode } from './account/LoginCode';
import { SsoSignIn } from './account/SsoSignIn';

export type LoginState = { from?: string; notice?: 'passwordReset' } | null;

/** Where to go after logging in: back to the page that asked for it (an e-mailed link), else the codes. */
export function returnPath(state: LoginState): string {
  const from = state?.from;
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/codes';
}

export function Login() {
  const { t } = useI18n();
  const { refresh } = useSession();
  const account = useAccountWrites();
  const navigate = useNavigate();
  const state = useLocation().state as LoginState;
  const [loggedOut] = useState(() => {
    const v = sessionStorage.getItem('qrs.loggedOut');
    sessionStorage.removeItem('qrs.loggedOut');
    return v === '1';
  });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needCode, setNeedCode] = useState(false);
  const submit = useSubmit(async () => {
    try {
      await account.login(needCode ? { email, password, code: code.trim() } : { email, password });
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'two-factor-required') {
        setNeedCode(true);
        return;
      }
      // On the code step the password is known to be right: a 401 is about the code, so it goes under that field.
      if (needCode && err instanceof ApiError && err.status === 401)
        throw new ApiError(401, {
          ...err.problem,
          errors: [{ pointer: '/code', detail: 'wrong or used code', code: 'mismatch' }],
        });
      throw err;
    }
    await refresh();
    // navigate's promise settles once the route renders; route errors reach the error element, never a rejection.
    void navigate(returnPath(state));
  });
  // A wrong code on the code step has its own sentence: wrong, or a recovery code already used.
  const fields = useMemo(
    () => (submit.fields['/code'] ? { '/code': t('account.login.codeWrong') } : submit.fields),
    [submit.fields, t],
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit.run();
  };
  return (
    <AuthFrame title={needCode ? t('account.login.codeTitle') : t('auth.loginTitle')}>
      {loggedOut ? (
        <p role="status" className="alert">
          {t('auth.loggedOut')}
        </p>
      ) : null}
      {state?.notice === 'passwordReset' && !needCode ? (
        <p role="status" className="alert alert-ok">
          {t('account.reset.done')}
        </p>
      ) : null}
      <ProblemAlert
        problem={submit.problem}
        fields={fields}
        text={!needCode && submit.problem?.status === 401 ? t('auth.loginWrong') : undefined}
      />
      <form onSubmit={onSubmit} noValidate>
        {needCode ? (
          <LoginCode code={code} setCode={setCode} errors={fields} />
        ) : (
          <>
            <Field label={t('auth.email')} pointer="/email" errors={submit.fields}>
              {(p) => (
                <input
                  {...p}
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                />
              )}
            </Field>
            <Field label={t('auth.password')} pointer="/password" errors={submit.fields}>
              {(p) => (
                <input
                  {...p}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                />
              )}
            </Field>
          </>
        )}
        <button className="btn btn-primary" disabled={submit.busy}>
          {needCode ? t('account.login.verify') : t('auth.login')}
        </button>
      </form>
      {needCode ? (
        <p>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              setNeedCode(false);
              setCode('');
              submit.clear();
            }}
          >
            {t('account.login.back')}
          </button>
        </p>
      ) : (
        <>
          <SsoSignIn />
          <p>
            <Link to="/forgot-password">{t('account.forgot.link')}</Link>
          </p>
          <p>
            {t('auth.noAccount')} <Link to="/signup">{t('auth.signup')}</Link>
          </p>
        </>
      )}
    </AuthFrame>
  );
}

type Invited = Schemas['InvitationPreview'] & { token: string };

/**
 * `/signup`, and `/signup?invitation=<token>` from an invitation page (docs/decisions.md D63): the
 * invited address filled in and locked, no organization asked for, and the new account lands in
 * the inviting organization's first invited workspace.
 */
export function Signup() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('invitation') ?? '';
  const preview = useInvitationPreview(token);
  if (!token) return <SignupForm invited={null} />;
  if (preview.isPending) return <AuthFrame title={t('invitation.loading')}>{null}</AuthFrame>;
  const inv = preview.data;
  if (inv && inv.status === 'pending') return <SignupForm invited={{ ...inv, token }} />;
  // A link that no longer accepts: its page says why.
  return <Navigate to={`/invitations/accept?token=${encodeURIComponent(token)}`} replace />;
}

function SignupForm({ invited }: { invited: Invited | null }) {
  const { t, lang } = useI18n();
  const { refresh, selectOrganization, selectWorkspace } = useSession();
  const account = useAccountWrites();
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: invited?.email ?? '', password: '', name: '', org_name: '' });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.target.value });
  const submit = useSubmit(async () => {
    const created = await account.signup({
      email: form.email,
      password: form.password,
      ...(invited ? { invitation_token: invited.token } : { org_name: form.org_name }),
      locale: lang,
      ...(form.name ? { name: form.name } : {}),
    });
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
      <ProblemAlert problem={submit.problem} fields={submit.fields} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit.run();
        }}
        noValidate
      >
        <Field label={t('auth.name')} pointer="/name" errors={submit.fields}>
          {(p) => <input {...p} autoComplete="name" value={form.name} onChange={set('name')} />}
        </Field>
        <Field
          label={t('auth.email')}
          pointer="/email"
          errors={submit.fields}
          hint={invited ? t('invitation.emailLocked') : undefined}
        >
          {(p) => (
            <input
              {...p}
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={set('email')}
              readOnly={invited !== null}
              required
            />
          )}
        </Field>
        <Field label={t('auth.password')} pointer="/password" errors={submit.fields} hint={passwordHint(t)}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={set('password')}
              required
            />
          )}
        </Field>
        {invited ? null : (
          <Field label={t('auth.orgName')} pointer="/org_name" errors={submit.fields}>
            {(p) => (
              <input {...p} autoComplete="organization" value={form.org_name} onChange={set('org_name')} required />
            )}
          </Field>
        )}
        <button className="btn btn-primary" disabled={submit.busy}>
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
