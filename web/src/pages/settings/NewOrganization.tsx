// Another organization of one's own (POST /v1/organizations): an agency's second client, a company's
// subsidiary. Its creator becomes its administrator; the dashboard switches to it at once.
import { useId } from 'react';
import { useI18n } from '../../i18n/i18n';
import { lazyForm } from '../../ui/lazy-form';

const NewOrganizationForm = lazyForm(() =>
  import('./organization/NewOrganizationForm').then((m) => m.NewOrganizationForm),
);

export function NewOrganization() {
  const { t } = useI18n();
  const head = useId();
  return (
    <section aria-labelledby={head} data-testid="new-organization">
      <h2 id={head}>{t('org.new')}</h2>
      <p className="muted">{t('org.newHint')}</p>
      <NewOrganizationForm />
    </section>
  );
}
