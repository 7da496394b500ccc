import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { ConfirmGroup } from '../../ui/ConfirmGroup';
import { useUnsuspendOrganization } from '../../api/hooks/operator-accounts/use-unsuspend-organization';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import type { Schemas } from '../../api/client';
import { SuspendForm } from './SuspendForm';

type Org = Schemas['OperatorOrganization'];

/** Whether the organization is suspended (since when, why, what its codes answer), and the change of it. */
export function Suspension({ org }: { org: Org }) {
  const { t, fmtDate } = useI18n();
  return (
    <section className="account-section" aria-labelledby="op-susp-head" data-testid="op-suspension">
      <h2 id="op-susp-head">{t('opx.susp.title')}</h2>
      {org.suspended_at && org.suspension ? (
        <>
          <dl className="operator-facts" data-testid="op-suspension-state">
            <div>
              <dt>{t('opx.susp.since')}</dt>
              <dd>{fmtDate(org.suspended_at)}</dd>
            </div>
            <div>
              <dt>{t('opx.susp.reason')}</dt>
              <dd>{org.suspension.reason}</dd>
            </div>
            <div>
              <dt>{t('opx.susp.redirects')}</dt>
              <dd>{t(`opx.susp.${org.suspension.redirects}`)}</dd>
            </div>
          </dl>
          <Unsuspend org={org} />
        </>
      ) : (
        <>
          <p>{t('opx.susp.active')}</p>
          <SuspendForm org={org} />
        </>
      )}
    </section>
  );
}

function Unsuspend({ org }: { org: Org }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const lift = useUnsuspendOrganization(org.id);
  const s = useSubmit(() => lift.mutateAsync());
  return (
    <div>
      <ProblemAlert problem={s.problem} fields={s.fields} />
      {asking ? (
        <ConfirmGroup
          label={t('opx.susp.lift')}
          testId="op-unsuspend-confirm"
          busy={s.busy}
          onConfirm={() => s.run()}
          onCancel={() => setAsking(false)}
        >
          <p>{t('opx.susp.liftConfirm', { org: org.name })}</p>
        </ConfirmGroup>
      ) : (
        <button type="button" className="btn" data-testid="op-unsuspend" onClick={() => setAsking(true)}>
          {t('opx.susp.lift')}
        </button>
      )}
    </div>
  );
}
