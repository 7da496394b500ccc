import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** A group of ticks for a list of values (devices, systems, days, allergens): one form value, an array. */
export function Checks<V extends FieldValues>(props: {
  label: string;
  control: Control<V>;
  name: Path<V>;
  options: readonly string[];
  /** the option's words */
  word: (o: string) => string;
  className?: string;
  /** after the ticks, inside the group (its messages) */
  children?: ReactNode;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => {
        const checked = (field.value ?? []) as string[];
        return (
          <fieldset className={props.className ?? 'checks'}>
            <legend>{props.label}</legend>
            {props.options.map((o) => (
              <label key={o} className="check-inline">
                <input
                  type="checkbox"
                  checked={checked.includes(o)}
                  onChange={(e) =>
                    // In the options' order, as the API lists them back.
                    field.onChange(props.options.filter((x) => (x === o ? e.target.checked : checked.includes(x))))
                  }
                />{' '}
                {props.word(o)}
              </label>
            ))}
            {props.children}
          </fieldset>
        );
      }}
    />
  );
}
