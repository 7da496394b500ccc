import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useCode } from '../api/hooks/codes/use-code';
import { useCodeAbSplit } from '../api/hooks/codes/use-code-ab-split';
import { useCodeScans } from '../api/hooks/codes/use-code-scans';
import { useCodeStats } from '../api/hooks/codes/use-code-stats';
import { ProblemAlert, queryProblem } from '../ui/forms';
import { Downloads } from './code/CodeDownloads';
import { CodeFacts } from './code/CodeFacts';
import { ScanRows } from './code/ScanRows';
import { ScanStats } from './code/ScanStats';
import { CodeApproval } from './code/CodeApproval';
import { CodeComments } from './code/CodeComments';
import { CodeHistory } from './code/CodeHistory';
import { CodeDelete } from './code/CodeDelete';
import { StaticContent } from './code/StaticContent';
import { CodeLinks } from './code/CodeLinks';
import { DateRangeFields } from '../ui/DateRangeFields';

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
  const { t } = useI18n();
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
  const problem = queryProblem(code);
  if (problem.alone) return <ProblemAlert problem={problem.alone} />;
  const c = code.data;
  if (!c) return <p>{t('app.loading')}</p>;
  const title = c.title || t('codes.untitled');
  return (
    <section>
      <ProblemAlert problem={problem.above} />
      <div className="page-head">
        <h1>{title}</h1>
        <Link className="btn" to={`/codes/${c.id}/edit`}>
          {t('codes.edit')}
        </Link>
      </div>
      <CodeFacts code={c} title={title} />
      <CodeApproval code={c} />
      <CodeLinks code={c} />
      <Downloads code={c} />
      {c.dynamic ? (
        <>
          <button type="button" className="btn" data-testid="refresh-scans" onClick={() => void refresh()}>
            {t('detail.refresh')}
          </button>
          <form className="filters" aria-label={t('detail.range')} onSubmit={(e) => e.preventDefault()}>
            <DateRangeFields range={range} setRange={setRange} />
          </form>
          {stats.error instanceof ApiError ? <ProblemAlert problem={stats.error.problem} /> : null}
          {stats.data ? (
            <ScanStats
              codeId={c.id}
              stats={stats.data}
              series={series}
              abSplit={abSplit}
              showAb={!!c.destinations?.length}
            />
          ) : (
            <p>{t('app.loading')}</p>
          )}
          <ScanRows id={id} range={range} scans={scans} />
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
