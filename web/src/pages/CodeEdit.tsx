import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, type Code } from '../api/client';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/en';
import { useCode } from '../api/hooks/codes/use-code';
import { useCodeDownloads } from '../api/hooks/codes/use-code-downloads';
import { useCodeWrites } from '../api/hooks/codes/use-code-writes';
import { Field, ProblemAlert, saveBlob, useSubmit } from '../ui/forms';
import { useIsPhone } from '../ui/media';
import { QrDownloadButtons } from '../ui/QrDownloadButtons';
import { DateInput } from '../ui/DateInput';
import { TimeInput } from '../ui/TimeInput';
import { CODE_TYPES, type CodeType } from './Codes';
import { ContentExtras, PageSwitch } from './code/ContentFields';
import { emptyConditions, type MoreDraft } from './code/content-draft';
import { RedirectOptions } from './code/RedirectOptions';
import { ShortCodeField } from './code/ShortCodeField';
import { CodeDesign } from './code/CodeDesign';
import { CONTENT_FIELDS, draftOf, emptyDraft, writeBody, type Draft } from './code-form';
import { StyleFields } from './code/StyleFields';
import { AbTest } from './code/AbTest';
import { Fold } from './code/Fold';
import { Preview, PreviewBar } from './code/CodePreview';
import { designFilled } from './code/design-form';

export function Downloads({ code }: { code: Code }) {
  const downloads = useCodeDownloads();
  return (
    <QrDownloadButtons
      save={async (fmt) => {
        // Named as the server names it (the code's title, else its short code), not by its id.
        const file = await downloads.qr(code.id, fmt);
        saveBlob(file.blob, file.filename ?? `${code.short_code ?? code.id}.${fmt}`);
      }}
    />
  );
}

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
          <fieldset>
            <legend>{t('edit.content')}</legend>
            <Field label={t('codes.type')} pointer="/type" errors={f}>
              {(p) => (
                <select
                  {...p}
                  value={draft.type}
                  disabled={mode === 'update'}
                  onChange={(e) => {
                    const type = e.target.value as CodeType;
                    setDraft({
                      ...emptyDraft(type),
                      title: draft.title,
                      tags: draft.tags,
                      foreground: draft.foreground,
                      background: draft.background,
                      ecc: draft.ecc,
                      margin: draft.margin,
                      design: draft.design,
                    });
                  }}
                >
                  {CODE_TYPES.map((c) => (
                    <option key={c} value={c}>
                      {t(`type.${c}` as MessageKey)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('edit.title')} pointer="/title" errors={f}>
              {(p) => <input {...p} value={draft.title} onChange={(e) => set({ title: e.target.value })} />}
            </Field>
            {draft.type === 'url' ? (
              <>
                <div className="field check">
                  <label>
                    <input
                      type="checkbox"
                      checked={draft.dynamic}
                      disabled={mode === 'update'}
                      onChange={(e) => set({ dynamic: e.target.checked })}
                    />{' '}
                    {t('edit.dynamic')}
                  </label>
                </div>
                <Field label={t('edit.url')} pointer="/url" errors={f}>
                  {(p) => (
                    <input
                      {...p}
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      value={draft.url}
                      onChange={(e) => set({ url: e.target.value })}
                    />
                  )}
                </Field>
              </>
            ) : (
              <>
                <PageSwitch
                  type={draft.type}
                  dynamic={draft.dynamic}
                  mode={mode}
                  onDynamic={(v) => set({ dynamic: v })}
                />
                {CONTENT_FIELDS[draft.type].map((cf) => {
                  const pointer = `/content/${cf.key.replace('.', '/')}`;
                  const value = draft.content[cf.key] ?? '';
                  const setValue = (v: string) => set({ content: { ...draft.content, [cf.key]: v } });
                  if (cf.kind === 'checkbox') {
                    return (
                      <div className="field check" key={cf.key}>
                        <label>
                          <input
                            type="checkbox"
                            checked={value === 'true'}
                            onChange={(e) => setValue(String(e.target.checked))}
                          />{' '}
                          {t(cf.label)}
                        </label>
                      </div>
                    );
                  }
                  return (
                    <Field key={cf.key} label={t(cf.label)} pointer={pointer} errors={f}>
                      {(p) =>
                        cf.kind === 'textarea' ? (
                          <textarea {...p} rows={3} value={value} onChange={(e) => setValue(e.target.value)} />
                        ) : cf.kind === 'wifi' ? (
                          <select {...p} value={value || 'WPA'} onChange={(e) => setValue(e.target.value)}>
                            <option value="WPA">WPA/WPA2</option>
                            <option value="WEP">WEP</option>
                            <option value="nopass">{t('edit.wifiNone')}</option>
                          </select>
                        ) : (
                          <input
                            {...p}
                            type={cf.kind === 'number' ? 'text' : (cf.kind ?? 'text')}
                            inputMode={cf.kind === 'number' ? 'decimal' : undefined}
                            value={value}
                            onChange={(e) => setValue(e.target.value)}
                          />
                        )
                      }
                    </Field>
                  );
                })}
                <ContentExtras type={draft.type} content={draft.content} {...more} />
              </>
            )}
            {draft.dynamic ? <ShortCodeField {...more} /> : null}
          </fieldset>
          <StyleFields draft={draft} set={set} errors={f} />
          <Fold summary={t('design.legend')} filled={designFilled(draft.design)} errors={f} prefixes={DESIGN_POINTERS}>
            <CodeDesign draft={draft} set={set} errors={f} />
          </Fold>
          {isDynamicUrl ? (
            <>
              <AbTest draft={draft} set={set} errors={f} />
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
                          onChange={(day) =>
                            set({ expiresAt: day ? `${day}T${draft.expiresAt.slice(11, 16) || '00:00'}` : '' })
                          }
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
                      <input
                        {...p}
                        type="url"
                        value={draft.fallbackUrl}
                        onChange={(e) => set({ fallbackUrl: e.target.value })}
                      />
                    )}
                  </Field>
                </fieldset>
              </Fold>
              <RedirectOptions {...more} />
            </>
          ) : null}
          <Fold
            summary={t('edit.tags')}
            filled={mode === 'update' || draft.tags.trim() !== ''}
            errors={f}
            prefixes={['/tags', '/status']}
          >
            <fieldset>
              <legend>{t('edit.tags')}</legend>
              <Field label={t('edit.tags')} pointer="/tags" errors={f} hint={t('edit.tagsHint')}>
                {(p) => <input {...p} value={draft.tags} onChange={(e) => set({ tags: e.target.value })} />}
              </Field>
              {mode === 'update' && draft.status ? (
                <Field label={t('edit.status')} pointer="/status" errors={f}>
                  {(p) => (
                    <select
                      {...p}
                      value={draft.status}
                      onChange={(e) => set({ status: e.target.value as Draft['status'] })}
                    >
                      <option value="active">{t('status.active')}</option>
                      <option value="paused">{t('status.paused')}</option>
                    </select>
                  )}
                </Field>
              ) : null}
            </fieldset>
          </Fold>
          {phone ? <PreviewBar draft={draft}>{submit}</PreviewBar> : submit}
        </form>
        {phone ? null : <Preview draft={draft} />}
      </div>
    </section>
  );
}
