import { useState } from 'react';
import { useScansExport } from '../../api/hooks/analytics';
import { useI18n } from '../../i18n/i18n';
import { Field, ProblemAlert, saveBlob, useSubmit } from '../../ui/forms';
import { DateInput } from '../../ui/DateInput';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Every scan of the workspace in a date range, as CSV (GET /v1/scans.csv). */
export function ScansExport() {
  const { t } = useI18n();
  const [from, setFrom] = useState(() => day(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(() => day(new Date()));
  const [bots, setBots] = useState(true);
  const scansCsv = useScansExport();
  const run = useSubmit(async () => {
    saveBlob(await scansCsv(from, to, bots), `scans-${from}-${to}.csv`);
  });
  return (
    <section>
      <h1>{t('export.title')}</h1>
      <p className="muted">{t('export.hint')}</p>
      <form
        className="narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run.run();
        }}
      >
        <ProblemAlert problem={run.problem} fields={run.fields} />
        <Field label={t('detail.from')} pointer="/from" errors={run.fields}>
          {(p) => <DateInput {...p} value={from} onChange={setFrom} />}
        </Field>
        <Field label={t('detail.to')} pointer="/to" errors={run.fields}>
          {(p) => <DateInput {...p} value={to} onChange={setTo} />}
        </Field>
        <label className="check">
          <input type="checkbox" checked={bots} onChange={(e) => setBots(e.target.checked)} /> {t('export.bots')}
        </label>
        <button className="btn btn-primary" disabled={run.busy}>
          {t('export.download')}
        </button>
      </form>
    </section>
  );
}
