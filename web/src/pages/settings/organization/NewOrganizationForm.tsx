import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { createOrganization } from '@qrs/sdk/forms';
import { useOrganizationWrites } from '../../../api/hooks/organization';
import { useI18n } from '../../../i18n/i18n';
import { useSession } from '../../../session';
import { FormField } from '../../../ui/FormField';
import { ProblemAlert } from '../../../ui/forms';
import { useApiForm } from '../../../ui/use-api-form';

/** A slug from a name: lower-case letters, digits and dashes, as the API asks. */
const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);

/** Name and slug of the new organization; the slug follows the name until it is typed itself. */
export function NewOrganizationForm() {
  const { t } = useI18n();
  const { selectOrganization } = useSession();
  const writes = useOrganizationWrites();
  const navigate = useNavigate();
  const slugTyped = useRef(false);
  const form = useApiForm({ body: createOrganization, defaults: { name: '', slug: '' } });
  return (
    <form
      className="narrow"
      noValidate
      onSubmit={form.submit(async (body) => {
        const org = await writes.create(body);
        selectOrganization(org.id);
        void navigate('/codes');
      })}
    >
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <FormField
        form={form}
        name="name"
        label={t('org.newName')}
        rules={{ onChange: (e) => slugTyped.current || form.setValue('slug', slugOf(e.target.value)) }}
      >
        {(p) => <input {...p} />}
      </FormField>
      <FormField
        form={form}
        name="slug"
        label={t('org.newSlug')}
        hint={t('org.slugHint')}
        rules={{ onChange: () => (slugTyped.current = true) }}
      >
        {(p) => <input {...p} />}
      </FormField>
      <button className="btn" disabled={form.busy}>
        {t('org.create')}
      </button>
    </form>
  );
}
