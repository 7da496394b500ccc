import { useState } from 'react';
import { operatorSuspendOrganization } from '@qrs/sdk/forms';
import { useI18n } from '../../i18n/i18n';
import { ConfirmGroup } from '../../ui/ConfirmGroup';
import { useSuspendOrganization, type Redirects } from '../../api/hooks/operator-accounts/use-suspend-organization';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';
import type { Schemas } from '../../api/client';

/**
 * Suspends the organization, with a reason and what its codes answer meanwhile. The first submit
 * checks the body and asks for a confirmation that says what will happen; the confirmation sends it.
 */
export function SuspendForm({ org }: { org: Schemas['OperatorOrganization'] }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const suspend = useSuspendOrganization(org.id);
  const form = useApiForm({
    body: operatorSuspendOrganization,
    defaults: { reason: '', redirects: 'keep' as Redirects },
    toBody: (v) => ({ reason: v.reason.trim(), redirects: v.redirects }),
  });
  const redirects = form.watch('redirects');
  const confirm = form.submit(async (body) => {
    await suspend.mutateAsync(body);
    setAsking(false);
  });
  return (
    <form noValidate data-testid="op-suspend-form" onSubmit={form.submit(async () => setAsking(true))}>
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <FormField form={form} name="reason" label={t('opx.susp.reason')} hint={t('opx.susp.reasonHint')}>
        {(p) => <textarea {...p} required maxLength={500} data-testid="op-suspend-reason" />}
      </FormField>
      <fieldset>
        <legend>{t('opx.susp.redirects')}</legend>
        {(['keep', 'neutral_page'] as const).map((r) => (
          <label key={r} className="radio">
            <input type="radio" value={r} data-testid={`op-suspend-${r}`} {...form.register('redirects')} />{' '}
            {t(`opx.susp.${r}`)}
          </label>
        ))}
      </fieldset>
      {asking ? (
        <ConfirmGroup
          label={t('opx.susp.do')}
          testId="op-suspend-confirm"
          busy={form.busy}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          <p>{t('opx.susp.confirm', { org: org.name, redirects: t(`opx.susp.${redirects}`) })}</p>
        </ConfirmGroup>
      ) : (
        <button className="btn" data-testid="op-suspend">
          {t('opx.susp.do')}
        </button>
      )}
    </form>
  );
}
