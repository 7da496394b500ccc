import { lazy, Suspense, useMemo } from 'react';
import { ApiError } from '../../api/client';
import { usePassportReadings } from '../../api/hooks/passportReadings';
import { useI18n } from '../../i18n/i18n';
import { ProblemAlert } from '../../ui/forms';
import { attributeLabel, type Attribute } from './readings-words';

const LineChart = lazy(() => import('../../charts/Charts'));

/** One value's readings: a chart over the time measured (numbers only), and every reading as a table. */
export function ReadingsHistory({
  passportId,
  attribute,
  unit,
}: {
  passportId: string;
  attribute: Attribute;
  unit?: string;
}) {
  const { t, fmtDate, fmtNumber } = useI18n();
  const q = usePassportReadings(passportId, attribute);
  const rows = useMemo(() => q.data ?? [], [q.data]);
  const series = useMemo(() => {
    const numeric = rows
      .filter((r) => typeof r.value === 'number')
      .sort((a, b) => a.measured_at.localeCompare(b.measured_at));
    return { dates: numeric.map((r) => r.measured_at), values: numeric.map((r) => r.value as number) };
  }, [rows]);
  const name = t(attributeLabel(attribute));
  const shown = (v: number | string) => (typeof v === 'number' ? `${fmtNumber(v)} ${unit ?? ''}`.trim() : v);
  return (
    <section aria-labelledby="readings-history" data-testid="readings-history">
      <h3 id="readings-history">{t('readings.history', { attribute: name })}</h3>
      {q.error instanceof ApiError ? <ProblemAlert problem={q.error.problem} /> : null}
      {q.data && !rows.length ? <p className="muted">{t('readings.none')}</p> : null}
      {series.values.length ? (
        <Suspense fallback={<p>{t('detail.chartLoading')}</p>}>
          <LineChart dates={series.dates} values={series.values} label={name} testId="readings-chart" />
        </Suspense>
      ) : null}
      {rows.length ? (
        <table className="table" data-testid="readings-table">
          <caption className="sr-only">{t('readings.history', { attribute: name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('readings.measuredAt')}</th>
              <th scope="col">{t('readings.value')}</th>
              <th scope="col">{t('readings.recordedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{fmtDate(r.measured_at)}</td>
                <td>{shown(r.value)}</td>
                <td>{fmtDate(r.recorded_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
