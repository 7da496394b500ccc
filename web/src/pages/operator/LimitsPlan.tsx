import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { FormField } from '../../ui/FormField';
import type { ApiForm } from '../../ui/use-api-form';
import { planName } from '../../ui/plan-name';
import type { InstanceLimits } from '../../api/hooks/operatorLimits';

export const MB = 1024 * 1024;
export const QUOTAS = ['max_storage_bytes', 'max_files', 'max_logos'] as const;
export type Quota = (typeof QUOTAS)[number];
export type PlanName = keyof InstanceLimits['plans'];
/** What the form holds for one plan: the text typed ('' is unlimited; storage in MB). */
export type PlanValues = Record<Quota, string>;
/** What the limits form holds: each plan's quotas, the invitations a day, verified mail only. */
export type LimitsValues = {
  plans: Record<string, PlanValues>;
  invitations_per_day: string;
  verified_mail_only: boolean;
};

/** A quota as the form shows it: storage in MB, '' for unlimited. */
export const shown = (q: Quota, v: number | null) => (v === null ? '' : String(q === 'max_storage_bytes' ? v / MB : v));

interface Props {
  plan: PlanName;
  limits: InstanceLimits;
  form: ApiForm<LimitsValues, unknown>;
}

/** One plan's storage quotas, each with the value in force and where it comes from. */
export function LimitsPlan({ plan, limits, form }: Props) {
  const { t } = useI18n();
  const name = planName(t, plan);
  const set = limits.overrides.plans?.[plan];
  const hint = (q: Quota) => {
    const v = limits.plans[plan][q];
    const value = v === null ? t('opl.unlimited') : shown(q, v);
    return t(set?.[q] !== undefined ? 'opl.inForce.operator' : 'opl.inForce.env', { value });
  };
  return (
    <fieldset data-testid={`op-limits-${plan}`}>
      <legend>{name}</legend>
      {QUOTAS.map((q) => (
        <FormField
          key={q}
          form={form}
          name={`plans.${plan}.${q}`}
          label={t(`opl.${q}` as MessageKey, { plan: name })}
          hint={hint(q)}
        >
          {(p) => <input {...p} inputMode="numeric" />}
        </FormField>
      ))}
    </fieldset>
  );
}
