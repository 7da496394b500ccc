// Scans forwarded to Google Analytics 4 (docs/decisions.md D81): a measurement id and an API secret
// that is stored sealed and never shown again, so the form always asks for it.
import { putGa4Settings } from '@qrs/sdk/forms';
import { useGa4, useGa4Writes } from '../../api/hooks/ga4';
import { useI18n } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import { ProblemAlert, useSubmit } from '../../ui/forms';
import { useApiForm } from '../../ui/use-api-form';

export function Ga4Settings() {
  const { t } = useI18n();
  const ga4 = useGa4();
  const writes = useGa4Writes();
  const form = useApiForm({
    body: putGa4Settings,
    defaults: { measurement_id: '', api_secret: '' },
    toBody: (v) => ({ ...v, measurement_id: v.measurement_id.trim() }),
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
      <ProblemAlert problem={form.problem ?? remove.problem} fields={form.fields} />
      <form
        className="narrow"
        noValidate
        onSubmit={form.submit(async (body) => {
          await writes.save(body);
          form.reset();
        })}
      >
        <FormField form={form} name="measurement_id" label={t('ga4.measurementId')} hint={t('ga4.measurementIdHint')}>
          {(p) => <input {...p} placeholder={s?.measurement_id ?? 'G-ABC123XYZ9'} />}
        </FormField>
        <FormField form={form} name="api_secret" label={t('ga4.apiSecret')} hint={t('ga4.apiSecretHint')}>
          {(p) => <input {...p} type="password" autoComplete="off" />}
        </FormField>
        <div className="row">
          <button className="btn btn-primary" disabled={form.busy}>
            {form.busy ? t('app.saving') : t('ga4.save')}
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
