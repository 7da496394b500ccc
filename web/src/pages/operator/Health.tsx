import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useOperatorHealth } from '../../api/hooks/operator';
import { useErrorText } from '../../ui/forms';
import { useBytes, useDuration } from './figures';
import { JobKinds } from './JobKinds';
import { RecentErrors } from './RecentErrors';
import { MailTest } from './MailTest';

function Card({ title, rows, id }: { title: string; rows: Array<[string, ReactNode]>; id: string }) {
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{title}</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The instance's health (GET /v1/operator/health), asked for again every 30 s. */
export function Health() {
  const { t, fmtNumber, fmtDate } = useI18n();
  const bytes = useBytes();
  const duration = useDuration();
  const errorText = useErrorText();
  const q = useOperatorHealth();
  if (q.isPending) return <p>{t('app.loading')}</p>;
  if (q.error) return <p role="alert">{errorText(q.error)}</p>;
  const h = q.data;
  const reach = (ok: boolean) => t(ok ? 'op.health.reachable' : 'op.health.unreachable');
  const n = fmtNumber;
  return (
    <section>
      <h1>{t('op.health.title')}</h1>
      <p className="muted">
        {t('op.health.hint', { hours: h.window_hours })} {t('op.health.checked', { time: fmtDate(h.checked_at) })}
      </p>
      <div className="operator-figures">
        <Card
          id="op-h-instance"
          title={t('op.health.instance')}
          rows={[
            [t('op.health.version'), h.version],
            [t('op.health.environment'), h.environment],
            [t('op.health.uptime'), duration(h.uptime_seconds)],
          ]}
        />
        <Card
          id="op-h-database"
          title={t('op.health.database')}
          rows={[
            [t('op.health.dialect'), h.database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'],
            [t('op.health.state'), reach(h.database.reachable)],
            [
              t('op.health.latency'),
              h.database.latency_ms === null ? t('app.none') : t('op.health.ms', { n: n(h.database.latency_ms) }),
            ],
          ]}
        />
        <Card
          id="op-h-redis"
          title={t('op.health.redis')}
          rows={[
            [t('op.health.state'), h.redis.reachable === null ? t('op.health.redisOff') : reach(h.redis.reachable)],
          ]}
        />
        <Card
          id="op-h-scans"
          title={t('op.health.scans')}
          rows={[
            [t('op.health.pending'), n(h.scans.pending)],
            [t('op.health.lag'), t('op.health.seconds', { n: n(h.scans.lag_seconds) })],
            [t('op.health.journal'), `${t(`op.health.journal.${h.scans.journal}`)} · ${bytes(h.scans.journal_bytes)}`],
            [t('op.health.dropped'), n(h.scans.dropped)],
          ]}
        />
        <Card
          id="op-h-deliveries"
          title={t('op.health.deliveries')}
          rows={[
            [t('op.health.mailFailed'), n(h.mail.failed)],
            [t('op.health.webhooksFailed'), n(h.webhooks.failed)],
          ]}
        />
      </div>
      <JobKinds jobs={h.jobs} />
      <RecentErrors errors={h.recent_errors} />
      <MailTest />
    </section>
  );
}
