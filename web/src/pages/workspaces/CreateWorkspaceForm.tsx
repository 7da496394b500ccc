import { Link } from 'react-router';
import { createWorkspace } from '@qrs/sdk/forms';
import type { Problem } from '../../api/client';
import type { useUsage } from '../../api/hooks/organization';
import { useWorkspaceWrites } from '../../api/hooks/workspaces';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { planName } from '../../ui/plan-name';
import { useApiForm } from '../../ui/use-api-form';

type Usage = NonNullable<ReturnType<typeof useUsage>['data']>;

function PlanLimit({ plan, limit, live }: { plan: string; limit: string; live: boolean }) {
  const { t } = useI18n();
  return (
    <div className="alert alert-warn" {...(live ? { role: 'alert' } : { id: 'ws-limit' })} data-testid="plan-limit">
      <p>{t('ws.planLimit', { plan: planName(t, plan), limit })}</p>
      <p>
        <Link to="/billing">{t('usage.upgrade')}</Link>
      </p>
    </div>
  );
}

const isLimit = (p: Problem | null) => (p && p.type.endsWith('/plan-limit-exceeded') ? p : null);

/** The new-workspace form; `full` when the plan allows no more (the server would answer 403). */
export function CreateWorkspaceForm({ full }: { full: Usage | null }) {
  const { t } = useI18n();
  const { refresh } = useSession();
  const writes = useWorkspaceWrites();
  const form = useApiForm({ body: createWorkspace, defaults: { name: '', slug: '' } });
  const limitProblem = isLimit(form.problem);
  return (
    <>
      {full ? (
        <PlanLimit plan={full.plan} limit={String(full.workspaces.limit)} live={false} />
      ) : limitProblem ? (
        <PlanLimit plan={String(limitProblem.plan ?? '')} limit={String(limitProblem.limit ?? '')} live />
      ) : (
        <ProblemAlert problem={form.problem} fields={form.fields} />
      )}
      <form
        className="narrow"
        onSubmit={form.submit(async (body) => {
          await writes.create(body);
          form.reset();
          await refresh();
        })}
        noValidate
      >
        <fieldset className="plain" disabled={!!full} aria-describedby={full ? 'ws-limit' : undefined}>
          <legend className="sr-only">{t('ws.create')}</legend>
          <FormField form={form} name="name" label={t('ws.name')}>
            {(p) => <input {...p} />}
          </FormField>
          <FormField form={form} name="slug" label={t('ws.slug')} hint={t('ws.slugHint')}>
            {(p) => <input {...p} />}
          </FormField>
          <button className="btn btn-primary" disabled={form.busy}>
            {t('ws.create')}
          </button>
        </fieldset>
      </form>
    </>
  );
}
