import { useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { ProblemAlert, queryProblem, useSubmit } from '../../ui/forms';
import type { Issue, SchemaNode } from './contract-schema';
import { SchemaSection } from './schema-form';
import { PassportGrants, PassportVersions } from './passport-panels';
import { PublicationCard } from './PublicationCard';
import { PassportReadings } from './PassportReadings';
import { FromModelNote, ModelOfGtin } from './model-link';
import { useModelPassport } from '../../api/hooks/passportModels';
import './dpp.css';
import { mergePatch } from './merge-patch';
import { useContractSchemas } from '../../api/hooks/passports/use-contract-schemas';
import { usePassport } from '../../api/hooks/passports/use-passport';
import { usePassportWrites } from '../../api/hooks/passports/use-passport-writes';
import { sectionsOf, sectionOf } from './editor/progress';
import { useDraft, useFillFrom } from './editor/use-draft';
import { useChecked } from './editor/use-checked';
import { PassportHead } from './editor/PassportHead';
import { JsonImport } from './editor/JsonImport';
import { QrDownloads } from './editor/QrDownloads';
import { StartFrom } from './editor/StartFrom';
import { PreviewLink } from './editor/PreviewLink';
import { StepList, StepNav } from './editor/Steps';
import { useSectionName } from './editor/use-words';
import './editor/editor.css';

export default function PassportEditor() {
  const { id } = useParams();
  const { t } = useI18n();
  const sectionName = useSectionName();
  const writes = usePassportWrites();
  const navigate = useNavigate();
  const schemas = useContractSchemas<SchemaNode>();
  const p = usePassport(id);
  const passport = p.data;
  // "New battery of this model": GTIN, category and the model's data to start from.
  const modelId = useSearchParams()[0].get('model');
  const model = useModelPassport(id ? null : modelId).data;
  const dataSchema = schemas.data?.PassportData ?? { $ref: 'PassportData' };
  const sections = useMemo(
    () => (schemas.data ? sectionsOf(schemas.data, dataSchema) : []),
    [schemas.data, dataSchema],
  );
  const draft = useDraft(sections);
  useFillFrom(passport, draft.fill);
  const fromModel = useMemo(() => model && { gtin: model.gtin, category: model.category, data: model.data }, [model]);
  useFillFrom(fromModel, draft.fill);
  const save = useSubmit(async () => {
    if (id) {
      // The passport, its versions and the list all change.
      const patch = { battery_status: draft.head.battery_status, data: mergePatch(passport?.data ?? {}, draft.data) };
      await writes.update(id, patch);
    } else {
      const created = await writes.create(draft.body);
      void navigate(`/passports/${created.id}`);
    }
  });
  const checked = useChecked(draft.body, draft.head.category, draft.seen, save.fields);
  const problem = queryProblem(p);
  const contractProblem = queryProblem(schemas);
  const blocking = problem.alone ?? contractProblem.alone;
  if (blocking) return <ProblemAlert problem={blocking} />;
  if ((id && !passport) || !schemas.data) return <p>{t('app.loading')}</p>;
  const firstWithError = (issues: Issue[]) =>
    sections.findIndex((s) => issues.some((i) => i.severity === 'error' && sectionOf(i.path) === s.key));
  const submit = async () => {
    draft.showAll();
    await save.run();
    const at = firstWithError(checked.all);
    if (at >= 0) draft.goTo(at);
  };
  const stepProps = { sections, step: draft.step, issues: checked.shown, onStep: draft.goTo };
  return (
    <section>
      <ProblemAlert problem={problem.above ?? contractProblem.above} />
      <div className="page-head">
        <h1>{passport ? `${t('dpp.passport')} ${passport.gtin} / ${passport.serial}` : t('dpp.new')}</h1>
        <Link className="btn" to="/passports">
          {t('dpp.title')}
        </Link>
      </div>
      {passport ? (
        <PublicationCard
          passport={passport}
          confirm={{ publish: t('dpp.publishConfirm'), archive: t('dpp.archiveConfirm') }}
          onAct={(what) => (what === 'publish' ? writes.publish(passport.id) : writes.archive(passport.id))}
          preview={<PreviewLink id={passport.id} />}
        >
          <ModelOfGtin gtin={passport.gtin} />
          <QrDownloads id={passport.id} name={`dpp-${passport.gtin}-${passport.serial}`} />
        </PublicationCard>
      ) : null}
      {model ? <FromModelNote model={model} /> : null}
      {!id && !modelId ? <StartFrom onExample={draft.fill} /> : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ProblemAlert problem={save.problem} fields={save.fields} />
        <p className="muted small" role="status" data-testid="validation-summary">
          {checked.summary}
        </p>
        <PassportHead head={draft.head} locked={!!id} issues={checked.shown} onChange={draft.setHeadField} />
        <JsonImport onImport={(j) => draft.fill(j, !!id)} />
        <p className="muted small">{t('dpp.legend')}</p>
        <div className="dpp-stepper">
          <StepList {...stepProps} data={draft.data} />
          <div className="dpp-step-body">
            <SchemaSection
              root={schemas.data}
              schema={dataSchema}
              section={sections[draft.step]?.key ?? ''}
              title={sectionName(sections[draft.step]?.key ?? '')}
              data={draft.data}
              issues={checked.shown}
              required={checked.required}
              onChange={draft.setField}
            />
            <StepNav {...stepProps} />
          </div>
        </div>
        <button className="btn btn-primary" disabled={save.busy}>
          {id ? t('dpp.saveVersion') : t('dpp.create')}
        </button>
      </form>
      {passport ? <PassportReadings passport={passport} /> : null}
      {passport ? <PassportVersions id={passport.id} /> : null}
      {passport ? <PassportGrants id={passport.id} /> : null}
    </section>
  );
}
