import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/en';
import { useCode } from '../api/hooks/codes/use-code';
import { useCodeAbSplit } from '../api/hooks/codes/use-code-ab-split';
import { useCodeDownloads } from '../api/hooks/codes/use-code-downloads';
import { useCodeScans } from '../api/hooks/codes/use-code-scans';
import { useCodeStats } from '../api/hooks/codes/use-code-stats';
import { Bars, deviceName } from '../ui/Bars';
import { GeoAttribution, placeOf } from '../ui/Place';
import { CopyButton, ProblemAlert, saveBlob, useSubmit } from '../ui/forms';
import { QrImage } from '../ui/QrImage';
import { Downloads } from './code/CodeDownloads';
import { CodeApproval } from './code/CodeApproval';
import { CodeComments } from './code/CodeComments';
import { CodeHistory } from './code/CodeHistory';
import { CodeDelete } from './code/CodeDelete';
import { StaticContent } from './code/StaticContent';
import { CodeLinks } from './code/CodeLinks';
import { DateInput } from '../ui/DateInput';
import { ConversionKpis } from './code/ConversionKpis';

const LineChart = lazy(() => import('../charts/Charts'));

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Every day of the range, zero where there were no scans: a line chart needs a continuous axis. */
export function fillDays(from: string, to: string, byDay: Array<{ date: string; scans: number }>) {
  const map = new Map(byDay.map((d) => [d.date, d.scans]));
  const dates: string[] = [];
  const values: number[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); day(d) <= to; d = new Date(d.getTime() + 86_400_000)) {
    dates.push(day(d));
    values.push(map.get(day(d)) ?? 0);
  }
  return { dates, values };
}

export function CodeDetail() {
  const { id = '' } = useParams();
  const { t, fmtNumber, fmtDate } = useI18n();
  const [range, setRange] = useState(() => ({
    from: day(new Date(Date.now() - 29 * 86_400_000)),
    to: day(new Date()),
  }));
  const code = useCode(id);
  // A static code's scans never reach us: no figures to ask for.
  const counted = code.data?.dynamic === true;
  const stats = useCodeStats(id, range, counted);
  const scans = useCodeScans(id, counted);
  const series = useMemo(
    () => (stats.data ? fillDays(range.from, range.to, stats.data.by_day) : null),
    [stats.data, range],
  );
  // The A/B split: the rollups' destination dimension for this code over the same range (all
  // scans, not a sample), from GET /v1/analytics; the stats answer has no per-destination breakdown.
  const hasAb = !!code.data?.destinations?.length;
  const ab = useCodeAbSplit(id, range, hasAb);
  const abSplit = ab.data?.dimensions.destination ?? [];
  const refresh = () => Promise.all([stats.refetch(), scans.refetch(), hasAb ? ab.refetch() : null]);
  const downloads = useCodeDownloads();
  const csv = useSubmit(async () => {
    const blob = await downloads.scansCsv(id, range);
    saveBlob(blob, `scans-${id}-${range.from}-${range.to}.csv`);
  });
  if (code.error instanceof ApiError) return <ProblemAlert problem={code.error.problem} />;
  const c = code.data;
  if (!c) return <p>{t('app.loading')}</p>;
  const title = c.title || t('codes.untitled');
  return (
    <section>
      <div className="page-head">
        <h1>{title}</h1>
        <Link className="btn" to={`/codes/${c.id}/edit`}>
          {t('codes.edit')}
        </Link>
      </div>
      <div className="detail-head">
        <QrImage codeId={c.id} alt={t('codes.qrOf', { title })} size={140} version={c.updated_at} />
        <dl>
          <dt>{t('codes.type')}</dt>
          <dd>{t(`type.${c.type}` as MessageKey)}</dd>
          <dt>{t('codes.status')}</dt>
          <dd>
            <span className={`status status-${c.status}`}>{t(`status.${c.status}` as MessageKey)}</span>
          </dd>
          {c.short_url ? (
            <>
              <dt>{t('detail.shortUrl')}</dt>
              <dd>
                <a href={c.short_url} data-testid="short-url">
                  {c.short_url}
                </a>{' '}
                <CopyButton text={c.short_url} label={t('detail.copyShort')} />
              </dd>
            </>
          ) : null}
          {c.url ? (
            <>
              <dt>{t('codes.colDest')}</dt>
              <dd className="ellipsis">{c.url}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <CodeApproval code={c} />
      <CodeLinks code={c} />
      <Downloads code={c} />
      {c.dynamic ? (
        <>
          <button type="button" className="btn" data-testid="refresh-scans" onClick={() => void refresh()}>
            {t('detail.refresh')}
          </button>
          <form className="filters" aria-label={t('detail.range')} onSubmit={(e) => e.preventDefault()}>
            <label>
              {t('detail.from')}
              <DateInput
                aria-label={t('detail.from')}
                value={range.from}
                max={range.to}
                onChange={(d) => setRange({ ...range, from: d })}
              />
            </label>
            <label>
              {t('detail.to')}
              <DateInput
                aria-label={t('detail.to')}
                value={range.to}
                min={range.from}
                onChange={(d) => setRange({ ...range, to: d })}
              />
            </label>
          </form>
          {stats.error instanceof ApiError ? <ProblemAlert problem={stats.error.problem} /> : null}
          {stats.data ? (
            <>
              <div className="kpis">
                <div className="kpi">
                  <span className="kpi-value" data-testid="total-scans">
                    {fmtNumber(stats.data.total_scans)}
                  </span>
                  <span>{t('detail.scans')}</span>
                </div>
                <div className="kpi">
                  <span className="kpi-value">{fmtNumber(stats.data.unique_visitors)}</span>
                  <span>{t('detail.unique')}</span>
                </div>
                <ConversionKpis totals={stats.data.conversions} />
              </div>
              <h2>{t('detail.overTime')}</h2>
              {series ? (
                <Suspense fallback={<p>{t('detail.chartLoading')}</p>}>
                  <LineChart dates={series.dates} values={series.values} label={t('detail.scans')} />
                </Suspense>
              ) : null}
              <GeoAttribution />
              {stats.data.total_scans === 0 ? <p className="muted">{t('detail.noScans')}</p> : null}
              <div className="bar-grid">
                <Bars
                  title={t('detail.devices')}
                  rows={stats.data.by_device}
                  testId="bars-device"
                  name={deviceName(t)}
                />
                <Bars title={t('detail.os')} rows={stats.data.by_os} />
                <Bars title={t('detail.browsers')} rows={stats.data.by_browser} />
                <Bars title={t('detail.countries')} rows={stats.data.by_country} />
                <Bars title={t('detail.regions')} rows={stats.data.by_region} testId="bars-region" />
                <Bars title={t('detail.cities')} rows={stats.data.by_city} testId="bars-city" />
                <Bars title={t('detail.referrers')} rows={stats.data.by_referrer} />
                {c.destinations?.length ? <Bars title={t('detail.abSplit')} rows={abSplit} testId="bars-ab" /> : null}
              </div>
            </>
          ) : (
            <p>{t('app.loading')}</p>
          )}
          <div className="page-head">
            <h2>{t('detail.raw')}</h2>
            <button type="button" className="btn btn-small" onClick={() => void csv.run()}>
              {t('detail.csv')}
            </button>
          </div>
          <ProblemAlert problem={csv.problem} />
          <table className="table" data-testid="scans-table">
            <thead>
              <tr>
                <th scope="col">{t('detail.time')}</th>
                <th scope="col">{t('detail.device')}</th>
                <th scope="col">{t('detail.os')}</th>
                <th scope="col">{t('detail.place')}</th>
                <th scope="col">{t('detail.destination')}</th>
                <th scope="col">{t('detail.bot')}</th>
              </tr>
            </thead>
            <tbody>
              {(scans.data?.data ?? []).map((s) => (
                <tr key={s.id}>
                  <td>{fmtDate(s.scanned_at)}</td>
                  <td>{s.device ? deviceName(t)(s.device) : t('app.none')}</td>
                  <td>{s.os ?? t('app.none')}</td>
                  <td>{placeOf(s) ?? t('app.none')}</td>
                  <td className="ellipsis">{s.destination ?? t('app.none')}</td>
                  <td>{s.is_bot ? '✓' : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <StaticContent content={(c.content ?? null) as Record<string, unknown> | null} />
      )}
      <CodeComments codeId={c.id} />
      <CodeHistory codeId={c.id} />
      <CodeDelete code={c} />
    </section>
  );
}
