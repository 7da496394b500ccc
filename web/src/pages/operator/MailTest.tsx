import { useState, type FormEvent } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { useSendTestMail, type MailTestResult } from '../../api/hooks/operator';

/** `qrs mail test` on the health screen: the transport's own answer, shown as it said it. */
export function MailTest() {
  const { t, lang } = useI18n();
  const send = useSendTestMail();
  const [to, setTo] = useState('');
  const [result, setResult] = useState<MailTestResult | null>(null);
  const s = useSubmit(async () => {
    setResult(null);
    setResult(await send.mutateAsync({ to: to.trim(), locale: lang === 'de' ? 'de' : 'en' }));
  });
  return (
    <form
      noValidate
      className="account-section"
      aria-labelledby="op-mail-test-head"
      data-testid="op-mail-test"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void s.run();
      }}
    >
      <h2 id="op-mail-test-head">{t('op.mailTest.title')}</h2>
      <p className="muted">{t('op.mailTest.hint')}</p>
      <ProblemAlert problem={s.problem} fields={s.fields} />
      <Field label={t('op.mailTest.to')} pointer="/to" errors={s.fields}>
        {(p) => <input {...p} type="email" value={to} onChange={(e) => setTo(e.target.value)} />}
      </Field>
      <button type="submit" className="btn" disabled={s.busy}>
        {t('op.mailTest.send')}
      </button>
      <div role="status" data-testid="op-mail-test-result">
        {result ? (
          result.delivered ? (
            <p>{t('op.mailTest.delivered', { to: result.sent_to, id: result.message_id ?? '' })}</p>
          ) : (
            <p className="alert alert-warn">
              {t('op.mailTest.failed', { to: result.sent_to })} <code>{result.error}</code>
            </p>
          )
        ) : null}
      </div>
    </form>
  );
}
