import { useMemo } from 'react';
import { useI18n } from '../../i18n/i18n';
import { Field, type FieldErrors } from '../../ui/forms';
import type { Draft } from '../code-form';
import { SHORT_CODE } from './content-draft';
import type { EditorForm } from './editor-form';

/**
 * A chosen short code of a dynamic code. The pattern is checked as the user types, in the
 * editor's own words (so it is a Field, not a FormField the schema would word); whether the name
 * is free (or reserved) only the API knows, and its answer ("taken") shows at this field.
 */
export function ShortCodeField({ form, draft, errors }: { form: EditorForm; draft: Draft; errors: FieldErrors }) {
  const { t } = useI18n();
  const value = draft.short_code.trim();
  const local = value !== '' && !SHORT_CODE.test(value) ? t('content.shortCodeBad') : undefined;
  const shown = useMemo(() => (local ? { ...errors, '/short_code': local } : errors), [errors, local]);
  return (
    <Field label={t('content.shortCode')} pointer="/short_code" errors={shown} hint={t('content.shortCodeHint')}>
      {(p) => (
        <input
          {...p}
          // A local verdict stays until the text is right; only the API's answer goes on editing.
          onInput={local ? undefined : p.onInput}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          {...form.register('short_code')}
        />
      )}
    </Field>
  );
}
