import { useState } from 'react';
import { ApiError } from '../api/client';
import { useWebhookDeliveries, useWebhooks, useWebhookWrites } from '../api/hooks/webhooks';
import { useI18n } from '../i18n/i18n';
import { en, type MessageKey } from '../i18n/en';
import { CopyButton, Field, ProblemAlert, useSubmit } from '../ui/forms';
import './webhooks.css';

// The subscribable event types (docs/webhooks.md); '*' is every one but code.scanned.
const EVENT_TYPES = [
  '*',
  'code.created',
  'code.updated',
  'code.deleted',
  'code.approved',
  'code.rejected',
  'code.scanned',
  'workspace.created',
  'workspace.updated',
  'workspace.archived',
  'api_key.created',
  'api_key.revoked',
  'dpp.created',
  'dpp.published',
  'dpp.archived',
  'conversion.created',
  'usage.threshold_reached',
];

/** An event type in words; one the dashboard does not know yet keeps its name. */
function eventName(t: (key: MessageKey) => string, type: string): string {
  const key = `words.event.${type}`;
  return key in en ? t(key as MessageKey) : type;
}

function Deliveries({ webhookId }: { webhookId: string }) {
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

export function Webhooks() {
  const { t } = useI18n();
  const writes = useWebhookWrites();
  const hooks = useWebhooks();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<string[]>(['*']);
  const [secret, setSecret] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const create = useSubmit(async () => {
    const w = await writes.create({ url, event_types: types });
    setSecret(w.secret);
    setUrl('');
  });
  const rotate = useSubmit(async (id: string) => {
    const w = await writes.rotateSecret(id);
    setSecret(w.secret);
  });
  const sendTest = useSubmit(async (id: string) => {
    await writes.sendTest(id);
    setSelected(id);
  });
  const toggle = useSubmit((id: string, enabled: boolean) => writes.setEnabled(id, enabled));
  const remove = useSubmit(async (id: string) => {
    await writes.remove(id);
    if (selected === id) setSelected(null);
  });
  if (hooks.error instanceof ApiError && hooks.error.status === 403)
    return (
      <section>
        <h1>{t('webhooks.title')}</h1>
        <p>{t('webhooks.adminOnly')}</p>
      </section>
    );
  const problem = rotate.problem ?? sendTest.problem ?? toggle.problem ?? remove.problem;
  return (
    <section>
      <h1>{t('webhooks.title')}</h1>
      <p>{t('webhooks.intro')}</p>
      {secret ? (
        <div className="alert alert-warn" role="alert" data-testid="webhook-secret">
          <h2>{t('webhooks.secretTitle')}</h2>
          <p>
            <strong>{t('webhooks.secretWarning')}</strong>
          </p>
          <p>
            <code className="secret">{secret}</code> <CopyButton text={secret} />
          </p>
          <button type="button" className="btn btn-small" onClick={() => setSecret(null)}>
            {t('app.close')}
          </button>
        </div>
      ) : null}
      <ProblemAlert problem={create.problem} fields={create.fields} />
      <form
        className="narrow"
        onSubmit={(e) => {
          e.preventDefault();
          void create.run();
        }}
        noValidate
      >
        <Field label={t('webhooks.url')} pointer="/url" errors={create.fields}>
          {(p) => <input {...p} type="url" value={url} onChange={(e) => setUrl(e.target.value)} />}
        </Field>
        <fieldset className="webhook-types">
          <legend>{t('webhooks.eventTypes')}</legend>
          {EVENT_TYPES.map((type) => (
            <label key={type}>
              <input
                type="checkbox"
                checked={types.includes(type)}
                onChange={(e) => setTypes(e.target.checked ? [...types, type] : types.filter((x) => x !== type))}
              />{' '}
              {type === '*' ? t('webhooks.allTypes') : eventName(t, type)}{' '}
              {type === '*' ? null : <code className="muted small">{type}</code>}
            </label>
          ))}
        </fieldset>
        <button className="btn btn-primary" disabled={create.busy}>
          {t('webhooks.create')}
        </button>
      </form>
      <ProblemAlert problem={problem} />
      {hooks.data && hooks.data.length === 0 ? (
        <p>{t('webhooks.empty')}</p>
      ) : (
        <table className="table" data-testid="webhooks-table">
          <thead>
            <tr>
              <th scope="col">{t('webhooks.url')}</th>
              <th scope="col">{t('webhooks.eventTypes')}</th>
              <th scope="col">{t('webhooks.state')}</th>
              <th scope="col">{t('webhooks.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(hooks.data ?? []).map((w) => (
              <tr key={w.id}>
                <td>
                  <code>{w.url}</code>
                </td>
                <td>{w.event_types.map((x) => (x === '*' ? t('webhooks.allTypes') : eventName(t, x))).join(', ')}</td>
                <td>
                  {w.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
                  {w.disabled_reason ? <span className="small"> ({w.disabled_reason})</span> : null}
                </td>
                <td className="webhook-actions">
                  <button type="button" className="btn btn-small" onClick={() => void sendTest.run(w.id)}>
                    {t('webhooks.test')}
                  </button>
                  <button type="button" className="btn btn-small" onClick={() => void rotate.run(w.id)}>
                    {t('webhooks.rotate')}
                  </button>
                  <button type="button" className="btn btn-small" onClick={() => setSelected(w.id)}>
                    {t('webhooks.showDeliveries')}
                  </button>
                  <button type="button" className="btn btn-small" onClick={() => void toggle.run(w.id, !w.enabled)}>
                    {w.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                  </button>
                  <button type="button" className="btn btn-danger btn-small" onClick={() => void remove.run(w.id)}>
                    {t('webhooks.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {selected ? <Deliveries webhookId={selected} /> : null}
    </section>
  );
}
