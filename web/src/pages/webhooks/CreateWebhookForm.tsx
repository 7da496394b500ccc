import { createWebhook } from '@qrs/sdk/forms';
import { useWebhookWrites } from '../../api/hooks/webhooks';
import { useI18n } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';
import { EVENT_TYPES, eventName } from './event-types';

/** A new endpoint and the event types it receives; its signing secret goes to `onCreated`, shown once. */
export function CreateWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t } = useI18n();
  const writes = useWebhookWrites();
  const form = useApiForm({ body: createWebhook, defaults: { url: '', event_types: ['*'] } });
  return (
    <>
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <form
        className="narrow"
        onSubmit={form.submit(async (body) => {
          const w = await writes.create(body);
          onCreated(w.secret);
          form.setValue('url', '');
        })}
        noValidate
      >
        <FormField form={form} name="url" label={t('webhooks.url')}>
          {(p) => <input {...p} type="url" />}
        </FormField>
        <fieldset className="webhook-types">
          <legend>{t('webhooks.eventTypes')}</legend>
          {EVENT_TYPES.map((type) => (
            <label key={type}>
              <input type="checkbox" value={type} {...form.register('event_types')} />{' '}
              {type === '*' ? t('webhooks.allTypes') : eventName(t, type)}{' '}
              {type === '*' ? null : <code className="muted small">{type}</code>}
            </label>
          ))}
        </fieldset>
        <button className="btn btn-primary" disabled={form.busy}>
          {t('webhooks.create')}
        </button>
      </form>
    </>
  );
}
