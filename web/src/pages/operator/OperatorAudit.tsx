import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { AuditList } from './AuditList';

const FIELDS = ['target_id', 'action'] as const;

/** The instance audit log (GET /v1/operator/audit), filtered by target or action through the address. */
export function OperatorAudit() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const applied = { target_id: params.get('target_id') ?? '', action: params.get('action') ?? '' };
  const [draft, setDraft] = useState(applied);
  return (
    <section>
      <h1>{t('op.audit.title')}</h1>
      <p className="muted">{t('op.audit.hint')}</p>
      <form
        className="filters"
        aria-label={t('op.audit.title')}
        onSubmit={(e) => {
          e.preventDefault();
          setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim())));
        }}
      >
        {FIELDS.map((f) => (
          <label key={f}>
            {t(f === 'target_id' ? 'op.audit.target' : 'op.audit.action')}
            <input
              value={draft[f]}
              maxLength={100}
              placeholder={f === 'target_id' ? 'org_…' : 'organization.plan_changed'}
              onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
            />
          </label>
        ))}
        <button className="btn">{t('op.audit.apply')}</button>
      </form>
      <AuditList
        filter={{ target_id: applied.target_id.trim() || undefined, action: applied.action.trim() || undefined }}
      />
    </section>
  );
}
