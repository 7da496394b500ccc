import { useI18n } from '../i18n/i18n';
import { planName } from './plan-name';
import { useUsage } from '../api/hooks/organization';

/** The plan in force and each of its limits against what is used: what the usage banner points to. */
export function PlanLimits() {
  const { t, fmtNumber } = useI18n();
  const usage = useUsage().data;
  if (!usage) return null;
  const meter = (used: number, limit: number | null) =>
    limit === null
      ? t('plan.unlimited', { used: fmtNumber(used) })
      : t('usage.meter', { used: fmtNumber(used), limit: fmtNumber(limit) });
  return (
    <section aria-labelledby="plan-limits-title" data-testid="plan-limits">
      <h2 id="plan-limits-title">{t('plan.title')}</h2>
      <dl className="billing-facts">
        <dt>{t('billing.plan')}</dt>
        <dd data-testid="plan-name">{planName(t, usage.plan)}</dd>
        <dt>{t('plan.workspaces')}</dt>
        <dd>{meter(usage.workspaces.used, usage.workspaces.limit)}</dd>
        <dt>{t('usage.dynamic')}</dt>
        <dd>{meter(usage.dynamic_codes.used, usage.dynamic_codes.limit)}</dd>
        <dt>{t('usage.scans')}</dt>
        <dd>{meter(usage.scans.used, usage.scans.limit)}</dd>
      </dl>
      <p className="small">{t('plan.blocking')}</p>
    </section>
  );
}
