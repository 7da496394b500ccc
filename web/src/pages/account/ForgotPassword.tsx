import { useState } from 'react';
import { Link } from 'react-router';
import { useAccountWrites } from '../../api/hooks/account';
import { useI18n } from '../../i18n/i18n';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { AuthFrame } from './AuthFrame';

/**
 * "Forgot password": the API answers 202 for every address (it tells nothing about accounts), so
 * the page says the same whatever was typed.
 */
export function ForgotPassword() {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const account = useAccountWrites();
  const submit = useSubmit(async () => {
    await account.requestPasswordReset(email);
    setSentTo(email);
  });
  if (sentTo)
    return (
      <AuthFrame title={t('account.forgot.sentTitle')} focusTitle>
        <p role="status">{t('account.forgot.sent', { email: sentTo })}</p>
        <p>
          <Link to="/login">{t('account.backToLogin')}</Link>
        </p>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t('account.forgot.title')}>
      <p>{t('account.forgot.intro')}</p>
      <ProblemAlert problem={submit.problem} fields={submit.fields} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit.run();
        }}
        noValidate
      >
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
        <button className="btn btn-primary" disabled={submit.busy}>
          {t('account.forgot.send')}
        </button>
      </form>
      <p>
        <Link to="/login">{t('account.backToLogin')}</Link>
      </p>
    </AuthFrame>
  );
}
