import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { useAccountWrites } from '../api/hooks/account';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session';
import { Field, ProblemAlert, useSubmit } from '../ui/forms';
import { passwordHint } from '../ui/password-hint';
import { AuthFrame } from './account/AuthFrame';
import { LoginCode } from './account/LoginCode';

type LoginState = { from?: string; notice?: 'passwordReset' } | null;

/** Where to go after logging in: back to the page that asked for it (an e-mailed link), else the codes. */
function returnPath(state: LoginState): string {
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

export function Signup() {
  const { t, lang } = useI18n();
  const { refresh } = useSession();
  const account = useAccountWrites();
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: '', password: '', name: '', org_name: '' });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.target.value });
  const submit = useSubmit(async () => {
    await account.signup({
      email: form.email,
      password: form.password,
      org_name: form.org_name,
      locale: lang,
      ...(form.name ? { name: form.name } : {}),
    });
    await refresh();
    // navigate's promise settles once the route renders; route errors reach the error element, never a rejection.
    void navigate('/codes');
  });
  return (
    <AuthFrame title={t('auth.signupTitle')}>
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
        <Field label={t('auth.email')} pointer="/email" errors={submit.fields}>
          {(p) => (
            <input {...p} type="email" autoComplete="email" value={form.email} onChange={set('email')} required />
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
        <Field label={t('auth.orgName')} pointer="/org_name" errors={submit.fields}>
          {(p) => (
            <input {...p} autoComplete="organization" value={form.org_name} onChange={set('org_name')} required />
          )}
        </Field>
        <button className="btn btn-primary" disabled={submit.busy}>
          {t('auth.signup')}
        </button>
      </form>
      <p>
        {t('auth.haveAccount')} <Link to="/login">{t('auth.login')}</Link>
      </p>
    </AuthFrame>
  );
}
