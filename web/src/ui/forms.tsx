import { useCallback, useId, useLayoutEffect, useState, type ReactNode } from 'react';
import { ApiError, type Problem } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { fieldMessage, problemLine, problemMessage, type FieldProblem } from './problem-message';

/** Per-field errors by JSON pointer: the API's (worded by problem-message.ts) or a form's own sentence. */
export type FieldErrors = Record<string, string | FieldProblem>;

/** The API's problem, split into per-field errors (by JSON pointer) and the rest. */
export interface FormProblem {
  problem: Problem | null;
  fields: Record<string, FieldProblem>;
}
const EMPTY: FormProblem = { problem: null, fields: {} };

export function toFormProblem(err: unknown): FormProblem {
  if (err instanceof ApiError) {
    const fields: Record<string, FieldProblem> = {};
    for (const e of err.problem.errors ?? []) fields[e.pointer] ??= e;
    return { problem: err.problem, fields };
  }
  return {
    problem: {
      type: 'about:blank',
      title: 'Error',
      status: 0,
      detail: err instanceof Error ? err.message : String(err),
    },
    fields: {},
  };
}

// Which pointers of an errors object a Field shows, and under which label: ProblemAlert words the
// others itself, so no error of the API goes unshown and none is shown twice.
const placedFields = new WeakMap<object, Map<string, string>>();
function placed(errors: object): Map<string, string> {
  let m = placedFields.get(errors);
  if (!m) placedFields.set(errors, (m = new Map()));
  return m;
}

/**
 * Runs a submit; on failure keeps every input as typed (state lives in the form, never reset
 * here) and returns the problem so fields can show their own message.
 */
export function useSubmit<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  const [state, setState] = useState<FormProblem>(EMPTY);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      setBusy(true);
      setState(EMPTY);
      try {
        return await fn(...args);
      } catch (err) {
        setState(toFormProblem(err));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [fn],
  );
  return { run, busy, ...state, clear: () => setState(EMPTY) };
}

/** problemMessage (problem-message.ts) bound to the chosen language, for displays that are not ProblemAlert. */
export function useProblemMessage() {
  const { t, fmt, lang } = useI18n();
  return useCallback(
    (problem: Problem, labels?: Record<string, string>) => problemMessage(problem, { t, fmt, lang }, labels),
    [t, fmt, lang],
  );
}

/**
 * Any error as one sentence in the chosen language (problemLine): an API problem, the problem of a
 * failed request, or anything else thrown (worded as a failed request, never its own text).
 */
export function useErrorText() {
  const { t, fmt, lang } = useI18n();
  return useCallback(
    (error: Problem | unknown, labels?: Record<string, string>) =>
      problemLine(isProblem(error) ? error : toFormProblem(error).problem!, { t, fmt, lang }, labels),
    [t, fmt, lang],
  );
}

const isProblem = (x: unknown): x is Problem =>
  typeof x === 'object' && x !== null && !(x instanceof Error) && 'type' in x && 'status' in x;

/**
 * A problem of the API in the chosen language: title, sentence, the errors no field shows. `text`
 * is the sentence a screen knows better than the problem's type (a 401 on the log-in form is a
 * wrong address or password, not an ended session).
 */
export function ProblemAlert({
  problem,
  fields,
  text,
}: {
  problem: Problem | null;
  fields?: FieldErrors;
  text?: string;
}) {
  const { t, fmt, lang } = useI18n();
  const [labels, setLabels] = useState<Record<string, string>>({});
  // Fields render after this alert; once they have, their pointers and labels are known.
  useLayoutEffect(() => {
    const m = fields ? placedFields.get(fields) : undefined;
    const next = m ? Object.fromEntries(m) : {};
    setLabels((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
  }, [fields, problem]);
  if (!problem) return null;
  const words = problemMessage(problem, { t, fmt, lang }, labels);
  const elsewhere = words.errors.filter((e) => !(e.pointer in labels));
  return (
    <div className="alert alert-error" role="alert" data-testid="problem">
      <strong>{words.title}</strong>
      <p>{words.errors.length && elsewhere.length < words.errors.length ? t('app.fixFields') : (text ?? words.text)}</p>
      {elsewhere.length ? (
        <ul className="problem-list">
          {elsewhere.map((e, i) => (
            <li key={i}>{e.message}</li>
          ))}
        </ul>
      ) : null}
      {words.original ? (
        <details className="small">
          <summary>{t('problem.original')}</summary>
          <p lang="en">{words.original}</p>
        </details>
      ) : null}
      {problem.request_id ? <p className="muted small">{t('app.requestId', { id: problem.request_id })}</p> : null}
    </div>
  );
}

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
  if (errors && pointer) placed(errors).set(pointer, label);
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

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useI18n();
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
        } catch {
          /* clipboard may be denied; the text stays selectable */
        }
        setDone(true);
        setTimeout(() => setDone(false), 2000);
      }}
    >
      {done ? t('app.copied') : (label ?? t('app.copy'))}
      <span className="sr-only" aria-live="polite">
        {done ? t('app.copied') : ''}
      </span>
    </button>
  );
}

/** Saves a blob under a file name (downloads, PDF export). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
