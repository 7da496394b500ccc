// A dynamic URL code's end: a date and time, a number of scans, and where it sends once ended.
import { useI18n } from '../../i18n/i18n';
import { DateInput } from '../../ui/DateInput';
import { Field, type FieldErrors } from '../../ui/forms';
import { TimeInput } from '../../ui/TimeInput';
import type { Draft } from '../code-form';
import { Fold } from './Fold';

export function ExpiryFields({
  draft,
  set,
  errors: f,
}: {
  draft: Draft;
  set(patch: Partial<Draft>): void;
  errors: FieldErrors;
}) {
  const { t } = useI18n();
  return (
    <Fold
      summary={t('edit.expiry')}
      filled={Boolean(draft.expiresAt || draft.maxScans || draft.fallbackUrl)}
      errors={f}
      prefixes={['/expires_at', '/max_scans', '/fallback_url']}
    >
      <fieldset>
        <legend>{t('edit.expiry')}</legend>
        <div className="row">
          <Field label={t('edit.expiresAt')} pointer="/expires_at" errors={f}>
            {(p) => (
              <DateInput
                {...p}
                data-testid="expires-day"
                value={draft.expiresAt.slice(0, 10)}
                onChange={(day) => set({ expiresAt: day ? `${day}T${draft.expiresAt.slice(11, 16) || '00:00'}` : '' })}
              />
            )}
          </Field>
          <Field label={t('extras.time.label')} hint={t('extras.time.hint')}>
            {(p) => (
              <TimeInput
                {...p}
                data-testid="expires-time"
                disabled={!draft.expiresAt}
                value={draft.expiresAt.slice(11, 16)}
                onChange={(time) => set({ expiresAt: `${draft.expiresAt.slice(0, 10)}T${time}` })}
              />
            )}
          </Field>
          <Field label={t('edit.maxScans')} pointer="/max_scans" errors={f}>
            {(p) => (
              <input
                {...p}
                inputMode="numeric"
                value={draft.maxScans}
                onChange={(e) => set({ maxScans: e.target.value })}
              />
            )}
          </Field>
        </div>
        <Field label={t('edit.fallback')} pointer="/fallback_url" errors={f}>
          {(p) => (
            <input {...p} type="url" value={draft.fallbackUrl} onChange={(e) => set({ fallbackUrl: e.target.value })} />
          )}
        </Field>
      </fieldset>
    </Fold>
  );
}
