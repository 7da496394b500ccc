import { useCallback, useState } from 'react';
import { toFormProblem, type FormProblem } from './form-problem';

const EMPTY: FormProblem = { problem: null, fields: {} };

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
