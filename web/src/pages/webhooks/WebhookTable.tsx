import type { useWebhooks } from '../../api/hooks/webhooks';
import { useWebhookWrites } from '../../api/hooks/webhooks';
import { useI18n } from '../../i18n/i18n';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import { eventName } from './event-types';

type Webhook = NonNullable<ReturnType<typeof useWebhooks>['data']>[number];

/** The endpoints with their actions: test, rotate the secret (shown once by `onSecret`), deliveries, pause, delete. */
export function WebhookTable({
  webhooks,
  selected,
  onSelect,
  onSecret,
}: {
  webhooks: Webhook[];
  selected: string | null;
  onSelect: (id: string | null) => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useI18n();
  const writes = useWebhookWrites();
  const rotate = useSubmit(async (id: string) => {
    const w = await writes.rotateSecret(id);
    onSecret(w.secret);
  });
  const sendTest = useSubmit(async (id: string) => {
    await writes.sendTest(id);
    onSelect(id);
  });
  const toggle = useSubmit((id: string, enabled: boolean) => writes.setEnabled(id, enabled));
  const remove = useSubmit(async (id: string) => {
    await writes.remove(id);
    if (selected === id) onSelect(null);
  });
  const problem = rotate.problem ?? sendTest.problem ?? toggle.problem ?? remove.problem;
  return (
    <>
      <ProblemAlert problem={problem} />
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
          {webhooks.map((w) => (
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
                <button type="button" className="btn btn-small" onClick={() => onSelect(w.id)}>
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
    </>
  );
}
