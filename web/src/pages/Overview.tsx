// Workspace analytics overview: one GET /v1/analytics call (totals, scans by day, top codes and two
// breakdowns, all from the rollups) in the workspace's time zone, over a date range the user picks.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { useWorkspaceAnalytics } from '../api/hooks/analytics';
import { useCodeCount } from '../api/hooks/codes/use-code-count';
import { ConversionKpis } from './code/ConversionKpis';
import { useCurrentWorkspace } from '../api/hooks/workspaces';
import { useI18n } from '../i18n/i18n';
import { useSession } from '../session';
import { Bars, deviceName } from '../ui/Bars';
import { GeoAttribution } from '../ui/Place';
import { ProblemAlert } from '../ui/forms';
import { last30Days } from './overview/local-day';
import { OverviewFilters } from './overview/OverviewFilters';

const LineChart = lazy(() => import('../charts/Charts'));

export function Overview() {
  const { me } = useSession();
  const wsId = me?.current.workspace_id ?? '';
  const workspace = useCurrentWorkspace(wsId);
  const tz = workspace.data?.timezone || 'UTC';
  return workspace.data || workspace.isError ? <OverviewIn key={tz} tz={tz} /> : <Loading />;
}

function Loading() {
  const { t } = useI18n();
  return <p>{t('app.loading')}</p>;
}

function OverviewIn({ tz }: { tz: string }) {
  const { t, fmtNumber } = useI18n();
  const [range, setRange] = useState(() => last30Days(tz));
  const [folder, setFolder] = useState('');
  const analytics = useWorkspaceAnalytics(range, tz, folder);
  // Only the count of codes: the top codes come with their titles in the analytics answer.
  const codes = useCodeCount();
  const a = analytics.data;
  const top = (a?.top_codes ?? []).map((c) => ({
    id: c.code_id,
    key: c.title || t('codes.untitled'),
    scans: c.scans,
  }));
  return (
    <section>
      <h1>{t('overview.title')}</h1>
      <OverviewFilters tz={tz} range={range} setRange={setRange} folder={folder} setFolder={setFolder} />
      {analytics.error instanceof ApiError ? <ProblemAlert problem={analytics.error.problem} /> : null}
      <div className="kpis">
        <div className="kpi">
          <span className="kpi-value" data-testid="overview-total">
            {a ? fmtNumber(a.totals.scans) : '…'}
          </span>
          <span>{t('overview.totalScans')}</span>
        </div>
        <div className="kpi">
          <span className="kpi-value" data-testid="overview-unique">
            {a ? fmtNumber(a.totals.unique_visitors) : '…'}
          </span>
          <span>{t('detail.unique')}</span>
        </div>
        <div className="kpi">
          <span className="kpi-value">{fmtNumber(codes.data?.meta.pagination.total_count ?? 0)}</span>
          <span>{t('overview.codes')}</span>
        </div>
        {/* A campaign's (or the workspace's) conversions, once any code reports them (docs/conversions.md). */}
        {a && a.conversions.count > 0 ? <ConversionKpis totals={a.conversions} /> : null}
      </div>
      <h2>{t('overview.byDay')}</h2>
      {a ? (
        <Suspense fallback={<p>{t('detail.chartLoading')}</p>}>
          <LineChart
            dates={a.by_day.map((d) => d.date)}
            values={a.by_day.map((d) => d.scans)}
            label={t('detail.scans')}
          />
        </Suspense>
      ) : (
        <p>{t('app.loading')}</p>
      )}
      <div className="bar-grid">
        <Bars title={t('overview.top')} rows={top} testId="overview-top" />
        <Bars title={t('detail.devices')} rows={a?.dimensions.device ?? []} name={deviceName(t)} />
        <Bars title={t('detail.countries')} rows={a?.dimensions.country ?? []} />
        <Bars title={t('detail.regions')} rows={a?.dimensions.region ?? []} testId="overview-regions" />
        <Bars title={t('detail.cities')} rows={a?.dimensions.city ?? []} testId="overview-cities" />
      </div>
      <GeoAttribution />
      <ul className="plain">
        {top.slice(0, 5).map((c) => (
          <li key={c.id}>
            <Link to={`/codes/${c.id}`}>{c.key}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
