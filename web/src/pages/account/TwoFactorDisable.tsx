import { useState } from 'react';
import { useAccountWrites } from '../../api/hooks/account';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';

/** Two-factor sign-in is on: turning it off needs both factors (a recovery code counts). */
export function TwoFactorDisable() {
  const { t } = useI18n();
  const { me, refresh } = useSession();
  const [form, setForm] = useState({ password: '', code: '' });
  const account = useAccountWrites();
  const off = useSubmit(async () => {
    await account.disableTwoFactor({ password: form.password, code: form.code.trim() });
    await refresh();
  });
  return (
    <div>
      <p className="alert alert-ok">{t('account.twofa.onText')}</p>
      {me?.two_factor_required ? <p>{t('account.twofa.orgRequires')}</p> : null}
      <ProblemAlert problem={off.problem} fields={off.fields} />
      <form
        className="narrow"
        onSubmit={(e) => {
          e.preventDefault();
          void off.run();
        }}
        noValidate
      >
        <Field label={t('auth.password')} pointer="/password" errors={off.fields}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="current-password"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('account.twofa.codeOrRecovery')} pointer="/code" errors={off.fields}>
          {(p) => (
            <input
              {...p}
              autoComplete="one-time-code"
              value={form.code}
              onChange={(e) => setForm({ ...form, code: e.target.value })}
            />
          )}
        </Field>
        <button className="btn" disabled={off.busy}>
          {t('account.twofa.turnOff')}
        </button>
      </form>
    </div>
  );
}
