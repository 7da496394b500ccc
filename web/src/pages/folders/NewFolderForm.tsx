// Creating a folder or a campaign: its name, where it sits, and for a campaign its dates and the UTM
// parameters its new codes inherit (docs/decisions.md D78).
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useFolderWrites, type Folder } from '../../api/hooks/folders';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';

const EMPTY = { name: '', parent: '', campaign: false, starts: '', ends: '', source: '', utmCampaign: '' };

export function NewFolderForm({ parents }: { parents: Folder[] }) {
  const { t } = useI18n();
  const writes = useFolderWrites();
  const [open, setOpen] = useState(false);
  const [f, setF] = useState(EMPTY);
  const [done, setDone] = useState('');
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const create = useSubmit(async () => {
    const utm = { ...(f.source ? { source: f.source } : {}), ...(f.utmCampaign ? { campaign: f.utmCampaign } : {}) };
    const made = await writes.create({
      name: f.name.trim(),
      parent_id: f.parent || null,
      kind: f.campaign ? 'campaign' : 'folder',
      ...(f.campaign
        ? {
            starts_on: f.starts || null,
            ends_on: f.ends || null,
            utm: Object.keys(utm).length ? utm : null,
          }
        : {}),
    });
    setDone(t('folders.created', { name: made.name }));
    setF(EMPTY);
    return made;
  });
  if (!open)
    return (
      <>
        <p aria-live="polite">{done}</p>
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          {t('folders.new')}
        </button>
      </>
    );
  return (
    <form
      className="new-folder"
      onSubmit={(e) => {
        e.preventDefault();
        void create.run().then((r) => r !== undefined && setOpen(false));
      }}
    >
      <ProblemAlert problem={create.problem} fields={create.fields} />
      <Field label={t('folders.name')} pointer="/name" errors={create.fields}>
        {(p) => <input {...p} value={f.name} onChange={set('name')} required maxLength={100} />}
      </Field>
      <label>
        {t('folders.parent')}
        <select value={f.parent} onChange={set('parent')}>
          <option value="">{t('folders.top')}</option>
          {parents.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={f.campaign} onChange={(e) => setF({ ...f, campaign: e.target.checked })} />
        {t('folders.campaign')}
      </label>
      {f.campaign ? (
        <>
          <label>
            {t('folders.startsOn')}
            <input type="date" value={f.starts} onChange={set('starts')} />
          </label>
          <Field label={t('folders.endsOn')} pointer="/ends_on" errors={create.fields}>
            {(p) => <input {...p} type="date" value={f.ends} onChange={set('ends')} />}
          </Field>
          <label>
            {t('folders.utmSource')}
            <input value={f.source} onChange={set('source')} maxLength={200} />
          </label>
          <label>
            {t('folders.utmCampaign')}
            <input value={f.utmCampaign} onChange={set('utmCampaign')} maxLength={200} />
          </label>
        </>
      ) : null}
      <button className="btn btn-primary" disabled={create.busy}>
        {t('folders.create')}
      </button>{' '}
      <button type="button" className="btn" onClick={() => setOpen(false)}>
        {t('app.cancel')}
      </button>
    </form>
  );
}
