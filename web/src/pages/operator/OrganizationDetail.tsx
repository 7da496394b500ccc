import { Link, useParams } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { useOperatorOrganization } from '../../api/hooks/operator';
import { useErrorText } from '../../ui/forms';
import { planName } from '../../ui/plan-name';
import { useBytes } from './figures';
import { PlanChange } from './PlanChange';
import { AuditList } from './AuditList';
import { Suspension } from './Suspension';
import { OrgInvitations } from './OrgInvitations';
import { EraseOrganization } from './EraseOrganization';

/** One organization: what it uses, its plan and the change of it, and what operators did here. */
export function OrganizationDetail() {
  const { id = '' } = useParams();
  const { t, fmtNumber, fmtDate } = useI18n();
  const bytes = useBytes();
  const errorText = useErrorText();
  const org = useOperatorOrganization(id);
  const back = <Link to="/operator/organizations">{t('op.org.back')}</Link>;
  if (org.isPending) return <p>{t('app.loading')}</p>;
  if (org.error)
    return (
      <section>
        <h1>{t('op.orgs.title')}</h1>
        <p role="alert">{errorText(org.error)}</p>
        {back}
      </section>
    );
  const o = org.data;
  const figures: Array<[string, string]> = [
    [t('op.org.plan'), planName(t, o.plan)],
    [t('op.org.scans'), fmtNumber(o.usage.scans)],
    [t('op.org.dynamic'), fmtNumber(o.usage.dynamic_codes)],
    [t('op.org.storage'), bytes(o.usage.storage_bytes)],
    [t('op.org.members'), fmtNumber(o.usage.members)],
    [t('op.org.billing'), o.billing_email ?? t('app.none')],
    [t('op.org.created'), fmtDate(o.created_at)],
  ];
  return (
    <section>
      {back}
      <h1>{o.name}</h1>
      <p className="small muted">
        {o.slug} · <code>{o.id}</code> · {t('op.org.period', { period: o.usage.period })}
      </p>
      <dl className="operator-facts" data-testid="op-org-facts">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={label === t('op.org.plan') ? 'op-org-plan' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="small muted">{t('op.org.viewedNote')}</p>
      <Suspension org={o} />
      <PlanChange org={o} />
      <OrgInvitations orgId={o.id} />
      <h2>{t('op.history.title')}</h2>
      <AuditList filter={{ target_id: o.id }} />
      <EraseOrganization org={o} />
    </section>
  );
}
