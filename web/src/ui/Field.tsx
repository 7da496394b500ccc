import { useId, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';
import { place } from './field-labels';
import type { FieldErrors } from './form-problem';
import { fieldMessage } from './problem-message';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  onInput: () => void;
}

interface FieldProps {
  label: string;
  /** JSON pointer of this field in the request body, e.g. /email or /content/ssid */
  pointer?: string;
  errors?: FieldErrors;
  hint?: string;
  children: (props: FieldControlProps) => ReactNode;
}

/** Label, control, hint and the API's message for this field, wired for screen readers. */
export function Field({ label, pointer, errors, hint, children }: FieldProps) {
  const id = useId();
  const { t, fmt, lang } = useI18n();
  if (errors && pointer) place(errors, pointer, label);
  // Once the user edits the field, its message from the last submit is out of date; the next
  // submit's answer (a new errors object) shows again whatever still applies.
  const [dismissed, setDismissed] = useState<object | null>(null);
  const raw = pointer ? errors?.[pointer] : undefined;
  const shown = raw && dismissed !== errors ? raw : undefined;
  const error = typeof shown === 'object' ? fieldMessage(shown, { t, fmt, lang }, label) : shown;
  const onInput = () => {
    if (raw && errors) setDismissed(errors);
  };
  const described = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described, onInput })}
      {hint ? (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-err`} className="field-error" data-pointer={pointer}>
          {error}
        </small>
      ) : null}
    </div>
  );
}
