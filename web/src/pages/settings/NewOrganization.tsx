// Another organization of one's own (POST /v1/organizations): an agency's second client, a company's
// subsidiary. Its creator becomes its administrator; the dashboard switches to it at once.
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useOrganizationWrites } from '../../api/hooks/organization';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../session';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';

/** A slug from a name: lower-case letters, digits and dashes, as the API asks. */
const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);

export function NewOrganization() {
  const { t } = useI18n();
  const { selectOrganization } = useSession();
  const writes = useOrganizationWrites();
  const navigate = useNavigate();
  const head = useId();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState<string | null>(null);
  const create = useSubmit(async () => {
    const org = await writes.create({ name, slug: slug ?? slugOf(name) });
    selectOrganization(org.id);
    void navigate('/codes');
  });
  return (
    <section aria-labelledby={head} data-testid="new-organization">
      <h2 id={head}>{t('org.new')}</h2>
      <p className="muted">{t('org.newHint')}</p>
      <form
        className="narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void create.run();
        }}
      >
        <ProblemAlert problem={create.problem} fields={create.fields} />
        <Field label={t('org.newName')} pointer="/name" errors={create.fields}>
          {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={t('org.newSlug')} pointer="/slug" errors={create.fields} hint={t('org.slugHint')}>
          {(p) => <input {...p} value={slug ?? slugOf(name)} onChange={(e) => setSlug(e.target.value)} />}
        </Field>
        <button className="btn" disabled={create.busy}>
          {t('org.create')}
        </button>
      </form>
    </section>
  );
}
