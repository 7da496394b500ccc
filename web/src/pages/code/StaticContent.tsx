import { useI18n } from '../../i18n/i18n';

/**
 * What a static code holds, in place of the analytics it cannot have: its QR encodes the content
 * itself, so scans never reach the service. A Wi-Fi password stays hidden here as in the list.
 */
export function StaticContent({ content }: { content: Record<string, unknown> | null }) {
  const { t } = useI18n();
  const entries = Object.entries(content ?? {}).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <section aria-labelledby="static-content" data-testid="static-content">
      <h2 id="static-content">{t('detail.content')}</h2>
      <dl className="billing-facts">
        {entries.map(([k, v]) => (
          <div key={k} className="contents">
            <dt>{k.replace(/_/g, ' ')}</dt>
            <dd className="pre-wrap">
              {k === 'password' ? '••••••••' : typeof v === 'object' ? JSON.stringify(v) : String(v)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted">{t('detail.staticNoScans')}</p>
    </section>
  );
}
