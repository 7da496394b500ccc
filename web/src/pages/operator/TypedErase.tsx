import { useState, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';

/** An erasure behind the thing typed again (`confirm`: a slug or an e-mail address); the API checks it too. */
export function TypedErase({
  title,
  label,
  expected,
  testId,
  erase,
  onDone,
  children,
}: {
  title: string;
  label: string;
  expected: string;
  testId: string;
  erase: (confirm: string) => Promise<unknown>;
  onDone?: () => void;
  /** more choices, shown above the button (a user's organizations to erase with them) */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const [typed, setTyped] = useState('');
  const s = useSubmit(erase);
  return (
    <form
      className="account-section"
      data-testid={testId}
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        void s.run(typed.trim()).then((r) => {
          if (r !== undefined) onDone?.();
        });
      }}
    >
      <h3>{title}</h3>
      <ProblemAlert problem={s.problem} fields={s.fields} />
      <Field label={label} pointer="/confirm" errors={s.fields} hint={t('opx.erase.hint', { value: expected })}>
        {(p) => (
          <input
            {...p}
            required
            autoComplete="off"
            value={typed}
            data-testid={`${testId}-confirm`}
            onChange={(e) => {
              p.onInput();
              setTyped(e.target.value);
            }}
          />
        )}
      </Field>
      {children}
      <button className="btn btn-danger" disabled={s.busy || typed.trim().toLowerCase() !== expected.toLowerCase()}>
        {t('opx.erase.do')}
      </button>
    </form>
  );
}
