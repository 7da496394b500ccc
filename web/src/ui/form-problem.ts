import { ApiError, type Problem } from '../api/client';
import type { FieldProblem } from './problem-message';

/** Per-field errors by JSON pointer: the API's (worded by problem-message.ts) or a form's own sentence. */
export type FieldErrors = Record<string, string | FieldProblem>;

/** The API's problem, split into per-field errors (by JSON pointer) and the rest. */
export interface FormProblem {
  problem: Problem | null;
  fields: Record<string, FieldProblem>;
}

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
