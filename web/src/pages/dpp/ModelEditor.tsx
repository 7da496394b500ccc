import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useModelPassport, useModelPassportWrites } from '../../api/hooks/passportModels';
import { useContractSchemas } from '../../api/hooks/passports/use-contract-schemas';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { Field, ProblemAlert, useSubmit } from '../../ui/forms';
import { CATEGORIES, modelName } from './categories';
import { mergePatch } from './merge-patch';
import { ModelBatteries } from './ModelBatteries';
import { MODEL_REQUIRED, publicOnly } from './public-schema';
import { PublicationCard } from './PublicationCard';
import { setAt, type Issue, type SchemaNode } from './contract-schema';
import { SchemaForm } from './schema-form';
import './dpp.css';

/** A model passport: GTIN and category (fixed once created), its public data, publishing, its batteries. */
export default function ModelEditor() {
  const { id } = useParams();
  const { t } = useI18n();
  const navigate = useNavigate();
  const writes = useModelPassportWrites();
  const schemas = useContractSchemas<SchemaNode>();
  const q = useModelPassport(id);
  const m = q.data;
  const [gtin, setGtin] = useState('');
  const [category, setCategory] = useState('ev');
  const [data, setData] = useState<unknown>({});
  useEffect(() => {
    if (!m) return;
    setGtin(m.gtin);
    setCategory(m.category);
    setData(m.data);
  }, [m]);
  const schema = useMemo(() => schemas.data && publicOnly(schemas.data, schemas.data.PassportData), [schemas.data]);
  const save = useSubmit(async () => {
    if (m) return writes.update(m.id, mergePatch(m.data, data));
    const created = await writes.create({ gtin, category, data });
    void navigate(`/passports/models/${created.id}`);
  });
  // The server's refusals at /data/… beside their fields, in the form's own words.
  const issues: Issue[] = Object.values(save.fields)
    .filter((f) => f.pointer.startsWith('/data/'))
    .map((f) => ({ path: f.pointer, code: f.code, message: f.detail, severity: 'error' }));
  const failed = q.error ?? schemas.error;
  if (failed instanceof ApiError) return <ProblemAlert problem={failed.problem} />;
  if ((id && !m) || !schemas.data || !schema) return <p>{t('app.loading')}</p>;
  return (
    <section>
      <div className="page-head">
        <h1>{m ? `${t('models.model')}: ${modelName(m.data) ?? m.gtin}` : t('models.new')}</h1>
        <Link className="btn" to="/passports/models">
          {t('models.title')}
        </Link>
      </div>
      {m ? (
        <PublicationCard
          passport={m}
          confirm={{ publish: t('models.publishConfirm'), archive: t('models.archiveConfirm') }}
          onAct={(what) => (what === 'publish' ? writes.publish(m.id) : writes.archive(m.id))}
        />
      ) : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save.run();
        }}
      >
        <ProblemAlert problem={save.problem} fields={save.fields} />
        <div className="dpp-head">
          <Field label={t('dpp.gtin')} pointer="/gtin" errors={save.fields}>
            {(p) => (
              <input {...p} value={gtin} disabled={!!m} inputMode="numeric" onChange={(e) => setGtin(e.target.value)} />
            )}
          </Field>
          <Field label={t('dpp.category')} pointer="/category" errors={save.fields}>
            {(p) => (
              <select {...p} value={category} disabled={!!m} onChange={(e) => setCategory(e.target.value)}>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`dppx.category.${c}` as MessageKey)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <p className="muted small">{t('models.publicOnly')}</p>
        <SchemaForm
          root={schemas.data}
          schema={schema}
          data={data}
          issues={issues}
          required={MODEL_REQUIRED}
          onChange={(pointer, v) => setData((d: unknown) => setAt(d, pointer, v))}
        />
        <button className="btn btn-primary" disabled={save.busy || m?.publication_status === 'archived'}>
          {m ? t('dpp.saveVersion') : t('dpp.create')}
        </button>
      </form>
      {m ? <ModelBatteries model={m} /> : null}
    </section>
  );
}
