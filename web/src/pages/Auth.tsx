import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, ok, setCsrfToken } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session';
import { Field, ProblemAlert, useSubmit } from '../ui/forms';
import { LanguageSwitch } from '../ui/Layout';

function AuthFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main id="main" className="auth">
      <div className="auth-card">
        <div className="auth-top">
          <span className="brand">qrs</span>
          <LanguageSwitch />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function Login() {
  const { t } = useI18n();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [loggedOut] = useState(() => {
    const v = sessionStorage.getItem('qrs.loggedOut');
    sessionStorage.removeItem('qrs.loggedOut');
    return v === '1';
  });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useSubmit(async () => {
    const r = await ok(api.POST('/auth/login', { body: { email, password } }));
    setCsrfToken(r.csrf_token);
    await refresh();
    // navigate's promise settles once the route renders; route errors reach the error element, never a rejection.
    void navigate('/codes');
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit.run();
  };
  return (
    <AuthFrame title={t('auth.loginTitle')}>
      {loggedOut ? (
        <p role="status" className="alert">
          {t('auth.loggedOut')}
        </p>
      ) : null}
      <ProblemAlert problem={submit.problem} fields={submit.fields} />
      <form onSubmit={onSubmit} noValidate>
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
        <button className="btn btn-primary" disabled={submit.busy}>
          {t('auth.login')}
        </button>
      </form>
      <p>
        {t('auth.noAccount')} <Link to="/signup">{t('auth.signup')}</Link>
      </p>
    </AuthFrame>
  );
}

export function Signup() {
  const { t } = useI18n();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: '', password: '', name: '', org_name: '' });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [k]: e.target.value });
  const submit = useSubmit(async () => {
    const r = await ok(
      api.POST('/auth/signup', {
        body: {
          email: form.email,
          password: form.password,
          org_name: form.org_name,
          ...(form.name ? { name: form.name } : {}),
        },
      }),
    );
    setCsrfToken(r.csrf_token);
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
        <Field label={t('auth.password')} pointer="/password" errors={submit.fields} hint={t('auth.passwordHint')}>
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

export function Account() {
  const { t } = useI18n();
  const { me } = useSession();
  const [form, setForm] = useState({ current_password: '', new_password: '' });
  const [done, setDone] = useState(false);
  const submit = useSubmit(async () => {
    await ok(api.POST('/auth/password', { body: form }));
    setForm({ current_password: '', new_password: '' });
    setDone(true);
  });
  const org = me?.organizations.find((o) => o.id === me.current.organization_id);
  return (
    <section>
      <h1>{t('nav.account')}</h1>
      <p>
        {me?.user.email}
        {org ? (
          <>
            {' '}
            ·{' '}
            <span id="plan">
              {org.name}: {org.plan}
            </span>
          </>
        ) : null}
      </p>
      <h2>{t('auth.changePassword')}</h2>
      {done ? (
        <p role="status" className="alert alert-ok">
          {t('auth.passwordChanged')}
        </p>
      ) : null}
      <ProblemAlert problem={submit.problem} fields={submit.fields} />
      <form
        className="narrow"
        onSubmit={(e) => {
          e.preventDefault();
          setDone(false);
          void submit.run();
        }}
        noValidate
      >
        <Field label={t('auth.currentPassword')} pointer="/current_password" errors={submit.fields}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="current-password"
              value={form.current_password}
              onChange={(e) => setForm({ ...form, current_password: e.target.value })}
            />
          )}
        </Field>
        <Field
          label={t('auth.newPassword')}
          pointer="/new_password"
          errors={submit.fields}
          hint={t('auth.passwordHint')}
        >
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              value={form.new_password}
              onChange={(e) => setForm({ ...form, new_password: e.target.value })}
            />
          )}
        </Field>
        <button className="btn btn-primary" disabled={submit.busy}>
          {t('auth.changePassword')}
        </button>
      </form>
    </section>
  );
}
