import { lazy, Suspense } from 'react';
import type { Schemas } from '../../api/client';
import { useI18n } from '../../i18n/i18n';
import { Bars, deviceName } from '../../ui/Bars';
import { GeoAttribution } from '../../ui/Place';
import { ConversionKpis } from './ConversionKpis';
import { RecentConversions } from './RecentConversions';

const LineChart = lazy(() => import('../../charts/Charts'));

type BarRows = Parameters<typeof Bars>[0]['rows'];

/** A dynamic code's figures over the range: totals, the daily line, and the breakdowns. */
export function ScanStats({
  codeId,
  stats,
  series,
  abSplit,
  showAb,
}: {
  codeId: string;
  stats: Schemas['CodeStats'];
  series: { dates: string[]; values: number[] } | null;
  abSplit: BarRows;
  showAb: boolean;
}) {
  const { t, fmtNumber } = useI18n();
  return (
    <>
      <div className="kpis">
        <div className="kpi">
          <span className="kpi-value" data-testid="total-scans">
            {fmtNumber(stats.total_scans)}
          </span>
          <span>{t('detail.scans')}</span>
        </div>
        <div className="kpi">
          <span className="kpi-value">{fmtNumber(stats.unique_visitors)}</span>
          <span>{t('detail.unique')}</span>
        </div>
        <ConversionKpis totals={stats.conversions} />
      </div>
      <h2>{t('detail.overTime')}</h2>
      {series ? (
        <Suspense fallback={<p>{t('detail.chartLoading')}</p>}>
          <LineChart dates={series.dates} values={series.values} label={t('detail.scans')} />
        </Suspense>
      ) : null}
      <RecentConversions codeId={codeId} count={stats.conversions.count} />
      <GeoAttribution />
      {stats.total_scans === 0 ? <p className="muted">{t('detail.noScans')}</p> : null}
      <div className="bar-grid">
        <Bars title={t('detail.devices')} rows={stats.by_device} testId="bars-device" name={deviceName(t)} />
        <Bars title={t('detail.os')} rows={stats.by_os} />
        <Bars title={t('detail.browsers')} rows={stats.by_browser} />
        <Bars title={t('detail.countries')} rows={stats.by_country} />
        <Bars title={t('detail.regions')} rows={stats.by_region} testId="bars-region" />
        <Bars title={t('detail.cities')} rows={stats.by_city} testId="bars-city" />
        <Bars title={t('detail.referrers')} rows={stats.by_referrer} />
        {showAb ? <Bars title={t('detail.abSplit')} rows={abSplit} testId="bars-ab" /> : null}
      </div>
    </>
  );
}
