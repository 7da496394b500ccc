import { useState } from 'react';
import { operatorSetLimits } from '@qrs/sdk/forms';
import { useI18n } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import { ProblemAlert, useErrorText } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';
import {
  useOperatorLimits,
  useSetLimits,
  type InstanceLimits,
  type LimitsOverrides,
} from '../../api/hooks/operatorLimits';
import {
  LimitsPlan,
  MB,
  QUOTAS,
  shown,
  type LimitsValues,
  type PlanName,
  type PlanValues,
  type Quota,
} from './LimitsPlan';

type Values = LimitsValues;

const fromLimits = (l: InstanceLimits): Values => ({
  plans: Object.fromEntries(
    Object.entries(l.plans).map(([p, q]) => [
      p,
      Object.fromEntries(QUOTAS.map((k) => [k, shown(k, q[k])])) as PlanValues,
    ]),
  ),
  invitations_per_day: String(l.invitations_per_day),
  verified_mail_only: l.verified_mail_only,
});

/** Typed text as the API's number: '' is unlimited; what is no number goes as typed, for the API to name. */
function parse(q: Quota | 'count', text: string): number | null {
  const s = text.trim();
  if (!s) return null;
  const n = Number(s.replace(',', '.'));
  if (!Number.isFinite(n)) return s as unknown as number;
  return q === 'max_storage_bytes' ? Math.round(n * MB) : n;
}

/** Only what differs from the environment becomes the operator's: the rest follows the environment. */
function toBody(v: Values, l: InstanceLimits): LimitsOverrides {
  const plans: NonNullable<LimitsOverrides['plans']> = {};
  for (const [p, q] of Object.entries(v.plans)) {
    const env = l.defaults.plans[p as PlanName];
    for (const k of QUOTAS) {
      const n = parse(k, q[k]);
      if (n !== env[k]) plans[p as PlanName] = { ...plans[p as PlanName], [k]: n };
    }
  }
  const inv = parse('count', v.invitations_per_day);
  return {
    plans,
    ...(inv !== l.defaults.invitations_per_day ? { invitations_per_day: inv as number } : {}),
    ...(v.verified_mail_only !== l.defaults.verified_mail_only ? { verified_mail_only: v.verified_mail_only } : {}),
  };
}

function LimitsForm({ limits }: { limits: InstanceLimits }) {
  const { t, fmtDate } = useI18n();
  const save = useSetLimits();
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm({
    body: operatorSetLimits,
    defaults: fromLimits(limits),
    toBody: (v: Values) => toBody(v, limits),
  });
  const from = (set: boolean, value: string) => t(set ? 'opl.inForce.operator' : 'opl.inForce.env', { value });
  return (
    <form
      noValidate
      data-testid="op-limits-form"
      onSubmit={form.submit(async (body) => {
        setDone(null);
        await save.mutateAsync(body);
        setDone(t('opl.saved'));
      })}
    >
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <p role="status">{done}</p>
      {limits.updated_at ? <p className="muted">{t('opl.updated', { date: fmtDate(limits.updated_at) })}</p> : null}
      {Object.keys(limits.plans).map((p) => (
        <LimitsPlan key={p} plan={p as PlanName} limits={limits} form={form} />
      ))}
      <FormField
        form={form}
        name="invitations_per_day"
        label={t('opl.invitations')}
        hint={from(limits.overrides.invitations_per_day !== undefined, String(limits.invitations_per_day))}
      >
        {(p) => <input {...p} inputMode="numeric" />}
      </FormField>
      <label className="checkbox">
        <input type="checkbox" {...form.register('verified_mail_only')} /> {t('opl.verified')}
      </label>
      <p className="muted small">
        {from(limits.overrides.verified_mail_only !== undefined, t(limits.verified_mail_only ? 'opl.yes' : 'opl.no'))}
      </p>
      <button className="btn btn-primary" disabled={form.busy}>
        {t('opl.save')}
      </button>
    </form>
  );
}

/** The abuse limits (docs/decisions/0076-operator-announcements-and-limits.md), saved with PUT. */
export function Limits() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const limits = useOperatorLimits();
  return (
    <section>
      <h1>{t('opl.title')}</h1>
      <p className="muted">{t('opl.intro')}</p>
      {limits.isPending ? <p>{t('app.loading')}</p> : null}
      {limits.error ? <p role="alert">{errorText(limits.error)}</p> : null}
      {limits.data ? <LimitsForm limits={limits.data} /> : null}
    </section>
  );
}
