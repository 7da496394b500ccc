import { useEffect, useState } from 'react';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
  type NotificationPreferences as Prefs,
} from '../../api/hooks/notifications';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { ProblemAlert, useSubmit } from '../../ui/forms';

type Kind = keyof Prefs;
type Channel = 'in_app' | 'email';

/**
 * Each kind of notification on or off, in the dashboard and by e-mail (docs/decisions.md D64): one
 * table of checkboxes, saved together. `#notifications` is where every mail's settings link lands.
 */
export function NotificationPreferences() {
  const { t } = useI18n();
  const saved = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [prefs, setPrefs] = useState<Prefs | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (saved.data && !prefs) setPrefs(saved.data);
  }, [saved.data, prefs]);
  const submit = useSubmit(async () => {
    if (prefs) setPrefs(await save(prefs));
    setDone(true);
  });
  const kinds = prefs ? (Object.keys(prefs) as Kind[]) : [];
  const toggle = (kind: Kind, channel: Channel, on: boolean) => {
    setDone(false);
    setPrefs((p) => (p ? { ...p, [kind]: { ...p[kind], [channel]: on } } : p));
  };
  return (
    <section className="account-section" id="notifications" aria-labelledby="notifications-prefs-head">
      <h2 id="notifications-prefs-head">{t('notifications.prefs.title')}</h2>
      <p>{t('notifications.prefs.intro')}</p>
      {done ? (
        <p role="status" className="alert alert-ok">
          {t('notifications.prefs.saved')}
        </p>
      ) : null}
      <ProblemAlert problem={submit.problem} fields={submit.fields} />
      {prefs ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit.run();
          }}
        >
          <table className="notification-prefs" data-testid="notification-prefs">
            <thead>
              <tr>
                <th scope="col">{t('notifications.prefs.kind')}</th>
                <th scope="col">{t('notifications.prefs.inApp')}</th>
                <th scope="col">{t('notifications.prefs.email')}</th>
              </tr>
            </thead>
            <tbody>
              {kinds.map((kind) => {
                const label = t(`notifications.prefs.${kind}` as MessageKey);
                return (
                  <tr key={kind}>
                    <th scope="row" id={`pref-${kind}`}>
                      {label}
                    </th>
                    {(['in_app', 'email'] as const).map((channel) => (
                      <td key={channel}>
                        <input
                          type="checkbox"
                          aria-label={`${label}: ${t(channel === 'in_app' ? 'notifications.prefs.inApp' : 'notifications.prefs.email')}`}
                          data-testid={`pref-${kind}-${channel}`}
                          checked={prefs[kind][channel]}
                          onChange={(e) => toggle(kind, channel, e.target.checked)}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <button className="btn btn-primary" disabled={submit.busy}>
            {t('notifications.prefs.save')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
