// The code editor's form on useApiForm: the Draft (code-form.ts) as typed, the create or update
// body as sent, checked by the API's schema first (createCode, updateCode).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { createCode, updateCode } from '@qrs/sdk/forms';
import type { Code } from '../../api/client';
import { useCodeWrites } from '../../api/hooks/codes/use-code-writes';
import { useI18n } from '../../i18n/i18n';
import { ProblemAlert } from '../../ui/forms';
import { useIsPhone } from '../../ui/media';
import { useApiForm } from '../../ui/use-api-form';
import { draftOf, emptyDraft, writeBody, type Draft } from '../code-form';
import { AbTest } from './AbTest';
import { CodeDesign } from './CodeDesign';
import { Preview, PreviewBar } from './CodePreview';
import { ContentFieldset } from './ContentFieldset';
import { designFilled } from './design-form';
import { ExpiryFields } from './ExpiryFields';
import { Fold } from './Fold';
import { RedirectOptions } from './RedirectOptions';
import { StyleFields } from './StyleFields';
import { TagsFields } from './TagsFields';
import { useConditionCheck } from './use-condition-check';

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

export function CodeEditForm({ mode, code }: { mode: 'create' | 'update'; code?: Code }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const writes = useCodeWrites();
  const phone = useIsPhone();
  const [defaults] = useState(() => (code ? draftOf(code) : emptyDraft()));
  const form = useApiForm<Draft, Record<string, unknown>>({
    body: mode === 'create' ? createCode : updateCode,
    defaults,
    toBody: (d) => writeBody(d, mode),
  });
  // A copy: react-hook-form changes its values in place, and the preview keys on the draft.
  const draft = structuredClone(form.watch());
  const conditions = useConditionCheck(form);
  const send = form.submit(async (body) => {
    const saved = mode === 'create' ? await writes.create(body) : await writes.update(code!.id, body);
    // navigate's promise settles once the route renders; route errors reach the error element, never a rejection.
    void navigate(`/codes/${saved.id}`);
  });
  const f = form.fields;
  const submit = (
    <button className="btn btn-primary" disabled={form.busy}>
      {form.busy ? t('app.saving') : mode === 'create' ? t('edit.create') : t('app.save')}
    </button>
  );
  return (
    <>
      <ProblemAlert problem={form.problem} fields={form.fields} />
      {conditions.shown ? (
        <p className="alert alert-error" role="alert" data-testid="rule-errors">
          {t('app.fixFields')}
        </p>
      ) : null}
      <div className="editor">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (conditions.check()) void send();
          }}
          noValidate
        >
          <ContentFieldset mode={mode} form={form} draft={draft} />
          <StyleFields form={form} draft={draft} />
          <Fold summary={t('design.legend')} filled={designFilled(draft.style)} errors={f} prefixes={DESIGN_POINTERS}>
            <CodeDesign form={form} draft={draft} />
          </Fold>
          {draft.type === 'url' && draft.dynamic ? (
            <>
              <AbTest form={form} draft={draft} />
              <ExpiryFields form={form} draft={draft} />
              <RedirectOptions form={form} draft={draft} />
            </>
          ) : null}
          <TagsFields mode={mode} form={form} draft={draft} />
          {phone ? <PreviewBar draft={draft}>{submit}</PreviewBar> : submit}
        </form>
        {phone ? null : <Preview draft={draft} />}
      </div>
    </>
  );
}
