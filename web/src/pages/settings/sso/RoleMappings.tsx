import { useFieldArray } from 'react-hook-form';
import { useI18n } from '../../../i18n/i18n';
import { FormField } from '../../../ui/FormField';
import type { ApiForm } from '../../../ui/use-api-form';
import { RoleOptions } from './RoleOptions';
import type { SsoValues } from './sso-values';

/** The claim's values mapped to roles, one row each; rows left empty are not sent. */
export function RoleMappings({ form }: { form: ApiForm<SsoValues, unknown> }) {
  const { t } = useI18n();
  const rows = useFieldArray({ control: form.control, name: 'role_mappings' });
  const values = form.watch('role_mappings');
  return (
    <fieldset>
      <legend>{t('sso.mappings')}</legend>
      <p className="muted">{t('sso.mappingsHint')}</p>
      {rows.fields.map((row, i) => (
        <div className="row" key={row.id}>
          <FormField form={form} name={`role_mappings.${i}.value`} label={t('sso.mappingValue')}>
            {(p) => <input {...p} />}
          </FormField>
          <FormField form={form} name={`role_mappings.${i}.role`} label={t('sso.mappingRole')}>
            {(p) => (
              <select {...p}>
                <RoleOptions />
              </select>
            )}
          </FormField>
          <button
            type="button"
            className="btn btn-small"
            aria-label={t('sso.removeMapping', { value: values[i]?.value || String(i + 1) })}
            onClick={() => rows.remove(i)}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-small" onClick={() => rows.append({ value: '', role: 'viewer' })}>
        {t('sso.addMapping')}
      </button>
    </fieldset>
  );
}
