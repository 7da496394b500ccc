// The code editor's "Design" section: a brand kit to apply, then the code's own design fields.
import { useMemo } from 'react';
import { useQrPreview } from '../../api/hooks/codes/use-qr-preview';
import { useI18n } from '../../i18n/i18n';
import { Field, toFormProblem, type FieldErrors } from '../../ui/forms';
import { previewBody, type Draft } from '../code-form';
import { useBrandKits, type BrandKit } from '../../api/hooks/brand';
import { DesignFields } from './DesignFields';
import { emptyDesign } from './design-form';

/**
 * Applying a kit links the code to it (style.brand_kit_id) and clears the code's own design and
 * the colours the kit sets, so the kit shows through and later changes to it reach this code
 * (docs/decisions.md D23, D30). Fields set afterwards win over the kit's.
 */
function applyKit(draft: Draft, kit: BrandKit | undefined): Partial<Draft> {
  if (!kit) return { design: { ...draft.design, brandKitId: '' } };
  const s = kit.style;
  return {
    design: { ...emptyDesign(), brandKitId: kit.id },
    style: {
      foreground: s.foreground ? '' : draft.style.foreground,
      background: s.background ? '' : draft.style.background,
      error_correction: s.error_correction ? '' : draft.style.error_correction,
      margin: s.margin != null ? '' : draft.style.margin,
    },
  };
}

export function CodeDesign({
  draft,
  set,
  errors,
}: {
  draft: Draft;
  set(patch: Partial<Draft>): void;
  errors: FieldErrors;
}) {
  const { t } = useI18n();
  const kits = useBrandKits();
  const body = useMemo(() => previewBody(draft), [draft]);
  // The editor's preview fetches this very key once its debounce settles; observing it here
  // without fetching puts the preview's messages (contrast, logo too large) next to the fields.
  const shown = useQrPreview(body, { enabled: false, live: false });
  const previewFields = useMemo(() => (shown.error ? toFormProblem(shown.error).fields : {}), [shown.error]);
  const fields = useMemo(() => ({ ...previewFields, ...errors }), [previewFields, errors]);
  const list = kits.data ?? [];
  const kitId = draft.design.brandKitId;
  const unset = kitId ? t('design.fromKit') : t('design.default');
  return (
    <fieldset data-testid="design">
      <legend>{t('design.legend')}</legend>
      <Field label={t('design.kit')} pointer="/style/brand_kit_id" errors={fields} hint={t('design.kitHint')}>
        {(p) => (
          <select
            {...p}
            value={kitId}
            onChange={(e) =>
              set(
                applyKit(
                  draft,
                  list.find((k) => k.id === e.target.value),
                ),
              )
            }
          >
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
      </Field>
      <DesignFields
        value={draft.design}
        onChange={(patch) => set({ design: { ...draft.design, ...patch } })}
        errors={fields}
        unsetLabel={unset}
      />
    </fieldset>
  );
}
