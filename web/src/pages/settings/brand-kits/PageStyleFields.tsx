import { useLogos } from '../../../api/hooks/brand';
import type { MessageKey } from '../../../i18n/en';
import { useI18n } from '../../../i18n/i18n';
import { FormField } from '../../../ui/FormField';
import type { FieldErrors } from '../../../ui/forms';
import type { ApiForm } from '../../../ui/use-api-form';
import { PAGE_FONTS, type KitBody, type KitValues } from './kit-values';

/** The kit form's fields, with the preview's errors beside the save's. */
export type KitFields = Pick<ApiForm<KitValues, KitBody>, 'register' | 'shown'> & { fields: FieldErrors };

/** The hosted pages' look: accent, background, font and logo, and whether the workspace's pages wear it (D82). */
export function PageStyleFields({ form }: { form: KitFields }) {
  const { t } = useI18n();
  const logos = useLogos();
  return (
    <fieldset>
      <legend>{t('design.pageStyle')}</legend>
      <p className="muted small">{t('design.pageStyleNote')}</p>
      <div className="row">
        <FormField form={form} name="style.page.accent" label={t('design.pageAccent')}>
          {(p) => <input {...p} placeholder="#RRGGBB" />}
        </FormField>
        <FormField form={form} name="style.page.background" label={t('design.pageBackground')}>
          {(p) => <input {...p} placeholder="#RRGGBB" />}
        </FormField>
      </div>
      <div className="row">
        <FormField form={form} name="style.page.font" label={t('design.pageFont')}>
          {(p) => (
            <select {...p}>
              <option value="">{t('design.default')}</option>
              {PAGE_FONTS.map((f) => (
                <option key={f} value={f}>
                  {t(`design.font.${f}` as MessageKey)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField form={form} name="style.page.logo_id" label={t('design.pageLogo')}>
          {(p) => (
            <select {...p}>
              <option value="">{t('app.none')}</option>
              {(logos.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="field check">
        <label>
          <input type="checkbox" {...form.register('pages_default')} /> {t('design.pagesDefault')}
        </label>
      </div>
    </fieldset>
  );
}
