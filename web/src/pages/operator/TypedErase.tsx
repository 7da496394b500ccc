import type { ReactNode } from 'react';
import type { operatorEraseOrganization, operatorEraseUser } from '@qrs/sdk/forms';
import { useI18n } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';

/** An erasure behind the thing typed again (`confirm`: a slug or an e-mail address); the API checks it too. */
export function TypedErase({
  title,
  label,
  expected,
  testId,
  body,
  erase,
  onDone,
  children,
}: {
  title: string;
  label: string;
  expected: string;
  testId: string;
  /** The erasure's request body from `@qrs/sdk/forms`, which checks what is typed before sending. */
  body: typeof operatorEraseUser | typeof operatorEraseOrganization;
  erase: (confirm: string) => Promise<unknown>;
  onDone?: () => void;
  /** more choices, shown above the button (a user's organizations to erase with them) */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const form = useApiForm({ body, defaults: { confirm: '' }, toBody: (v) => ({ confirm: v.confirm.trim() }) });
  const typed = form.watch('confirm');
  return (
    <form
      noValidate
      className="account-section"
      data-testid={testId}
      aria-label={title}
      onSubmit={form.submit(async ({ confirm }) => {
        await erase(confirm);
        onDone?.();
      })}
    >
      <h3>{title}</h3>
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <FormField form={form} name="confirm" label={label} hint={t('opx.erase.hint', { value: expected })}>
        {(p) => <input {...p} required autoComplete="off" data-testid={`${testId}-confirm`} />}
      </FormField>
      {children}
      <button className="btn btn-danger" disabled={form.busy || typed.trim().toLowerCase() !== expected.toLowerCase()}>
        {t('opx.erase.do')}
      </button>
    </form>
  );
}
