import { useState } from 'react';
import { useAccountWrites } from '../../api/hooks/account';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';

/** The account's address; a new one takes effect when the link mailed to it is followed. */
export function EmailChange() {
  const { t } = useI18n();
  const { me } = useSession();
  const [form, setForm] = useState({ new_email: '', password: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const account = useAccountWrites();
  const change = useSubmit(async () => {
    const r = await account.changeEmail(form);
    setForm({ new_email: '', password: '' });
    setSentTo(r.sent_to);
  });
  if (!me) return null;
  return (
    <section className="account-section" aria-labelledby="email-head">
      <h2 id="email-head">{t('account.email.title')}</h2>
      <p data-testid="current-email">
        {me.user.email} · {me.user.email_verified ? t('account.email.verified') : t('account.email.unverified')}
      </p>
      <p role="status" className={sentTo ? 'alert alert-ok' : undefined}>
        {sentTo ? t('account.email.sent', { email: sentTo }) : null}
      </p>
      <ProblemAlert problem={change.problem} fields={change.fields} />
      <form
        className="narrow"
        onSubmit={(e) => {
          e.preventDefault();
          setSentTo(null);
          void change.run();
        }}
        noValidate
      >
        <Field label={t('account.email.new')} pointer="/new_email" errors={change.fields}>
          {(p) => (
            <input
              {...p}
              type="email"
              autoComplete="email"
              value={form.new_email}
              onChange={(e) => setForm({ ...form, new_email: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('account.email.password')} pointer="/password" errors={change.fields}>
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
        <button className="btn btn-primary" disabled={change.busy}>
          {t('account.email.submit')}
        </button>
      </form>
    </section>
  );
}
