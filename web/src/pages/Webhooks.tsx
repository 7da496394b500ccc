import { useState } from 'react';
import { ApiError } from '../api/client';
import { useWebhooks } from '../api/hooks/webhooks';
import { useI18n } from '../i18n/i18n';
import { CopyButton } from '../ui/forms';
import { lazyForm } from '../ui/lazy-form';
import { Deliveries } from './webhooks/Deliveries';
import { WebhookTable } from './webhooks/WebhookTable';
import './webhooks.css';

const CreateWebhookForm = lazyForm(() => import('./webhooks/CreateWebhookForm').then((m) => m.CreateWebhookForm));

export function Webhooks() {
  const { t } = useI18n();
  const hooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  if (hooks.error instanceof ApiError && hooks.error.status === 403)
    return (
      <section>
        <h1>{t('webhooks.title')}</h1>
        <p>{t('webhooks.adminOnly')}</p>
      </section>
    );
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
      <CreateWebhookForm onCreated={setSecret} />
      {hooks.data && hooks.data.length === 0 ? (
        <p>{t('webhooks.empty')}</p>
      ) : (
        <WebhookTable webhooks={hooks.data ?? []} selected={selected} onSelect={setSelected} onSecret={setSecret} />
      )}
      {selected ? <Deliveries webhookId={selected} /> : null}
    </section>
  );
}
