import { useMemo, useRef, useState } from 'react';
import {
  get,
  set,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { bodyErrors } from '@qrs/sdk/forms';
import type { Problem } from '../api/client';
import { toFormProblem, type FieldErrors } from './form-problem';
import { errorsByPointer, pointerToName } from './form-pointers';

/** An operation's request body from `@qrs/sdk/forms` (its generated validator is what is used). */
type BodyCheck = Parameters<typeof bodyErrors>[0];

export interface ApiFormOptions<V extends FieldValues, B> {
  /** The values the form starts with (and `reset()` returns to). */
  defaults: DefaultValues<V>;
  /** The operation's request body (`import { createWorkspace } from '@qrs/sdk/forms'`): checked before sending. */
  body?: BodyCheck;
  /**
   * What is sent, from what is typed (an empty optional field left out, a number parsed). The
   * body's JSON pointers name the fields: `/content/ssid` is the field registered as `content.ssid`.
   */
  toBody?: (values: V) => B;
}

export interface ApiForm<V extends FieldValues, B> extends UseFormReturn<V> {
  /** The API's problem of the last submit (null after a submit that passed or never reached it). */
  problem: Problem | null;
  /** Every field's error by JSON pointer, for `<Field errors>` and `<ProblemAlert fields>`. */
  fields: FieldErrors;
  busy: boolean;
  /** The pointers a FormField of this form shows: only their errors keep a body from being sent. */
  shown: Set<string>;
  /** Forgets the last submit's problem and every field's error (a step back, a cancelled edit). */
  clear: () => void;
  /**
   * The form's onSubmit: checks the body by the API's schema, then `send`s it; the API's problem
   * lands on its fields (`setError`) and in `problem`. What was typed is kept either way.
   */
  submit: (send: (body: B, values: V) => Promise<unknown>) => (e?: React.BaseSyntheticEvent) => Promise<void>;
}

/**
 * The resolver: the body's errors by the schema the server validates with, each on the field its
 * pointer names. An error no FormField of the form shows is left to the server's answer, where
 * ProblemAlert lists it, so a form never refuses silently.
 */
function bodyResolver<V extends FieldValues, B>(
  body: BodyCheck | undefined,
  toBody: () => (v: V) => B,
  shown: Set<string>,
): Resolver<V> {
  return async (values, _context, options) => {
    const errors: Record<string, unknown> = {};
    if (body) {
      for (const e of bodyErrors(body, toBody()(values))) {
        const name = pointerToName(e.pointer);
        if (!shown.has(e.pointer) || !options.names?.includes(name as never) || get(errors, name)) continue;
        set(errors, name, { type: e.code, message: e.detail });
      }
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as never } : { values, errors: {} };
  };
}

const same = <T>(v: T) => v as unknown;

/** The problem a body the schema refuses gets from the server (src/http/problem.ts), without its request id. */
const REFUSED = { type: '/docs/errors/validation-error', title: 'Unprocessable Entity', status: 422 } as const;

/**
 * A form wired once: react-hook-form with the API's schema as resolver (the request-body
 * validators generated into `@qrs/sdk/forms` by `npm run sdk:types`) and the API's problem on the
 * fields it names. See docs/dashboard.md, "Forms".
 */
export function useApiForm<V extends FieldValues, B = V>(options: ApiFormOptions<V, B>): ApiForm<V, B> {
  const toBody = useRef(options.toBody ?? (same as (v: V) => B));
  toBody.current = options.toBody ?? (same as (v: V) => B);
  const [shown] = useState(() => new Set<string>());
  const [resolver] = useState(() => bodyResolver<V, B>(options.body, () => toBody.current, shown));
  const form = useForm<V>({ defaultValues: options.defaults, resolver });
  const [problem, setProblem] = useState<Problem | null>(null);
  const flat = errorsByPointer(form.formState.errors);
  const key = JSON.stringify(flat);
  // One object while the errors stay the same (`key`): Field and ProblemAlert key their state on it.
  const fields = useMemo(() => flat, [key]);
  const submit: ApiForm<V, B>['submit'] = (send) =>
    form.handleSubmit(
      async (values) => {
        setProblem(null);
        try {
          await send(toBody.current(values), values);
        } catch (err) {
          const found = toFormProblem(err);
          setProblem(found.problem);
          for (const [pointer, e] of Object.entries(found.fields)) {
            const name = pointerToName(pointer);
            if (name) form.setError(name as Path<V>, { type: e.code, message: e.detail });
          }
        }
      },
      // Refused here as the server would refuse it: the same summary above the form as its 422,
      // so a person using a screen reader hears that something needs correcting, and where.
      (errors) => {
        const found = Object.values(errorsByPointer(errors)).filter((e) => typeof e === 'object');
        setProblem(found.length ? { ...REFUSED, errors: found } : null);
      },
    );
  const clear = () => {
    setProblem(null);
    form.clearErrors();
  };
  return { ...form, problem, fields, busy: form.formState.isSubmitting, shown, submit, clear };
}
