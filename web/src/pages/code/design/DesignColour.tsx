import { Controller } from 'react-hook-form';
import { ColourInput } from '../../../ui/ColourInput';
import { Field } from '../../../ui/forms';
import { nameToPointer } from '../../../ui/form-pointers';
import type { DesignForm } from './props';

type ColourName = 'style.eye_color' | 'style.gradient.to' | 'style.frame.color' | 'style.frame.text_color';

/** A design colour: text and picker showing one value of the form (Controller), its errors beside it. */
export function DesignColour({
  form,
  name,
  label,
  hint,
}: {
  form: DesignForm;
  name: ColourName;
  label: string;
  hint: string;
}) {
  const pointer = nameToPointer(name);
  form.shown.add(pointer);
  return (
    <Field label={label} pointer={pointer} errors={form.fields} hint={hint}>
      {(p) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <ColourInput
              {...p}
              label={label}
              unset={name === 'style.frame.text_color' ? '#ffffff' : '#000000'}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </Field>
  );
}
