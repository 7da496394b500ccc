// Workspace overview from what exists today: the codes list (sorted by scan_count) and each top
// code's stats. GET /v1/analytics (issue 13) replaces this with one call when it lands.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { api, body, ok } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useWsKey } from '../session';
import { Bars } from '../ui/Bars';
import { fillDays } from './CodeDetail';

const LineChart = lazy(() => import('../charts/Charts'));
const TOP = 20;
const day = (d: Date) => d.toISOString().slice(0, 10);

export function Overview() {
  const { t, fmtNumber } = useI18n();
  const range = useMemo(() => ({ from: day(new Date(Date.now() - 29 * 86_400_000)), to: day(new Date()) }), []);
  const codes = useQuery({ queryKey: useWsKey('overview-codes'), queryFn: () => body(api.GET('/v1/codes', { params: { query: { limit: 100 } as never } })) });
  const top = useMemo(() => [...(codes.data?.data ?? [])].sort((a, b) => b.scan_count - a.scan_count).slice(0, TOP).filter((c) => c.dynamic), [codes.data]);
  const stats = useQuery({
    queryKey: useWsKey('overview-stats', top.map((c) => c.id), range),
    enabled: codes.isSuccess,
    queryFn: () => Promise.all(top.map((c) => ok(api.GET('/v1/codes/{id}/stats', { params: { path: { id: c.id }, query: range as never } })))),
  });
  const byDay = useMemo(() => {
    const m = new Map<string, number>();
    for (const s of stats.data ?? []) for (const d of s.by_day) m.set(d.date, (m.get(d.date) ?? 0) + d.scans);
    return fillDays(range.from, range.to, [...m].map(([date, scans]) => ({ date, scans })));
  }, [stats.data, range]);
  const total = (stats.data ?? []).reduce((a, s) => a + s.total_scans, 0);
  return (
    <section>
      <h1>{t('overview.title')}</h1>
      <div className="kpis">
        <div className="kpi"><span className="kpi-value" data-testid="overview-total">{fmtNumber(total)}</span><span>{t('overview.totalScans')}</span></div>
        <div className="kpi"><span className="kpi-value">{fmtNumber(codes.data?.meta.pagination.total_count ?? 0)}</span><span>{t('overview.codes')}</span></div>
      </div>
      <p className="muted small">{t('overview.note')}</p>
      <h2>{t('overview.byDay')}</h2>
      {stats.data ? <Suspense fallback={<p>{t('detail.chartLoading')}</p>}><LineChart dates={byDay.dates} values={byDay.values} label={t('detail.scans')} /></Suspense> : <p>{t('app.loading')}</p>}
      <Bars title={t('overview.top')} rows={top.map((c) => ({ key: c.title || c.short_url || c.id, scans: c.scan_count }))} testId="overview-top" />
      <ul className="plain">{top.slice(0, 5).map((c) => <li key={c.id}><Link to={`/codes/${c.id}`}>{c.title || c.short_url}</Link></li>)}</ul>
    </section>
  );
}
