import { operatorRejectGs1Prefix } from '@qrs/sdk/forms';
import { useDecidePrefixClaim, type Gs1Claim } from '../../../api/hooks/operatorPrefixes';
import { useI18n } from '../../../i18n/i18n';
import { FormField } from '../../../ui/FormField';
import { ProblemAlert } from '../../../ui/forms';
import { useApiForm } from '../../../ui/use-api-form';

/** The rejection of a claim with the reason the organization's admins read; a blank one is refused at its field. */
export function RejectClaim({ claim, onDone }: { claim: Gs1Claim; onDone: () => void }) {
  const { t } = useI18n();
  const decide = useDecidePrefixClaim();
  const form = useApiForm({
    body: operatorRejectGs1Prefix,
    defaults: { reason: '' },
    toBody: (v) => ({ reason: v.reason.trim() }),
  });
  return (
    <form
      noValidate
      onSubmit={form.submit(async ({ reason }) => {
        await decide.mutateAsync({ id: claim.id, approve: false, reason });
        onDone();
      })}
    >
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <FormField form={form} name="reason" label={t('op.gs1.reason')} hint={t('op.gs1.reasonHint')}>
        {(p) => <textarea {...p} rows={2} required maxLength={500} />}
      </FormField>
      <button className="btn btn-small" disabled={form.busy}>
        {t('op.gs1.confirmReject')}
      </button>
    </form>
  );
}
