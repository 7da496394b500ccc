import { useLayoutEffect, useState } from 'react';
import type { Problem } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { placedOf } from './field-labels';
import type { FieldErrors } from './form-problem';
import { problemMessage } from './problem-message';

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
    const m = fields ? placedOf(fields) : undefined;
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
