import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { Field, type FieldErrors } from '../../ui/forms';
import { planName } from '../../ui/plan-name';
import type { InstanceLimits } from '../../api/hooks/operatorLimits';

export const MB = 1024 * 1024;
export const QUOTAS = ['max_storage_bytes', 'max_files', 'max_logos'] as const;
export type Quota = (typeof QUOTAS)[number];
export type PlanName = keyof InstanceLimits['plans'];
/** What the form holds for one plan: the text typed ('' is unlimited; storage in MB). */
export type PlanValues = Record<Quota, string>;

/** A quota as the form shows it: storage in MB, '' for unlimited. */
export const shown = (q: Quota, v: number | null) => (v === null ? '' : String(q === 'max_storage_bytes' ? v / MB : v));

interface Props {
  plan: PlanName;
  limits: InstanceLimits;
  values: PlanValues;
  errors: FieldErrors;
  onChange: (q: Quota, value: string) => void;
}

/** One plan's storage quotas, each with the value in force and where it comes from. */
export function LimitsPlan({ plan, limits, values, errors, onChange }: Props) {
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
        <Field
          key={q}
          label={t(`opl.${q}` as MessageKey, { plan: name })}
          pointer={`/plans/${plan}/${q}`}
          errors={errors}
          hint={hint(q)}
        >
          {(p) => (
            <input
              {...p}
              inputMode="numeric"
              value={values[q]}
              onChange={(e) => {
                p.onInput();
                onChange(q, e.target.value);
              }}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );
}
