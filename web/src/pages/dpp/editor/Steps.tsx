// The contract's sections as steps: a list to jump to any of them, each with how many of its
// attributes are filled and how many problems it shows; previous and next below the section.
import type { Issue } from '../contract-schema';
import { filled, sectionOf, type Section } from './progress';
import { useEditorWords, useSectionName } from './use-words';

interface StepsProps {
  sections: Section[];
  data: unknown;
  step: number;
  issues: Issue[];
  onStep(n: number): void;
}

const errorsIn = (issues: Issue[], key: string) =>
  issues.filter((i) => i.severity === 'error' && sectionOf(i.path) === key).length;

export function StepList({ sections, data, step, issues, onStep }: StepsProps) {
  const w = useEditorWords();
  const name = useSectionName();
  const total = sections.reduce((n, s) => n + s.attributes.length, 0);
  const done = sections.reduce((n, s) => n + filled(data, s.attributes), 0);
  return (
    <nav className="dpp-steps" aria-labelledby="dpp-steps-head">
      <h2 id="dpp-steps-head" className="small">
        {w('steps')}
      </h2>
      <p className="small" data-testid="passport-progress">
        <progress max={total} value={done} aria-hidden="true" /> {w('progress', { n: done, total })}
      </p>
      <ol>
        {sections.map((s, i) => {
          const errors = errorsIn(issues, s.key);
          return (
            <li key={s.key}>
              <button
                type="button"
                className={`dpp-step${i === step ? ' dpp-step-current' : ''}`}
                aria-current={i === step ? 'step' : undefined}
                onClick={() => onStep(i)}
              >
                <span>{name(s.key)}</span>{' '}
                <span className="muted small">
                  {w('stepProgress', { n: filled(data, s.attributes), total: s.attributes.length })}
                </span>
                {errors ? (
                  <span className="badge issue-count" aria-label={w('problemsHere', { n: errors })}>
                    {errors}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function StepNav({ sections, step, issues, onStep }: Omit<StepsProps, 'data'>) {
  const w = useEditorWords();
  const name = useSectionName();
  const errors = errorsIn(issues, sections[step]?.key ?? '');
  return (
    <div className="dpp-step-nav">
      {errors ? (
        <p className="field-error" role="status">
          {w('problemsHere', { n: errors })}
        </p>
      ) : null}
      <p className="muted small">{w('step', { n: step + 1, total: sections.length })}</p>
      {step > 0 ? (
        <button type="button" className="btn" onClick={() => onStep(step - 1)}>
          {w('previous', { section: name(sections[step - 1].key) })}
        </button>
      ) : null}{' '}
      {step < sections.length - 1 ? (
        <button type="button" className="btn" onClick={() => onStep(step + 1)}>
          {w('next', { section: name(sections[step + 1].key) })}
        </button>
      ) : null}
    </div>
  );
}
