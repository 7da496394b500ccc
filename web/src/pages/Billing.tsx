import { ApiError } from '../api/client';
import { useBilling, useBillingWrites } from '../api/hooks/billing';
import { useI18n } from '../i18n/i18n';
import { ProblemAlert, useSubmit } from '../ui/forms';
import { PlanLimits } from '../ui/PlanLimits';
import './billing.css';
import { planName } from '../ui/plan-name';

const PAID = ['pro', 'business', 'agency', 'enterprise'] as const;

/** Plan and subscription; upgrading goes through Stripe Checkout, everything else through its portal. */
export function Billing() {
  const { t, fmtDate } = useI18n();
  const billing = useBilling();
  const writes = useBillingWrites();
  const go = (url: string) => window.location.assign(url);
  const checkout = useSubmit(async (plan: (typeof PAID)[number]) => {
    go(await writes.checkout(plan));
  });
  const portal = useSubmit(async () => {
    go(await writes.portal());
  });
  const error = billing.error instanceof ApiError ? billing.error : null;
  if (error?.status === 403 || error?.status === 404)
    return (
      <section>
        <h1>{t('billing.title')}</h1>
        <p data-testid="billing-off">{error.status === 403 ? t('billing.adminOnly') : t('billing.off')}</p>
        <PlanLimits />
      </section>
    );
  const b = billing.data;
  const live = b && ['active', 'trialing', 'past_due', 'unpaid'].includes(b.status);
  return (
    <section className="billing">
      <h1>{t('billing.title')}</h1>
      {b ? (
        <dl className="billing-facts" data-testid="billing-facts">
          <dt>{t('billing.plan')}</dt>
          <dd data-testid="billing-plan">{planName(t, b.plan)}</dd>
          <dt>{t('billing.status')}</dt>
          <dd data-testid="billing-status">{t(`billing.status.${b.status}` as never) || b.status}</dd>
          {b.current_period_end ? (
            <>
              <dt>{b.cancel_at_period_end ? t('billing.endsOn') : t('billing.renewsOn')}</dt>
              <dd>{fmtDate(b.current_period_end)}</dd>
            </>
          ) : null}
          {b.grace_ends_at ? (
            <>
              <dt>{t('billing.graceEnds')}</dt>
              <dd>{fmtDate(b.grace_ends_at)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {b?.grace_ends_at ? (
        <p className="alert alert-warn" role="status">
          {t('billing.pastDue')}
        </p>
      ) : null}
      <ProblemAlert problem={checkout.problem ?? portal.problem} fields={checkout.fields} />
      {b && !live ? (
        <>
          <h2>{t('billing.upgrade')}</h2>
          <ul className="billing-plans">
            {PAID.map((plan) => (
              <li key={plan}>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={checkout.busy}
                  onClick={() => void checkout.run(plan)}
                >
                  {t('billing.subscribe', { plan })}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {b?.customer_id ? (
        <p>
          <button type="button" className="btn" disabled={portal.busy} onClick={() => void portal.run()}>
            {t('billing.portal')}
          </button>
        </p>
      ) : null}
      <p className="small">{t('billing.note')}</p>
      <PlanLimits />
    </section>
  );
}
