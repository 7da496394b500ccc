import { useState } from 'react';
import { updateOrganization } from '@qrs/sdk/forms';
import { useOrganizationWrites, type useOrganization } from '../../../api/hooks/organization';
import { useI18n } from '../../../i18n/i18n';
import { useCan } from '../../../ui/can';
import { FormField } from '../../../ui/FormField';
import { ProblemAlert } from '../../../ui/forms';
import { useApiForm } from '../../../ui/use-api-form';

type Organization = NonNullable<ReturnType<typeof useOrganization>['data']>;

const toForm = (o: Organization) => ({ name: o.name, slug: o.slug, billing_email: o.billing_email ?? '' });

/** The organization's name, slug and billing e-mail; read-only without `organizations.update`. */
export function OrganizationForm({ organization }: { organization: Organization }) {
  const { t } = useI18n();
  const writes = useOrganizationWrites();
  const canUpdate = useCan('organizations.update');
  const [saved, setSaved] = useState(false);
  const form = useApiForm({
    body: updateOrganization,
    defaults: toForm(organization),
    toBody: (v) => ({ name: v.name, slug: v.slug, billing_email: v.billing_email.trim() || null }),
  });
  return (
    <form
      className="narrow"
      noValidate
      onSubmit={form.submit(async (body, values) => {
        setSaved(false);
        await writes.update(organization.id, body);
        form.reset(values);
        setSaved(true);
      })}
    >
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <FormField form={form} name="name" label={t('org.name')}>
        {(p) => <input {...p} disabled={!canUpdate} />}
      </FormField>
      <FormField form={form} name="slug" label={t('org.slug')}>
        {(p) => <input {...p} disabled={!canUpdate} />}
      </FormField>
      <FormField form={form} name="billing_email" label={t('org.billingEmail')}>
        {(p) => <input {...p} type="email" disabled={!canUpdate} />}
      </FormField>
      {canUpdate ? (
        <button className="btn btn-primary" disabled={form.busy}>
          {t('app.save')}
        </button>
      ) : null}
      {saved ? (
        <p role="status" className="muted">
          {t('app.saved')}
        </p>
      ) : null}
    </form>
  );
}
