import { useI18n } from '../../i18n/i18n';
import type { Schemas } from '../../api/client';

/** This instance's last server errors: when, which route, and the request id that finds it in the log. */
export function RecentErrors({ errors }: { errors: Schemas['OperatorHealth']['recent_errors'] }) {
  const { t, fmtDate } = useI18n();
  return (
    <section aria-labelledby="op-h-errors" data-testid="op-h-errors">
      <h2 id="op-h-errors">{t('op.health.errors')}</h2>
      <p className="small muted">{t('op.health.errorsHint')}</p>
      {errors.length === 0 ? (
        <p>{t('op.health.noErrors')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('op.health.errorAt')}</th>
              <th scope="col">{t('op.health.errorRoute')}</th>
              <th scope="col">{t('op.health.errorStatus')}</th>
              <th scope="col">{t('op.health.errorRequest')}</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e) => (
              <tr key={e.request_id}>
                <td>{fmtDate(e.at)}</td>
                <td data-label={t('op.health.errorRoute')}>
                  <code>
                    {e.method} {e.route}
                  </code>
                </td>
                <td data-label={t('op.health.errorStatus')}>
                  {e.status} · {e.type} · <code>{e.error}</code>
                </td>
                <td data-label={t('op.health.errorRequest')}>
                  <code>{e.request_id}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
