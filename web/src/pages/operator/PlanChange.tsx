import { useState } from 'react';
import { operatorSetOrganizationPlan } from '@qrs/sdk/forms';
import { useI18n } from '../../i18n/i18n';
import { ConfirmGroup } from '../../ui/ConfirmGroup';
import { useSetOrganizationPlan } from '../../api/hooks/operator';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';
import { planName } from '../../ui/plan-name';
import type { Schemas } from '../../api/client';

type Org = Schemas['OperatorOrganization'];
type Plan = Org['plan'];
// The compiler holds this list to the API's plans: a plan it adds fails AllListed.
const PLANS = ['free', 'pro', 'business', 'agency', 'enterprise'] as const satisfies readonly Plan[];
type AllListed = Exclude<Plan, (typeof PLANS)[number]> extends never ? true : never;
const allListed: AllListed = true;
void allListed;

/** Moves the organization to another plan, after a confirmation that says from what to what. */
export function PlanChange({ org }: { org: Org }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<{ plan: Plan; changed: boolean } | null>(null);
  const change = useSetOrganizationPlan(org.id);
  const form = useApiForm({ body: operatorSetOrganizationPlan, defaults: { plan: org.plan } });
  const plan = form.watch('plan');
  const confirm = form.submit(async (body) => {
    setAsking(false);
    const after = await change.mutateAsync(body.plan);
    setDone({ plan: after.plan, changed: true });
  });
  return (
    <form
      noValidate
      className="account-section"
      aria-labelledby="op-plan-head"
      onSubmit={form.submit(async (body) => {
        setDone(body.plan === org.plan ? { plan: org.plan, changed: false } : null);
        setAsking(body.plan !== org.plan);
      })}
    >
      <h2 id="op-plan-head">{t('op.plan.title')}</h2>
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <FormField form={form} name="plan" label={t('op.plan.choose')}>
        {(p) => (
          <select {...p} data-testid="op-plan-select">
            {PLANS.map((p) => (
              <option key={p} value={p}>
                {planName(t, p)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <button className="btn" disabled={form.busy}>
        {t('op.plan.change')}
      </button>
      {asking ? (
        <ConfirmGroup
          label={t('op.plan.title')}
          testId="op-plan-confirm"
          busy={form.busy}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          <p>{t('op.plan.confirm', { org: org.name, from: planName(t, org.plan), to: planName(t, plan) })}</p>
        </ConfirmGroup>
      ) : null}
      {done ? (
        <p role="status">{done.changed ? t('op.plan.done', { plan: planName(t, done.plan) }) : t('op.plan.same')}</p>
      ) : null}
    </form>
  );
}
