import { operatorDisableUser } from '@qrs/sdk/forms';
import { useI18n } from '../../i18n/i18n';
import { useDisableUser } from '../../api/hooks/operator-accounts/use-disable-user';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';
import type { Schemas } from '../../api/client';

/** Disables a user with the reason the support team reads; a blank one is refused at its field. */
export function DisableUser({ user, onDone }: { user: Schemas['OperatorUser']; onDone: () => void }) {
  const { t } = useI18n();
  const disable = useDisableUser();
  const form = useApiForm({
    body: operatorDisableUser,
    defaults: { reason: '' },
    toBody: (v) => ({ reason: v.reason.trim() }),
  });
  return (
    <form
      noValidate
      data-testid="op-disable-form"
      aria-label={t('opx.users.disable')}
      onSubmit={form.submit(async ({ reason }) => {
        await disable.mutateAsync({ id: user.id, reason });
        onDone();
      })}
    >
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <p>{t('opx.users.disableConfirm', { email: user.email })}</p>
      <FormField form={form} name="reason" label={t('opx.susp.reason')} hint={t('opx.susp.reasonHint')}>
        {(p) => <input {...p} required maxLength={500} data-testid="op-disable-reason" />}
      </FormField>
      <button className="btn btn-primary" disabled={form.busy}>
        {t('opx.users.disableDo')}
      </button>{' '}
      <button type="button" className="btn" onClick={onDone}>
        {t('app.cancel')}
      </button>
    </form>
  );
}
