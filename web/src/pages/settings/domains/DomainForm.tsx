import { updateWorkspace } from '@qrs/sdk/forms';
import { useWorkspaceWrites } from '../../../api/hooks/workspaces';
import { useI18n } from '../../../i18n/i18n';
import { FormField } from '../../../ui/FormField';
import { ProblemAlert } from '../../../ui/forms';
import { useApiForm } from '../../../ui/use-api-form';

/** Sets the workspace's custom domain (PATCH /v1/workspaces/{id} with `custom_domain`). */
export function DomainForm({ workspaceId, onSet }: { workspaceId: string; onSet: () => void }) {
  const { t } = useI18n();
  const writes = useWorkspaceWrites();
  const form = useApiForm({
    body: updateWorkspace,
    defaults: { custom_domain: '' },
    toBody: (v) => ({ custom_domain: v.custom_domain.trim() }),
  });
  return (
    <form
      className="narrow"
      noValidate
      onSubmit={form.submit(async (body) => {
        await writes.setDomain(workspaceId, body.custom_domain);
        form.reset();
        onSet();
      })}
    >
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <FormField form={form} name="custom_domain" label={t('domains.domain')} hint="qr.example.com">
        {(p) => <input {...p} />}
      </FormField>
      <button className="btn btn-primary" disabled={form.busy}>
        {t('domains.add')}
      </button>
    </form>
  );
}
