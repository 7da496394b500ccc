import { useState } from 'react';
import { usePassportReadingWrites } from '../../api/hooks/passportReadings';
import { useContractSchemas } from '../../api/hooks/passports/use-contract-schemas';
import { useI18n } from '../../i18n/i18n';
import { useCan } from '../../ui/can';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { ReadingsHistory } from './ReadingsHistory';
import { ATTRIBUTES, attributeLabel, HEADLINE, localNow, readingValue, unitOf, type Attribute } from './readings-words';
import type { SchemaNode } from './contract-schema';

type Dynamic = Partial<Record<Attribute, { value: number | string; lastUpdate: string }>>;

/** The newest state of health and charge, as the passport holds them after its readings. */
function LatestReadings({ dynamic, units }: { dynamic: Dynamic; units: (a: Attribute) => string | undefined }) {
  const { t, fmtNumber, fmtDate } = useI18n();
  return (
    <dl className="billing-facts" data-testid="latest-readings" aria-label={t('readings.latest')}>
      {HEADLINE.map((a) => {
        const v = dynamic[a];
        return (
          <div key={a} className="contents">
            <dt>{t(attributeLabel(a))}</dt>
            <dd data-testid={`latest-${a}`}>
              {v
                ? t('readings.latestValue', {
                    value: `${typeof v.value === 'number' ? fmtNumber(v.value) : v.value} ${units(a) ?? ''}`.trim(),
                    date: fmtDate(v.lastUpdate),
                  })
                : t('readings.notYet')}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * Dynamic data of a battery passport: the latest values, recording a reading (for those who may
 * write passports, while it is not archived), and the history of one value.
 */
export function PassportReadings({
  passport,
}: {
  passport: { id: string; data: unknown; publication_status: string };
}) {
  const { t } = useI18n();
  const may = useCan('dpp.write') && passport.publication_status !== 'archived';
  const schemas = useContractSchemas<SchemaNode>();
  const writes = usePassportReadingWrites();
  const [attribute, setAttribute] = useState<Attribute>('stateOfHealth');
  const [value, setValue] = useState('');
  const [measured, setMeasured] = useState(localNow);
  const [done, setDone] = useState(false);
  const units = (a: Attribute) => unitOf(schemas.data, a);
  const record = useSubmit(async () => {
    setDone(false);
    const at = measured ? new Date(measured).toISOString() : '';
    await writes.record(passport.id, [{ attribute, value: readingValue(attribute, value), measured_at: at }]);
    setValue('');
    setDone(true);
  });
  const dynamic = ((passport.data as { performance?: { dynamic?: Dynamic } }).performance?.dynamic ?? {}) as Dynamic;
  const unit = units(attribute);
  return (
    <section aria-labelledby="readings-head" data-testid="passport-readings">
      <h2 id="readings-head">{t('readings.title')}</h2>
      <LatestReadings dynamic={dynamic} units={units} />
      <p className="muted small">{t('readings.hint')}</p>
      <form
        className="narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void record.run();
        }}
      >
        <ProblemAlert problem={record.problem} fields={record.fields} />
        {done ? (
          <p className="alert alert-ok" role="status">
            {t('readings.recorded')}
          </p>
        ) : null}
        <Field label={t('readings.attribute')} pointer="/readings/0/attribute" errors={record.fields}>
          {(p) => (
            <select {...p} value={attribute} onChange={(e) => setAttribute(e.target.value as Attribute)}>
              {ATTRIBUTES.map((a) => (
                <option key={a} value={a}>
                  {t(attributeLabel(a))}
                </option>
              ))}
            </select>
          )}
        </Field>
        {may ? (
          <>
            <Field
              label={unit ? t('readings.valueIn', { unit }) : t('readings.value')}
              pointer="/readings/0/value"
              errors={record.fields}
            >
              {(p) => <input {...p} value={value} onChange={(e) => setValue(e.target.value)} />}
            </Field>
            <Field label={t('readings.measuredAt')} pointer="/readings/0/measured_at" errors={record.fields}>
              {(p) => (
                <input {...p} type="datetime-local" value={measured} onChange={(e) => setMeasured(e.target.value)} />
              )}
            </Field>
            <button className="btn btn-primary" disabled={record.busy}>
              {t('readings.record')}
            </button>
          </>
        ) : null}
      </form>
      <ReadingsHistory passportId={passport.id} attribute={attribute} unit={unit} />
    </section>
  );
}
