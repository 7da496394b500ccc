// The conversions a code's scans led to, newest first (docs/conversions.md): what the team's
// integration reported, to check it works. Shown once the code has any.
import { useId } from 'react';
import { useRecentConversions } from '../../api/hooks/conversions';
import { useI18n } from '../../i18n/i18n';
import { ProblemAlert, queryProblem } from '../../ui/forms';
import { money } from './ConversionKpis';

export function RecentConversions({ codeId, count }: { codeId: string; count: number }) {
  const { t, fmt, fmtDate } = useI18n();
  const list = useRecentConversions(codeId, count > 0);
  const head = useId();
  if (count === 0) return null;
  const problem = queryProblem(list);
  if (problem.alone) return <ProblemAlert problem={problem.alone} />;
  return (
    <section aria-labelledby={head} data-testid="recent-conversions">
      <h2 id={head}>{t('conversions.recent')}</h2>
      <ProblemAlert problem={problem.above} />
      {list.data ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('conversions.when')}</th>
              <th scope="col">{t('conversions.event')}</th>
              <th scope="col">{t('conversions.value')}</th>
              <th scope="col">{t('conversions.eventId')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((c) => (
              <tr key={c.id}>
                <td data-label={t('conversions.when')}>{fmtDate(c.occurred_at)}</td>
                <td data-label={t('conversions.event')}>{c.event}</td>
                <td data-label={t('conversions.value')}>
                  {c.amount !== null && c.currency ? money(fmt, c.amount, c.currency) : t('app.none')}
                </td>
                <td data-label={t('conversions.eventId')}>{c.event_id ?? t('app.none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('app.loading')}</p>
      )}
    </section>
  );
}
