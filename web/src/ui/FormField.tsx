import type { ReactNode } from 'react';
import type { FieldValues, Path, RegisterOptions, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { Field, type FieldControlProps } from './Field';
import type { FieldErrors } from './form-problem';
import { nameToPointer } from './form-pointers';

interface FormFieldProps<V extends FieldValues> {
  /** The form of useApiForm (use-api-form.ts). */
  form: Pick<UseFormReturn<V>, 'register'> & { fields: FieldErrors; shown: Set<string> };
  /** The field's name, which is its place in the body: `content.ssid` is `/content/ssid`. */
  name: Path<V>;
  label: string;
  hint?: string;
  rules?: RegisterOptions<V, Path<V>>;
  children: (props: FieldControlProps & UseFormRegisterReturn<Path<V>>) => ReactNode;
}

/** A Field of a useApiForm form: registered under its name, showing its own errors (by pointer). */
export function FormField<V extends FieldValues>({ form, name, label, hint, rules, children }: FormFieldProps<V>) {
  const pointer = nameToPointer(name);
  form.shown.add(pointer);
  return (
    <Field label={label} hint={hint} pointer={pointer} errors={form.fields}>
      {(p) => children({ ...p, ...form.register(name, rules) })}
    </Field>
  );
}
