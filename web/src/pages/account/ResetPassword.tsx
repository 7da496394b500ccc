import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAccountWrites } from '../../api/hooks/account';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { Field, useSubmit } from '../../ui/forms';
import { passwordHint } from '../../ui/password-hint';
import { AuthFrame } from './AuthFrame';
import { LinkProblem } from './LinkProblem';

/**
 * The page the reset e-mail links to (`/reset-password?token=…`). Setting the password ends every
 * session of the account, this browser's too, so the user logs in again with the new one.
 */
export function ResetPassword() {
  const { t } = useI18n();
  const { signedOut } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const account = useAccountWrites();
  const submit = useSubmit(async () => {
    await account.resetPassword(token, password);
    signedOut();
    void navigate('/login', { replace: true, state: { notice: 'passwordReset' } });
  });
  return (
    <AuthFrame title={t('account.reset.title')}>
      <LinkProblem
        problem={submit.problem}
        fields={submit.fields}
        next={<Link to="/forgot-password">{t('account.reset.again')}</Link>}
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit.run();
        }}
        noValidate
      >
        <Field label={t('auth.newPassword')} pointer="/password" errors={submit.fields} hint={passwordHint(t)}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          )}
        </Field>
        <button className="btn btn-primary" disabled={submit.busy || !token}>
          {t('account.reset.submit')}
        </button>
      </form>
    </AuthFrame>
  );
}
