// The code editor's "Design" section: a brand kit to apply, then the code's own design fields.
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useQrPreview } from '../../api/hooks/codes/use-qr-preview';
import { useI18n } from '../../i18n/i18n';
import { Field, toFormProblem } from '../../ui/forms';
import { previewBody, type Draft, type StyleDraft } from '../code-form';
import { useBrandKits, type BrandKit } from '../../api/hooks/brand';
import { DesignFields } from './DesignFields';
import { emptyDesign } from './design-form';
import { designForm } from './design/props';
import type { EditorForm } from './editor-form';

const KIT = '/style/brand_kit_id';

/**
 * Applying a kit links the code to it (style.brand_kit_id) and clears the code's own design and
 * the colours the kit sets, so the kit shows through and later changes to it reach this code
 * (docs/decisions.md D23, D30). Fields set afterwards win over the kit's.
 */
function applyKit(style: StyleDraft, kit: BrandKit | undefined): StyleDraft {
  if (!kit) return { ...style, brand_kit_id: '' };
  const s = kit.style;
  return {
    ...emptyDesign(),
    brand_kit_id: kit.id,
    foreground: s.foreground ? '' : style.foreground,
    background: s.background ? '' : style.background,
    error_correction: s.error_correction ? '' : style.error_correction,
    margin: s.margin != null ? '' : style.margin,
  };
}

export function CodeDesign({ form, draft }: { form: EditorForm; draft: Draft }) {
  const { t } = useI18n();
  const kits = useBrandKits();
  const body = useMemo(() => previewBody(draft), [draft]);
  // The editor's preview fetches this very key once its debounce settles; observing it here
  // without fetching puts the preview's messages (contrast, logo too large) next to the fields.
  const shown = useQrPreview(body, { enabled: false, live: false });
  const previewFields = useMemo(() => (shown.error ? toFormProblem(shown.error).fields : {}), [shown.error]);
  const fields = useMemo(() => ({ ...previewFields, ...form.fields }), [previewFields, form.fields]);
  const list = kits.data ?? [];
  const kitId = draft.style.brand_kit_id;
  const unset = kitId ? t('design.fromKit') : t('design.default');
  form.shown.add(KIT);
  const pick = (id: string) =>
    form.setValue(
      'style',
      applyKit(
        form.getValues('style'),
        list.find((k) => k.id === id),
      ),
      { shouldDirty: true },
    );
  return (
    <fieldset data-testid="design">
      <legend>{t('design.legend')}</legend>
      {/* Controlled: the kits load after the field. Picking one rewrites the style (applyKit). */}
      <Field label={t('design.kit')} pointer={KIT} errors={fields} hint={t('design.kitHint')}>
        {(p) => (
          <Controller
            control={form.control}
            name="style.brand_kit_id"
            render={({ field }) => (
              <select {...p} {...field} onChange={(e) => pick(e.target.value)}>
                <option value="">{t('design.kitNone')}</option>
                {list.map((k) => (
                  <option key={k.id} value={k.id}>
                    {k.name}
                  </option>
                ))}
                {kitId && !list.some((k) => k.id === kitId) ? (
                  <option value={kitId}>{t('design.kitRemoved')}</option>
                ) : null}
              </select>
            )}
          />
        )}
      </Field>
      <DesignFields form={designForm(form, fields)} unsetLabel={unset} />
    </fieldset>
  );
}
