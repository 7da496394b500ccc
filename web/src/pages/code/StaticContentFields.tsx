// The fields of a content type's form (code-form.ts CONTENT_FIELDS), each bound to its path in `content`.
import { useI18n } from '../../i18n/i18n';
import { Field, type FieldErrors } from '../../ui/forms';
import { CONTENT_FIELDS, type Draft } from '../code-form';
import type { CodeType } from '../code-types';

export function StaticContentFields({
  type,
  draft,
  set,
  errors: f,
}: {
  type: Exclude<CodeType, 'url'>;
  draft: Draft;
  set(patch: Partial<Draft>): void;
  errors: FieldErrors;
}) {
  const { t } = useI18n();
  return (
    <>
      {CONTENT_FIELDS[type].map((cf) => {
        const pointer = `/content/${cf.key.replace('.', '/')}`;
        const value = draft.content[cf.key] ?? '';
        const setValue = (v: string) => set({ content: { ...draft.content, [cf.key]: v } });
        if (cf.kind === 'checkbox') {
          return (
            <div className="field check" key={cf.key}>
              <label>
                <input
                  type="checkbox"
                  checked={value === 'true'}
                  onChange={(e) => setValue(String(e.target.checked))}
                />{' '}
                {t(cf.label)}
              </label>
            </div>
          );
        }
        return (
          <Field key={cf.key} label={t(cf.label)} pointer={pointer} errors={f}>
            {(p) =>
              cf.kind === 'textarea' ? (
                <textarea {...p} rows={3} value={value} onChange={(e) => setValue(e.target.value)} />
              ) : cf.kind === 'wifi' ? (
                <select {...p} value={value || 'WPA'} onChange={(e) => setValue(e.target.value)}>
                  <option value="WPA">WPA/WPA2</option>
                  <option value="WEP">WEP</option>
                  <option value="nopass">{t('edit.wifiNone')}</option>
                </select>
              ) : (
                <input
                  {...p}
                  type={cf.kind === 'number' ? 'text' : (cf.kind ?? 'text')}
                  inputMode={cf.kind === 'number' ? 'decimal' : undefined}
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
              )
            }
          </Field>
        );
      })}
    </>
  );
}
