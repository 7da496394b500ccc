import { useState } from 'react';
import { useAccountWrites } from '../../api/hooks/account';
import { useI18n } from '../../i18n/i18n';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { passwordHint } from '../../ui/password-hint';

/** Needs the current password; every other session of the user ends. */
export function ChangePassword() {
  const { t } = useI18n();
  const [form, setForm] = useState({ current_password: '', new_password: '' });
  const [done, setDone] = useState(false);
  const account = useAccountWrites();
  const submit = useSubmit(async () => {
    await account.changePassword(form);
    setForm({ current_password: '', new_password: '' });
    setDone(true);
  });
  return (
    <section className="account-section" aria-labelledby="password-head">
      <h2 id="password-head">{t('auth.changePassword')}</h2>
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
        <Field label={t('auth.newPassword')} pointer="/new_password" errors={submit.fields} hint={passwordHint(t)}>
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
