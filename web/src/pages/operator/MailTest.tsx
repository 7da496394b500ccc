import { useState } from 'react';
import { operatorSendTestMail } from '@qrs/sdk/forms';
import { useI18n } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';
import { useSendTestMail, type MailTestResult } from '../../api/hooks/operator';

/** `qrs mail test` on the health screen: the transport's own answer, shown as it said it. */
export function MailTest() {
  const { t, lang } = useI18n();
  const send = useSendTestMail();
  const [result, setResult] = useState<MailTestResult | null>(null);
  const form = useApiForm({
    body: operatorSendTestMail,
    defaults: { to: '' },
    toBody: (v) => ({ to: v.to.trim(), locale: lang === 'de' ? ('de' as const) : ('en' as const) }),
  });
  return (
    <form
      noValidate
      className="account-section"
      aria-labelledby="op-mail-test-head"
      data-testid="op-mail-test"
      onSubmit={form.submit(async (body) => {
        setResult(null);
        setResult(await send.mutateAsync(body));
      })}
    >
      <h2 id="op-mail-test-head">{t('op.mailTest.title')}</h2>
      <p className="muted">{t('op.mailTest.hint')}</p>
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <FormField form={form} name="to" label={t('op.mailTest.to')}>
        {(p) => <input {...p} type="email" />}
      </FormField>
      <button type="submit" className="btn" disabled={form.busy}>
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
