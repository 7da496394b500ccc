import { Field, type FieldErrors } from '../../ui/forms';
import { useI18n } from '../../i18n/i18n';
import { useFocusOnMount } from './focus';

/**
 * The second step of logging in when the account has two-factor sign-in on: the app's 6-digit
 * code or one of the recovery codes. Focus lands on the field, the step's only input.
 */
export function LoginCode({
  code,
  setCode,
  errors,
}: {
  code: string;
  setCode: (v: string) => void;
  errors: FieldErrors;
}) {
  const { t } = useI18n();
  const input = useFocusOnMount<HTMLInputElement>();
  return (
    <>
      <p>{t('account.login.codeIntro')}</p>
      <Field label={t('account.login.code')} pointer="/code" errors={errors} hint={t('account.login.codeHint')}>
        {(p) => (
          <input
            {...p}
            ref={input}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
        )}
      </Field>
    </>
  );
}
