import { useWebhookDeliveries, useWebhookWrites } from '../../api/hooks/webhooks';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import { eventName } from './event-types';

/** A webhook's latest deliveries, each with its last attempt, and redelivery. */
export function Deliveries({ webhookId }: { webhookId: string }) {
  const { t, fmtDate } = useI18n();
  const writes = useWebhookWrites();
  const deliveries = useWebhookDeliveries(webhookId);
  const redeliver = useSubmit((deliveryId: string) => writes.redeliver(webhookId, deliveryId));
  return (
    <section aria-labelledby="deliveries-title" className="webhook-deliveries">
      <h2 id="deliveries-title">{t('webhooks.deliveries')}</h2>
      <ProblemAlert problem={redeliver.problem} />
      <button type="button" className="btn btn-small" onClick={() => void writes.refreshDeliveries(webhookId)}>
        {t('webhooks.refresh')}
      </button>
      {deliveries.data && deliveries.data.length === 0 ? (
        <p>{t('webhooks.noDeliveries')}</p>
      ) : (
        <table className="table" data-testid="deliveries-table">
          <thead>
            <tr>
              <th scope="col">{t('webhooks.event')}</th>
              <th scope="col">{t('webhooks.status')}</th>
              <th scope="col">{t('webhooks.response')}</th>
              <th scope="col">{t('webhooks.attempts')}</th>
              <th scope="col">{t('webhooks.created')}</th>
              <th scope="col">
                <span className="sr-only">{t('webhooks.redeliver')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(deliveries.data ?? []).map((d) => {
              const last = d.attempts[d.attempts.length - 1];
              return (
                <tr key={d.id}>
                  <td>{eventName(t, d.event_type)}</td>
                  <td>{t(`webhooks.status.${d.status}` as MessageKey)}</td>
                  <td>
                    {last ? (last.response_status ?? last.error) : '–'}
                    {last ? <span className="small"> ({last.duration_ms} ms)</span> : null}
                  </td>
                  <td>{d.attempts.length}</td>
                  <td>{fmtDate(d.created_at)}</td>
                  <td>
                    <button type="button" className="btn btn-small" onClick={() => void redeliver.run(d.id)}>
                      {t('webhooks.redeliver')}
                      <span className="sr-only"> {eventName(t, d.event_type)}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
