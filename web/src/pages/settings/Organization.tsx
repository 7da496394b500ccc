import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { useCan } from '../../ui/can';
import { ProblemAlert, queryProblem } from '../../ui/forms';
import { lazyForm } from '../../ui/lazy-form';
import { useOrganization, useUsage } from '../../api/hooks/organization';
import '../team/team.css';
import { planName } from '../../ui/plan-name';
import { DeleteOrganization } from './organization/DeleteOrganization';
import { NewOrganization } from './NewOrganization';

const OrganizationForm = lazyForm(() => import('./organization/OrganizationForm').then((m) => m.OrganizationForm));

/** Name, slug, billing e-mail, plan and usage; deleting the organization needs its slug typed. */
export function OrganizationSettings() {
  const { t, fmtNumber } = useI18n();
  const { me } = useSession();
  const canDelete = useCan('organizations.delete');
  const org = useOrganization(me?.current.organization_id);
  const usage = useUsage();
  const problem = queryProblem(org);
  if (problem.alone) return <ProblemAlert problem={problem.alone} />;
  if (!org.data) return <p>{t('app.loading')}</p>;
  return (
    <section>
      <ProblemAlert problem={problem.above} />
      <h1>{t('org.title')}</h1>
      <OrganizationForm key={org.data.id} organization={org.data} />
      <h2>{t('org.plan')}</h2>
      <dl className="org-plan" data-testid="org-plan">
        <dt>{t('org.plan')}</dt>
        <dd>{planName(t, org.data.plan)}</dd>
        {usage.data ? (
          <>
            <dt>{t('usage.scans')}</dt>
            <dd>
              {t('usage.meter', { used: fmtNumber(usage.data.scans.used), limit: fmtNumber(usage.data.scans.limit) })}
            </dd>
            <dt>{t('usage.dynamic')}</dt>
            <dd>
              {t('usage.meter', {
                used: fmtNumber(usage.data.dynamic_codes.used),
                limit: fmtNumber(usage.data.dynamic_codes.limit),
              })}
            </dd>
          </>
        ) : null}
      </dl>
      <NewOrganization />
      {canDelete ? <DeleteOrganization id={org.data.id} slug={org.data.slug} /> : null}
    </section>
  );
}
