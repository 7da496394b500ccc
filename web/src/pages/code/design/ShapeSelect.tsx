import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/en';
import { Field, type FieldErrors } from '../../../ui/forms';

/** A choice among a design option's values, or none (the default, or the brand kit's). */
export function ShapeSelect<V extends string>(props: {
  label: string;
  pointer: string;
  errors: FieldErrors;
  value: V | '';
  options: readonly V[];
  unset: string;
  onChange(v: V | ''): void;
}) {
  const { t } = useI18n();
  return (
    <Field label={props.label} pointer={props.pointer} errors={props.errors}>
      {(p) => (
        <select {...p} value={props.value} onChange={(e) => props.onChange(e.target.value as V | '')}>
          <option value="">{props.unset}</option>
          {props.options.map((o) => (
            <option key={o} value={o}>
              {t(`design.option.${o}` as MessageKey)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
