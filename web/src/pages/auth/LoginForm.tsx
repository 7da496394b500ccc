import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { login } from '@qrs/sdk/forms';
import { ApiError } from '../../api/client';
import { useAccountWrites } from '../../api/hooks/account';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';
import { AuthFrame } from '../account/AuthFrame';
import { LoginCode } from '../account/LoginCode';
import { SsoSignIn } from '../account/SsoSignIn';
import { returnPath, type LoginState } from './return-path';

export function LoginForm() {
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
  const [needCode, setNeedCode] = useState(false);
  const form = useApiForm({
    body: login,
    defaults: { email: '', password: '', code: '' },
    toBody: ({ email, password, code }) => (needCode ? { email, password, code: code.trim() } : { email, password }),
  });
  const send = form.submit(async (body) => {
    try {
      await account.login(body);
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
    () => (form.fields['/code'] ? { '/code': t('account.login.codeWrong') } : form.fields),
    [form.fields, t],
  );
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
        problem={form.problem}
        fields={fields}
        text={!needCode && form.problem?.status === 401 ? t('auth.loginWrong') : undefined}
      />
      <form onSubmit={send} noValidate>
        {needCode ? (
          <LoginCode code={form.watch('code')} setCode={(v) => form.setValue('code', v)} errors={fields} />
        ) : (
          <>
            <FormField form={form} name="email" label={t('auth.email')}>
              {(p) => <input {...p} type="email" autoComplete="email" required />}
            </FormField>
            <FormField form={form} name="password" label={t('auth.password')}>
              {(p) => <input {...p} type="password" autoComplete="current-password" required />}
            </FormField>
          </>
        )}
        <button className="btn btn-primary" disabled={form.busy}>
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
              form.setValue('code', '');
              form.clear();
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
