import { useState } from 'react';
import { operatorNameOperator } from '@qrs/sdk/forms';
import { useI18n } from '../../i18n/i18n';
import { ConfirmGroup } from '../../ui/ConfirmGroup';
import { FormField } from '../../ui/FormField';
import { ProblemAlert, useErrorText, useSubmit } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';
import { useOperatorSession } from '../../api/hooks/operator';
import { useNameOperator, useOperators, useRemoveOperator, type OperatorEntry } from '../../api/hooks/operators';

/** Who operates the server: name another by e-mail, remove one named from here or by the CLI. */
export function Operators() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const operators = useOperators();
  const me = useOperatorSession().data?.email;
  return (
    <section>
      <h1>{t('opo.title')}</h1>
      <p className="muted">{t('opo.hint')}</p>
      <NameOperator />
      {operators.isPending ? (
        <p>{t('app.loading')}</p>
      ) : operators.error ? (
        <p role="alert">{errorText(operators.error)}</p>
      ) : (
        <ul className="operator-users" data-testid="op-operators">
          {operators.data.map((o) => (
            <OperatorRow key={o.email} operator={o} self={o.email === me} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NameOperator() {
  const { t } = useI18n();
  const name = useNameOperator();
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm({
    body: operatorNameOperator,
    defaults: { email: '' },
    toBody: (v) => ({ email: v.email.trim() }),
  });
  return (
    <form
      noValidate
      className="account-section"
      data-testid="op-name-operator"
      onSubmit={form.submit(async ({ email }) => {
        setDone(null);
        const named = await name.mutateAsync(email);
        form.reset();
        setDone(t(named.two_factor ? 'opo.named' : 'opo.namedNo2fa', { email: named.email }));
      })}
    >
      <h2>{t('opo.add')}</h2>
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <p role="status">{done}</p>
      <FormField form={form} name="email" label={t('opo.email')} hint={t('opo.emailHint')}>
        {(p) => <input {...p} type="email" />}
      </FormField>
      <button type="submit" className="btn btn-primary" disabled={form.busy}>
        {t('opo.addDo')}
      </button>
    </form>
  );
}

function OperatorRow({ operator: o, self }: { operator: OperatorEntry; self: boolean }) {
  const { t, fmtDate } = useI18n();
  const how = [
    o.named && o.added_at ? t('opo.namedSince', { when: fmtDate(o.added_at) }) : null,
    o.by_setting ? t('opo.bySetting') : null,
  ].filter(Boolean);
  return (
    <li className="account-section" data-testid="op-operator" data-email={o.email}>
      <h2>
        {o.name ? `${o.name} · ` : ''}
        {o.email}
        {self ? ` (${t('opo.you')})` : ''}
      </h2>
      <dl className="operator-facts">
        <div>
          <dt>{t('opo.how')}</dt>
          <dd>{how.join(' · ')}</dd>
        </div>
        <div>
          <dt>{t('opx.users.twoFactor')}</dt>
          <dd>{o.user_id === null ? t('opo.notSignedUp') : o.two_factor ? t('opx.yes') : t('opo.no2fa')}</dd>
        </div>
      </dl>
      {o.named && o.user_id && !self ? <RemoveOperator id={o.user_id} email={o.email} /> : null}
    </li>
  );
}

/** Remove after a confirmation: their next request to the console is a 404. */
function RemoveOperator({ id, email }: { id: string; email: string }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const remove = useRemoveOperator();
  const s = useSubmit(() => remove.mutateAsync(id));
  if (!asking)
    return (
      <button type="button" className="btn" data-testid="op-operator-remove" onClick={() => setAsking(true)}>
        {t('opo.remove')}
      </button>
    );
  return (
    <ConfirmGroup
      label={t('opo.remove')}
      testId="op-operator-remove-confirm"
      busy={s.busy}
      onConfirm={() => s.run()}
      onCancel={() => setAsking(false)}
    >
      <ProblemAlert problem={s.problem} />
      <p>{t('opo.removeConfirm', { email })}</p>
    </ConfirmGroup>
  );
}
