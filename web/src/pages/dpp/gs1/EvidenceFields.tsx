import type { Gs1Evidence } from '../../../api/hooks/gs1-prefixes/evidence';
import { useI18n } from '../../../i18n/i18n';
import { Field, type useSubmit } from '../../../ui/forms';

type Errors = ReturnType<typeof useSubmit>['fields'];

/**
 * The evidence of a claim (docs/decisions/0075-gs1-prefix-verification.md): the licence document, or
 * the GEPIR record's address and text. `base` is where the API puts them in its problem's pointers.
 */
export function EvidenceFields({
  value,
  onChange,
  errors,
  base,
}: {
  value: Gs1Evidence;
  onChange: (v: Gs1Evidence) => void;
  errors: Errors;
  base: string;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="gs1-evidence">
      <legend>{t('gs1.evidence')}</legend>
      <p className="muted small">{t('gs1.evidenceHint')}</p>
      <Field label={t('gs1.file')} pointer={`${base}/file/data`} errors={errors}>
        {(p) => (
          <input
            {...p}
            type="file"
            accept="application/pdf,image/png,image/jpeg"
            onChange={(e) => onChange({ ...value, file: e.target.files?.[0] ?? null })}
          />
        )}
      </Field>
      <Field label={t('gs1.gepirUrl')} pointer={`${base}/gepir_url`} errors={errors}>
        {(p) => (
          <input
            {...p}
            type="url"
            value={value.gepirUrl}
            onChange={(e) => onChange({ ...value, gepirUrl: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('gs1.gepirText')} pointer={`${base}/gepir_text`} errors={errors} hint={t('gs1.gepirTextHint')}>
        {(p) => (
          <textarea
            {...p}
            rows={3}
            value={value.gepirText}
            onChange={(e) => onChange({ ...value, gepirText: e.target.value })}
          />
        )}
      </Field>
    </fieldset>
  );
}
