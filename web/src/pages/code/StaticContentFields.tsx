// The fields of a content type's form (code-form.ts CONTENT_FIELDS), each named by its path in `content`.
import type { Path } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import { CONTENT_FIELDS, type Draft } from '../code-form';
import type { CodeType } from '../code-types';
import type { EditorForm } from './editor-form';

export function StaticContentFields({ type, form }: { type: Exclude<CodeType, 'url'>; form: EditorForm }) {
  const { t } = useI18n();
  return (
    <>
      {CONTENT_FIELDS[type].map((cf) => {
        const name = `content.${cf.key}` as Path<Draft>;
        if (cf.kind === 'checkbox') {
          return (
            <div className="field check" key={cf.key}>
              <label>
                <input type="checkbox" {...form.register(name)} /> {t(cf.label)}
              </label>
            </div>
          );
        }
        return (
          <FormField key={cf.key} form={form} name={name} label={t(cf.label)}>
            {(p) =>
              cf.kind === 'textarea' ? (
                <textarea {...p} rows={3} />
              ) : cf.kind === 'wifi' ? (
                <select {...p}>
                  <option value="WPA">WPA/WPA2</option>
                  <option value="WEP">WEP</option>
                  <option value="nopass">{t('edit.wifiNone')}</option>
                </select>
              ) : (
                <input
                  {...p}
                  type={cf.kind === 'number' ? 'text' : (cf.kind ?? 'text')}
                  inputMode={cf.kind === 'number' ? 'decimal' : undefined}
                />
              )
            }
          </FormField>
        );
      })}
    </>
  );
}
