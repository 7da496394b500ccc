import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useSuspendOrganization, type Redirects } from '../../api/hooks/operator-accounts/use-suspend-organization';
import { useUnsuspendOrganization } from '../../api/hooks/operator-accounts/use-unsuspend-organization';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import type { Schemas } from '../../api/client';

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
        <div role="group" aria-label={t('opx.susp.lift')} data-testid="op-unsuspend-confirm">
          <p>{t('opx.susp.liftConfirm', { org: org.name })}</p>
          <button type="button" className="btn btn-primary" disabled={s.busy} onClick={() => void s.run()}>
            {t('app.confirm')}
          </button>{' '}
          <button type="button" className="btn" onClick={() => setAsking(false)}>
            {t('app.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="btn" data-testid="op-unsuspend" onClick={() => setAsking(true)}>
          {t('opx.susp.lift')}
        </button>
      )}
    </div>
  );
}

function SuspendForm({ org }: { org: Org }) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [redirects, setRedirects] = useState<Redirects>('keep');
  const [asking, setAsking] = useState(false);
  const suspend = useSuspendOrganization(org.id);
  const s = useSubmit(() => suspend.mutateAsync({ reason: reason.trim(), redirects }));
  return (
    <form
      data-testid="op-suspend-form"
      onSubmit={(e) => {
        e.preventDefault();
        setAsking(true);
      }}
    >
      <ProblemAlert problem={s.problem} fields={s.fields} />
      <Field label={t('opx.susp.reason')} pointer="/reason" errors={s.fields} hint={t('opx.susp.reasonHint')}>
        {(p) => (
          <textarea
            {...p}
            required
            maxLength={500}
            value={reason}
            data-testid="op-suspend-reason"
            onChange={(e) => {
              p.onInput();
              setReason(e.target.value);
            }}
          />
        )}
      </Field>
      <fieldset>
        <legend>{t('opx.susp.redirects')}</legend>
        {(['keep', 'neutral_page'] as const).map((r) => (
          <label key={r} className="radio">
            <input
              type="radio"
              name="redirects"
              value={r}
              checked={redirects === r}
              data-testid={`op-suspend-${r}`}
              onChange={() => setRedirects(r)}
            />{' '}
            {t(`opx.susp.${r}`)}
          </label>
        ))}
      </fieldset>
      {asking ? (
        <div role="group" aria-label={t('opx.susp.do')} data-testid="op-suspend-confirm">
          <p>{t('opx.susp.confirm', { org: org.name, redirects: t(`opx.susp.${redirects}`) })}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={s.busy}
            onClick={() => void s.run().then(() => setAsking(false))}
          >
            {t('app.confirm')}
          </button>{' '}
          <button type="button" className="btn" onClick={() => setAsking(false)}>
            {t('app.cancel')}
          </button>
        </div>
      ) : (
        <button className="btn" data-testid="op-suspend">
          {t('opx.susp.do')}
        </button>
      )}
    </form>
  );
}
