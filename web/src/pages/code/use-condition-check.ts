// The routing rules' conditions left empty, checked before sending (content-draft.ts,
// emptyConditions): each an error of the form at the body's member (`rules.0.when.os`), coded
// EMPTY_CONDITION with the words' key as its message, so RuleEditor words it in the chosen language.
import { useEffect, useRef } from 'react';
import { EMPTY_CONDITION, emptyConditions } from './content-draft';
import type { EditorForm } from './editor-form';

export function useConditionCheck(form: EditorForm) {
  const flagged = useRef<string[]>([]);
  const { watch, clearErrors } = form;
  // As before the form library: a change to the rules takes the verdict back until the next try.
  useEffect(() => {
    const sub = watch((_, { name }) => {
      if (!name?.startsWith('rules') || !flagged.current.length) return;
      clearErrors(flagged.current as never);
      flagged.current = [];
    });
    return () => sub.unsubscribe();
  }, [watch, clearErrors]);
  /** Whether every condition holds something; if not, each empty one has its error. */
  const check = () => {
    const d = form.getValues();
    const empty = d.type === 'url' && d.dynamic ? emptyConditions(d.rules) : [];
    clearErrors(flagged.current as never);
    flagged.current = empty.map((x) => x.name);
    for (const x of empty) form.setError(x.name as never, { type: EMPTY_CONDITION, message: x.key });
    return empty.length === 0;
  };
  const shown = Object.values(form.fields).some((e) => typeof e === 'object' && e.code === EMPTY_CONDITION);
  return { check, shown };
}
