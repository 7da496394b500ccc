// A dynamic URL code's end: a date and time, a number of scans, and where it sends once ended.
import { Controller } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n';
import { DateInput } from '../../ui/DateInput';
import { Field } from '../../ui/forms';
import { FormField } from '../../ui/FormField';
import { TimeInput } from '../../ui/TimeInput';
import type { Draft } from '../code-form';
import type { EditorForm } from './editor-form';
import { Fold } from './Fold';

/** The end's day and time: two inputs, one value ("YYYY-MM-DDTHH:mm", local). */
function ExpiresAt({ form }: { form: EditorForm }) {
  const { t } = useI18n();
  return (
    <Controller
      control={form.control}
      name="expires_at"
      render={({ field: { value, onChange, onBlur } }) => (
        <>
          <Field label={t('edit.expiresAt')} pointer="/expires_at" errors={form.fields}>
            {(p) => (
              <DateInput
                {...p}
                data-testid="expires-day"
                value={value.slice(0, 10)}
                onBlur={onBlur}
                onChange={(day) => onChange(day ? `${day}T${value.slice(11, 16) || '00:00'}` : '')}
              />
            )}
          </Field>
          <Field label={t('extras.time.label')} hint={t('extras.time.hint')}>
            {(p) => (
              <TimeInput
                {...p}
                data-testid="expires-time"
                disabled={!value}
                value={value.slice(11, 16)}
                onChange={(time) => onChange(`${value.slice(0, 10)}T${time}`)}
              />
            )}
          </Field>
        </>
      )}
    />
  );
}

export function ExpiryFields({ form, draft }: { form: EditorForm; draft: Draft }) {
  const { t } = useI18n();
  return (
    <Fold
      summary={t('edit.expiry')}
      filled={Boolean(draft.expires_at || draft.max_scans || draft.fallback_url)}
      errors={form.fields}
      prefixes={['/expires_at', '/max_scans', '/fallback_url']}
    >
      <fieldset>
        <legend>{t('edit.expiry')}</legend>
        <div className="row">
          <ExpiresAt form={form} />
          <FormField form={form} name="max_scans" label={t('edit.maxScans')}>
            {(p) => <input {...p} inputMode="numeric" />}
          </FormField>
        </div>
        <FormField form={form} name="fallback_url" label={t('edit.fallback')}>
          {(p) => <input {...p} type="url" />}
        </FormField>
      </fieldset>
    </Fold>
  );
}
