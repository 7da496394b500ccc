import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useSetOrganizationPlan } from '../../api/hooks/operator';
import { useErrorText } from '../../ui/forms';
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
  const errorText = useErrorText();
  const [plan, setPlan] = useState<Plan>(org.plan);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<Plan | null>(null);
  const change = useSetOrganizationPlan(org.id);
  const submit = async () => {
    setAsking(false);
    const after = await change.mutateAsync(plan);
    setDone(after.plan);
  };
  return (
    <form
      className="account-section"
      aria-labelledby="op-plan-head"
      onSubmit={(e) => {
        e.preventDefault();
        setDone(null);
        setAsking(plan !== org.plan);
        if (plan === org.plan) setDone(org.plan);
      }}
    >
      <h2 id="op-plan-head">{t('op.plan.title')}</h2>
      <label>
        {t('op.plan.choose')}
        <select value={plan} data-testid="op-plan-select" onChange={(e) => setPlan(e.target.value as Plan)}>
          {PLANS.map((p) => (
            <option key={p} value={p}>
              {planName(t, p)}
            </option>
          ))}
        </select>
      </label>{' '}
      <button className="btn" disabled={change.isPending}>
        {t('op.plan.change')}
      </button>
      {asking ? (
        <div role="group" aria-label={t('op.plan.title')} data-testid="op-plan-confirm">
          <p>{t('op.plan.confirm', { org: org.name, from: planName(t, org.plan), to: planName(t, plan) })}</p>
          <button type="button" className="btn btn-primary" onClick={() => void submit().catch(() => undefined)}>
            {t('app.confirm')}
          </button>{' '}
          <button type="button" className="btn" onClick={() => setAsking(false)}>
            {t('app.cancel')}
          </button>
        </div>
      ) : null}
      {done ? (
        <p role="status">
          {done === org.plan && !change.isSuccess ? t('op.plan.same') : t('op.plan.done', { plan: planName(t, done) })}
        </p>
      ) : null}
      {change.error ? <p role="alert">{errorText(change.error)}</p> : null}
    </form>
  );
}
