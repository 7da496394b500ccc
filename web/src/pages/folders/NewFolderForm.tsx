// A folder's or a campaign's fields: its name, where it sits, and for a campaign its dates and the
// UTM parameters its new codes inherit (docs/decisions.md D78).
import { createFolder } from '@qrs/sdk/forms';
import { useFolderWrites, type Folder } from '../../api/hooks/folders';
import { useI18n } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import { ProblemAlert } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';

interface FolderValues {
  name: string;
  parent_id: string;
  campaign: boolean;
  starts_on: string;
  ends_on: string;
  utm: { source: string; campaign: string };
}

const toBody = (v: FolderValues) => {
  const utm = {
    ...(v.utm.source ? { source: v.utm.source } : {}),
    ...(v.utm.campaign ? { campaign: v.utm.campaign } : {}),
  };
  return {
    name: v.name.trim(),
    parent_id: v.parent_id || null,
    kind: v.campaign ? ('campaign' as const) : ('folder' as const),
    ...(v.campaign
      ? { starts_on: v.starts_on || null, ends_on: v.ends_on || null, utm: Object.keys(utm).length ? utm : null }
      : {}),
  };
};

interface NewFolderFormProps {
  parents: Folder[];
  onCreated(name: string): void;
  onCancel(): void;
}

export function NewFolderForm({ parents, onCreated, onCancel }: NewFolderFormProps) {
  const { t } = useI18n();
  const writes = useFolderWrites();
  const form = useApiForm({
    body: createFolder,
    defaults: {
      name: '',
      parent_id: '',
      campaign: false,
      starts_on: '',
      ends_on: '',
      utm: { source: '', campaign: '' },
    },
    toBody,
  });
  const campaign = form.watch('campaign');
  return (
    <form
      className="new-folder"
      onSubmit={form.submit(async (body) => {
        const made = await writes.create(body);
        onCreated(made.name);
      })}
    >
      <ProblemAlert problem={form.problem} fields={form.fields} />
      <FormField form={form} name="name" label={t('folders.name')}>
        {(p) => <input {...p} required maxLength={100} />}
      </FormField>
      <label>
        {t('folders.parent')}
        <select {...form.register('parent_id')}>
          <option value="">{t('folders.top')}</option>
          {parents.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" {...form.register('campaign')} />
        {t('folders.campaign')}
      </label>
      {campaign ? (
        <>
          <label>
            {t('folders.startsOn')}
            <input type="date" {...form.register('starts_on')} />
          </label>
          <FormField form={form} name="ends_on" label={t('folders.endsOn')}>
            {(p) => <input {...p} type="date" />}
          </FormField>
          <label>
            {t('folders.utmSource')}
            <input {...form.register('utm.source')} maxLength={200} />
          </label>
          <label>
            {t('folders.utmCampaign')}
            <input {...form.register('utm.campaign')} maxLength={200} />
          </label>
        </>
      ) : null}
      <button className="btn btn-primary" disabled={form.busy}>
        {t('folders.create')}
      </button>{' '}
      <button type="button" className="btn" onClick={onCancel}>
        {t('app.cancel')}
      </button>
    </form>
  );
}
