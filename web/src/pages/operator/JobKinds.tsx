import { useI18n } from '../../i18n/i18n';
import type { Schemas } from '../../api/client';

/** The job queue by kind: what waits, runs, failed and gave up in the window. */
export function JobKinds({ jobs }: { jobs: Schemas['OperatorHealth']['jobs'] }) {
  const { t, fmtNumber: n } = useI18n();
  return (
    <section aria-labelledby="op-h-jobs" data-testid="op-h-jobs">
      <h2 id="op-h-jobs">{t('op.health.jobs')}</h2>
      <p>
        {t('op.health.jobsPending')}: {n(jobs.pending)} · {t('op.health.jobsRunning')}: {n(jobs.running)} ·{' '}
        {t('op.health.jobsFailed')}: {n(jobs.failed)}
      </p>
      {jobs.kinds.length === 0 ? (
        <p>{t('op.health.noJobs')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('op.health.kind')}</th>
              <th scope="col">{t('op.health.jobsPending')}</th>
              <th scope="col">{t('op.health.jobsRunning')}</th>
              <th scope="col">{t('op.health.jobsFailed')}</th>
              <th scope="col">{t('op.health.dead')}</th>
            </tr>
          </thead>
          <tbody>
            {jobs.kinds.map((k) => (
              <tr key={k.kind}>
                <td>
                  <code>{k.kind}</code>
                </td>
                <td data-label={t('op.health.jobsPending')}>{n(k.pending)}</td>
                <td data-label={t('op.health.jobsRunning')}>{n(k.running)}</td>
                <td data-label={t('op.health.jobsFailed')}>{n(k.failed)}</td>
                <td data-label={t('op.health.dead')}>{n(k.dead)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
