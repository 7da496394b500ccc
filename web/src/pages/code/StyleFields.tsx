// The editor's "Style" section: foreground and background (text and picker), their contrast, error
// correction and margin. Folded on a phone unless set (Fold.tsx).
import { Controller } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n';
import { RATIO_DIGITS } from '../../i18n/format';
import { ColourInput } from '../../ui/ColourInput';
import { Field } from '../../ui/forms';
import { FormField } from '../../ui/FormField';
import { contrast, type Draft, type StyleDraft } from '../code-form';
import type { EditorForm } from './editor-form';
import { Fold } from './Fold';

/** Colours other than black on white, a level of error correction or a margin. */
const styleFilled = (s: StyleDraft) =>
  Boolean(
    (s.foreground && s.foreground.toUpperCase() !== '#000000') ||
    (s.background && s.background.toUpperCase() !== '#FFFFFF') ||
    s.error_correction ||
    s.margin,
  );

/** A colour of the style: text and picker, one value (Controller). */
function Colour({
  form,
  name,
  label,
  unset,
}: {
  form: EditorForm;
  name: 'foreground' | 'background';
  label: string;
  unset?: string;
}) {
  form.shown.add(`/style/${name}`);
  return (
    <Field label={label} pointer={`/style/${name}`} errors={form.fields}>
      {(p) => (
        <Controller
          control={form.control}
          name={`style.${name}`}
          render={({ field }) => (
            <ColourInput
              {...p}
              label={label}
              unset={unset}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </Field>
  );
}

export function StyleFields({ form, draft }: { form: EditorForm; draft: Draft }) {
  const { t, fmt } = useI18n();
  const ratio = contrast(draft.style.foreground, draft.style.background);
  return (
    <Fold
      summary={t('edit.style')}
      filled={styleFilled(draft.style)}
      errors={form.fields}
      prefixes={['/style/foreground', '/style/background', '/style/error_correction', '/style/margin']}
    >
      <fieldset>
        <legend>{t('edit.style')}</legend>
        <div className="row">
          <Colour form={form} name="foreground" label={t('edit.fg')} />
          <Colour form={form} name="background" label={t('edit.bg')} unset="#ffffff" />
        </div>
        <p className={`small ${ratio !== null && ratio < 3 ? 'field-error' : 'muted'}`} data-testid="contrast">
          {t('edit.contrastRule', { ratio: ratio === null ? '?' : fmt.number(ratio, RATIO_DIGITS) })}
        </p>
        <div className="row">
          <FormField form={form} name="style.error_correction" label={t('edit.ecc')} hint={t('edit.eccHint')}>
            {(p) => (
              <select {...p}>
                <option value="">{t('words.ecc.default')}</option>
                <option value="L">L (7 %)</option>
                <option value="M">M (15 %)</option>
                <option value="Q">Q (25 %)</option>
                <option value="H">H (30 %)</option>
              </select>
            )}
          </FormField>
          <FormField form={form} name="style.margin" label={t('edit.margin')} hint={t('edit.marginHint')}>
            {(p) => <input {...p} inputMode="numeric" placeholder="4" />}
          </FormField>
        </div>
      </fieldset>
    </Fold>
  );
}
