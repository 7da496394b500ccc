// A code's conversions over the chosen range (docs/conversions.md): count, rate against its scans,
// and revenue per currency, from the stats answer.
import { useI18n } from '../../i18n/i18n';

export interface ConversionTotals {
  count: number;
  rate: number | null;
  revenue: Array<{ currency: string; amount: number }>;
}

/** Minor units → the currency's own number of decimals (2 for EUR, 0 for JPY). */
export function money(fmt: ReturnType<typeof useI18n>['fmt'], amount: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return fmt.number(amount / 10 ** digits, { style: 'currency', currency });
}

export function ConversionKpis({ totals }: { totals: ConversionTotals }) {
  const { t, fmt, fmtNumber } = useI18n();
  return (
    <>
      <div className="kpi">
        <span className="kpi-value" data-testid="conversions-count">
          {fmtNumber(totals.count)}
        </span>
        <span>{t('conversions.count')}</span>
      </div>
      <div className="kpi">
        <span className="kpi-value" data-testid="conversions-rate">
          {totals.rate === null
            ? t('app.none')
            : fmt.number(totals.rate, { style: 'percent', maximumFractionDigits: 1 })}
        </span>
        <span>{t('conversions.rate')}</span>
      </div>
      <div className="kpi">
        <span className="kpi-value" data-testid="conversions-revenue">
          {totals.revenue.length
            ? totals.revenue.map((r) => money(fmt, r.amount, r.currency)).join(' · ')
            : t('app.none')}
        </span>
        <span>{totals.revenue.length ? t('conversions.revenue') : t('conversions.noRevenue')}</span>
      </div>
    </>
  );
}
