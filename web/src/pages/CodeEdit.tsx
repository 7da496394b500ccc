import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n/i18n';
import { useCode } from '../api/hooks/codes/use-code';
import { useCodeWrites } from '../api/hooks/codes/use-code-writes';
import { ProblemAlert, useSubmit } from '../ui/forms';
import { useIsPhone } from '../ui/media';
import { emptyConditions, type MoreDraft } from './code/content-draft';
import { RedirectOptions } from './code/RedirectOptions';
import { CodeDesign } from './code/CodeDesign';
import { draftOf, emptyDraft, writeBody, type Draft } from './code-form';
import { StyleFields } from './code/StyleFields';
import { AbTest } from './code/AbTest';
import { Fold } from './code/Fold';
import { Preview, PreviewBar } from './code/CodePreview';
import { designFilled } from './code/design-form';
import { Downloads } from './code/CodeDownloads';
import { ContentFieldset } from './code/ContentFieldset';
import { ExpiryFields } from './code/ExpiryFields';
import { TagsFields } from './code/TagsFields';

const DESIGN_POINTERS = [
  '/style/brand_kit_id',
  '/style/module_shape',
  '/style/eye_shape',
  '/style/eye_color',
  '/style/gradient',
  '/style/logo_id',
  '/style/logo_size',
  '/style/frame',
];

export function CodeEdit() {
  const { id } = useParams();
  const mode = id ? 'update' : 'create';
  const { t } = useI18n();
  const navigate = useNavigate();
  const writes = useCodeWrites();
  const phone = useIsPhone();
  const existing = useCode(id);
  const [draft, setDraft] = useState<Draft | null>(id ? null : emptyDraft());
  useEffect(() => {
    if (existing.data && !draft) setDraft(draftOf(existing.data));
  }, [existing.data, draft]);
  // Worded when shown, so a language switch rewords them.
  const [ruleErrors, setRuleErrors] = useState<ReturnType<typeof emptyConditions>>([]);
  const save = useSubmit(async () => {
    if (!draft) return;
    const code =
      mode === 'create'
        ? await writes.create(writeBody(draft, 'create'))
        : await writes.update(id!, writeBody(draft, 'update'));
    // navigate's promise settles once the route renders; route errors reach the error element, never a rejection.
    void navigate(`/codes/${code.id}`);
  });
  if (existing.error instanceof ApiError) return <ProblemAlert problem={existing.error.problem} />;
  if (!draft) return <p>{t('app.loading')}</p>;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  // Functional: a PDF upload finishes after other edits.
  const setMore = (patch: Partial<MoreDraft>) => {
    if (patch.rules) setRuleErrors([]);
    setDraft((d) => d && { ...d, more: { ...d.more, ...patch } });
  };
  const more = {
    more: draft.more,
    setMore,
    errors: {
      ...save.fields,
      ...Object.fromEntries(ruleErrors.map((x) => [x.pointer, t(x.key, { n: x.n })])),
    },
  };
  const f = save.fields;
  const isDynamicUrl = draft.type === 'url' && draft.dynamic;
  const submit = (
    <button className="btn btn-primary" disabled={save.busy}>
      {save.busy ? t('app.saving') : mode === 'create' ? t('edit.create') : t('app.save')}
    </button>
  );
  return (
    <section>
      <h1>{mode === 'create' ? t('edit.createTitle') : t('edit.editTitle')}</h1>
      {existing.data ? <Downloads code={existing.data} /> : null}
      <ProblemAlert problem={save.problem} fields={save.fields} />
      {ruleErrors.length ? (
        <p className="alert alert-error" role="alert" data-testid="rule-errors">
          {t('app.fixFields')}
        </p>
      ) : null}
      <div className="editor">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const empty = draft.type === 'url' && draft.dynamic ? emptyConditions(draft.more.rules) : [];
            setRuleErrors(empty);
            if (!empty.length) void save.run();
          }}
          noValidate
        >
          <ContentFieldset mode={mode} draft={draft} set={set} replace={setDraft} errors={f} more={more} />
          <StyleFields draft={draft} set={set} errors={f} />
          <Fold summary={t('design.legend')} filled={designFilled(draft.design)} errors={f} prefixes={DESIGN_POINTERS}>
            <CodeDesign draft={draft} set={set} errors={f} />
          </Fold>
          {isDynamicUrl ? (
            <>
              <AbTest draft={draft} set={set} errors={f} />
              <ExpiryFields draft={draft} set={set} errors={f} />
              <RedirectOptions {...more} />
            </>
          ) : null}
          <TagsFields mode={mode} draft={draft} set={set} errors={f} />
          {phone ? <PreviewBar draft={draft}>{submit}</PreviewBar> : submit}
        </form>
        {phone ? null : <Preview draft={draft} />}
      </div>
    </section>
  );
}
