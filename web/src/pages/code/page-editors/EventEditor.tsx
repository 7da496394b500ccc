// An event's start and end (`content.starts_at`, `content.ends_at`), typed in a time zone.
import { Field } from '../../../ui/forms';
import { FormField } from '../../../ui/FormField';
import { pageForm } from '../editor-form';
import { usePageWords } from '../page-words';
import type { PageEditorProps } from './props';

function zones(current: string): string[] {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes(current) ? all : [current, ...all];
}

export function EventEditor(props: PageEditorProps) {
  const t = usePageWords();
  const form = pageForm(props.form);
  const zone = props.draft.more.zone;
  return (
    <fieldset className="nested" data-testid="event-editor">
      <legend>{t('pages.when')}</legend>
      <div className="row">
        <FormField form={form} name="content.starts_at" label={t('pages.startsAt')}>
          {(p) => <input {...p} type="datetime-local" />}
        </FormField>
        <FormField form={form} name="content.ends_at" label={t('pages.endsAt')} hint={t('pages.endsHint')}>
          {(p) => <input {...p} type="datetime-local" />}
        </FormField>
      </div>
      <Field label={t('pages.zone')} hint={t('pages.zoneHint')}>
        {(p) => (
          <select {...p} {...form.register('more.zone')}>
            {zones(zone).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        )}
      </Field>
    </fieldset>
  );
}
