// Scans forwarded to Google Analytics 4 (docs/decisions.md D81): a measurement id and an API secret
// that is stored sealed and never shown again, so the form always asks for it.
import { useState } from 'react';
import { useGa4, useGa4Writes } from '../../api/hooks/ga4';
import { useI18n } from '../../i18n/i18n';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';

export function Ga4Settings() {
  const { t } = useI18n();
  const ga4 = useGa4();
  const writes = useGa4Writes();
  const [form, setForm] = useState({ measurement_id: '', api_secret: '' });
  const save = useSubmit(async () => {
    await writes.save(form);
    setForm({ measurement_id: '', api_secret: '' });
  });
  const remove = useSubmit(() => writes.remove());
  const s = ga4.data;
  return (
    <section aria-labelledby="ga4-title" data-testid="ga4-settings">
      <h2 id="ga4-title">{t('ga4.title')}</h2>
      <p className="muted">{t('ga4.hint')}</p>
      {s ? (
        <p role="status" data-testid="ga4-state">
          {s.enabled && s.measurement_id ? t('ga4.on', { id: s.measurement_id }) : t('ga4.off')}
        </p>
      ) : null}
      <ProblemAlert problem={save.problem ?? remove.problem} fields={save.fields} />
      <form
        className="narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save.run();
        }}
      >
        <Field
          label={t('ga4.measurementId')}
          pointer="/measurement_id"
          errors={save.fields}
          hint={t('ga4.measurementIdHint')}
        >
          {(p) => (
            <input
              {...p}
              placeholder={s?.measurement_id ?? 'G-ABC123XYZ9'}
              value={form.measurement_id}
              onChange={(e) => setForm({ ...form, measurement_id: e.target.value.trim() })}
            />
          )}
        </Field>
        <Field label={t('ga4.apiSecret')} pointer="/api_secret" errors={save.fields} hint={t('ga4.apiSecretHint')}>
          {(p) => (
            <input
              {...p}
              type="password"
              autoComplete="off"
              value={form.api_secret}
              onChange={(e) => setForm({ ...form, api_secret: e.target.value })}
            />
          )}
        </Field>
        <div className="row">
          <button className="btn btn-primary" disabled={save.busy}>
            {save.busy ? t('app.saving') : t('ga4.save')}
          </button>
          {s?.enabled ? (
            <button type="button" className="btn btn-danger" disabled={remove.busy} onClick={() => void remove.run()}>
              {t('ga4.remove')}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
