import type { useUsage } from '../api/hooks/organization';
import { useI18n } from '../i18n/i18n';

type Usage = NonNullable<ReturnType<typeof useUsage>['data']>;

function Meter({ label, used, limit, pct }: { label: string; used: number; limit: number; pct: number }) {
  const { t, fmtNumber } = useI18n();
  const level = pct >= 100 ? 'full' : pct >= 80 ? 'high' : 'ok';
  return (
    <div className={`meter meter-${level}`}>
      <span className="meter-label">{label}</span>
      <progress max={100} value={Math.min(pct, 100)} aria-label={label} aria-valuetext={`${pct} %`} />
      <span className="meter-value">{t('usage.meter', { used: fmtNumber(used), limit: fmtNumber(limit) })}</span>
    </div>
  );
}

/** Scans and dynamic codes used, against the plan's limits. */
export function UsageMeters({ usage }: { usage: Usage }) {
  const { t } = useI18n();
  return (
    <div className="meters" data-testid="usage-meters">
      <Meter label={t('usage.scans')} used={usage.scans.used} limit={usage.scans.limit} pct={usage.scans.usage_pct} />
      <Meter
        label={t('usage.dynamic')}
        used={usage.dynamic_codes.used}
        limit={usage.dynamic_codes.limit}
        pct={usage.dynamic_codes.usage_pct}
      />
    </div>
  );
}
