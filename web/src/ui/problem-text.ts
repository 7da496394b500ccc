import { useCallback } from 'react';
import type { Problem } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { toFormProblem } from './form-problem';
import { problemLine, problemMessage } from './problem-message';

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
