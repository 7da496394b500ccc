// The editor's "Style" section: foreground and background (text and picker), their contrast, error
// correction and margin. Folded on a phone unless set (Fold.tsx).
import { useI18n } from '../../i18n/i18n';
import { RATIO_DIGITS } from '../../i18n/format';
import { ColourInput } from '../../ui/ColourInput';
import { Field, type FieldErrors } from '../../ui/forms';
import { contrast, type Draft } from '../code-form';
import { Fold } from './Fold';

/** Colours other than black on white, a level of error correction or a margin. */
const styleFilled = (d: Draft) =>
  Boolean(
    (d.foreground && d.foreground.toUpperCase() !== '#000000') ||
    (d.background && d.background.toUpperCase() !== '#FFFFFF') ||
    d.ecc ||
    d.margin,
  );

export function StyleFields({
  draft,
  set,
  errors: f,
}: {
  draft: Draft;
  set(patch: Partial<Draft>): void;
  errors: FieldErrors;
}) {
  const { t, fmt } = useI18n();
  const ratio = contrast(draft.foreground, draft.background);
  return (
    <Fold
      summary={t('edit.style')}
      filled={styleFilled(draft)}
      errors={f}
      prefixes={['/style/foreground', '/style/background', '/style/error_correction', '/style/margin']}
    >
      <fieldset>
        <legend>{t('edit.style')}</legend>
        <div className="row">
          <Field label={t('edit.fg')} pointer="/style/foreground" errors={f}>
            {(p) => (
              <ColourInput
                {...p}
                label={t('edit.fg')}
                value={draft.foreground}
                onChange={(foreground) => set({ foreground })}
              />
            )}
          </Field>
          <Field label={t('edit.bg')} pointer="/style/background" errors={f}>
            {(p) => (
              <ColourInput
                {...p}
                label={t('edit.bg')}
                unset="#ffffff"
                value={draft.background}
                onChange={(background) => set({ background })}
              />
            )}
          </Field>
        </div>
        <p className={`small ${ratio !== null && ratio < 3 ? 'field-error' : 'muted'}`} data-testid="contrast">
          {t('edit.contrastRule', { ratio: ratio === null ? '?' : fmt.number(ratio, RATIO_DIGITS) })}
        </p>
        <div className="row">
          <Field label={t('edit.ecc')} pointer="/style/error_correction" errors={f} hint={t('edit.eccHint')}>
            {(p) => (
              <select {...p} value={draft.ecc} onChange={(e) => set({ ecc: e.target.value as Draft['ecc'] })}>
                <option value="">{t('words.ecc.default')}</option>
                <option value="L">L (7 %)</option>
                <option value="M">M (15 %)</option>
                <option value="Q">Q (25 %)</option>
                <option value="H">H (30 %)</option>
              </select>
            )}
          </Field>
          <Field label={t('edit.margin')} pointer="/style/margin" errors={f} hint={t('edit.marginHint')}>
            {(p) => (
              <input
                {...p}
                inputMode="numeric"
                placeholder="4"
                value={draft.margin}
                onChange={(e) => set({ margin: e.target.value })}
              />
            )}
          </Field>
        </div>
      </fieldset>
    </Fold>
  );
}
