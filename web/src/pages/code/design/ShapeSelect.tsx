import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/en';
import { FormField } from '../../../ui/FormField';
import type { DesignForm } from './props';

/** A choice among a design option's values, or none (the default, or the brand kit's). */
export function ShapeSelect(props: {
  form: DesignForm;
  label: string;
  name: 'style.module_shape' | 'style.eye_shape' | 'style.frame.font' | 'style.gradient.direction';
  options: readonly string[];
  /** the "not set" choice; none where the field always holds a value */
  unset?: string;
}) {
  const { t } = useI18n();
  return (
    <FormField form={props.form} name={props.name} label={props.label}>
      {(p) => (
        <select {...p}>
          {props.unset !== undefined ? <option value="">{props.unset}</option> : null}
          {props.options.map((o) => (
            <option key={o} value={o}>
              {t(`design.option.${o}` as MessageKey)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
