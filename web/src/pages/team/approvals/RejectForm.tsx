import { rejectCode } from '@qrs/sdk/forms';
import { useCodeWrites } from '../../../api/hooks/codes/use-code-writes';
import { useI18n } from '../../../i18n/i18n';
import { TEXT } from '../../../ui/form-pointers';
import { FormField } from '../../../ui/FormField';
import { ProblemAlert } from '../../../ui/forms';
import { useApiForm } from '../../../ui/use-api-form';

interface RejectFormProps {
  codeId: string;
  onRejected(): void;
  onCancel(): void;
}

/** The reason a code is sent back, which its editor reads; a blank one is refused here in our words. */
export function RejectForm({ codeId, onRejected, onCancel }: RejectFormProps) {
  const { t } = useI18n();
  const writes = useCodeWrites();
  const form = useApiForm({ body: rejectCode, defaults: { reason: '' } });
  const send = form.submit(async ({ reason }) => {
    await writes.reject(codeId, reason);
    onRejected();
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        if (form.getValues('reason').trim()) return void send(e);
        e.preventDefault();
        form.setError('reason', { type: TEXT, message: t('approvals.reasonRequired') });
      }}
    >
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <FormField form={form} name="reason" label={t('approvals.reason')}>
        {(p) => <textarea {...p} required />}
      </FormField>
      <button className="btn btn-danger btn-small" disabled={form.busy}>
        {t('approvals.reject')}
      </button>{' '}
      <button type="button" className="btn btn-small" onClick={onCancel}>
        {t('app.cancel')}
      </button>
    </form>
  );
}
