import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, type Code } from '../api/client';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/en';
import { RATIO_DIGITS } from '../i18n/format';
import { useCode, useCodeDownloads, useCodeWrites, useQrPreview } from '../api/hooks/codes';
import { Field, ProblemAlert, saveBlob, useErrorText, useSubmit } from '../ui/forms';
import { CODE_TYPES, type CodeType } from './Codes';
import { ContentExtras, PageSwitch } from './code/ContentFields';
import { emptyConditions, type MoreDraft } from './code/content-draft';
import { RedirectOptions } from './code/RedirectOptions';
import { ShortCodeField } from './code/ShortCodeField';
import { CodeDesign } from './code/CodeDesign';
import { CONTENT_FIELDS, contrast, draftOf, emptyDraft, previewBody, shares, writeBody, type Draft } from './code-form';

export function Downloads({ code }: { code: Code }) {
  const { t } = useI18n();
  const downloads = useCodeDownloads();
  const dl = useSubmit(async (fmt: 'svg' | 'png' | 'pdf' | 'eps') => {
    const blob = await downloads.qr(code.id, fmt);
    saveBlob(blob, `${code.id}.${fmt}`);
  });
  return (
    <div className="downloads" role="group" aria-label={t('edit.downloads')}>
      <span>{t('edit.downloads')}:</span>
      {(['svg', 'png', 'pdf', 'eps'] as const).map((f) => (
        <button key={f} type="button" className="btn btn-small" onClick={() => void dl.run(f)}>
          {f.toUpperCase()}
        </button>
      ))}
      <ProblemAlert problem={dl.problem} />
    </div>
  );
}

function typedSomething(b: { url?: string; content?: Record<string, unknown> }): boolean {
  if (b.url !== undefined) return b.url.trim() !== '';
  return Object.values(b.content ?? {}).some((v) => (typeof v === 'string' ? v.trim() !== '' : typeof v === 'number'));
}

function Preview({ draft }: { draft: Draft }) {
  const { t } = useI18n();
  const previewWords = useErrorText();
  const body = useMemo(() => previewBody(draft), [draft]);
  const [debounced, setDebounced] = useState(body);
  useEffect(() => {
    const h = setTimeout(() => setDebounced(body), 250);
    return () => clearTimeout(h);
  }, [body]);
  // Nothing typed yet: no request (a preview per empty form was a third of a walk's previews).
  const q = useQrPreview(debounced, { enabled: typedSomething(debounced), live: true });
  const url = useMemo(() => (q.data ? URL.createObjectURL(q.data) : null), [q.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  const err = q.error instanceof ApiError ? q.error.problem : null;
  return (
    <aside className="preview" aria-labelledby="preview-h">
      <h2 id="preview-h">{t('edit.preview')}</h2>
      {url ? (
        <img
          src={url}
          alt={t('edit.preview')}
          width={220}
          height={220}
          data-testid="preview-img"
          className={err ? 'stale' : ''}
        />
      ) : (
        <div className="preview-empty" />
      )}
      {err ? (
        <p className="field-error" role="status" data-testid="preview-error">
          {t('edit.previewError', { detail: previewWords(err) })}
        </p>
      ) : null}
      <p className="muted small">{t('edit.previewNote')}</p>
      {draft.type === 'url' && draft.dynamic ? <p className="muted small">{t('edit.previewDynamic')}</p> : null}
    </aside>
  );
}

export function CodeEdit() {
  const { id } = useParams();
  const mode = id ? 'update' : 'create';
  const { t, fmt } = useI18n();
  const navigate = useNavigate();
  const writes = useCodeWrites();
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
  const ratio = contrast(draft.foreground, draft.background);
  const pct = shares(draft.destinations);
  const total = draft.destinations.reduce((a, d) => a + (Number(d.weight) || 0), 0);
  const isDynamicUrl = draft.type === 'url' && draft.dynamic;
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
                <ContentExtras type={draft.type} {...more} />
              </>
            )}
            {draft.dynamic ? <ShortCodeField {...more} /> : null}
          </fieldset>
          <fieldset>
            <legend>{t('edit.style')}</legend>
            <div className="row">
              <Field label={t('edit.fg')} pointer="/style/foreground" errors={f}>
                {(p) => <input {...p} value={draft.foreground} onChange={(e) => set({ foreground: e.target.value })} />}
              </Field>
              <Field label={t('edit.bg')} pointer="/style/background" errors={f}>
                {(p) => <input {...p} value={draft.background} onChange={(e) => set({ background: e.target.value })} />}
              </Field>
            </div>
            <p className={`small ${ratio !== null && ratio < 3 ? 'field-error' : 'muted'}`} data-testid="contrast">
              {t('edit.contrastRule', { ratio: ratio === null ? '?' : fmt.number(ratio, RATIO_DIGITS) })}
            </p>
            <div className="row">
              <Field label={t('edit.ecc')} pointer="/style/error_correction" errors={f} hint={t('edit.eccHint')}>
                {(p) => (
                  <select {...p} value={draft.ecc} onChange={(e) => set({ ecc: e.target.value as Draft['ecc'] })}>
                    <option value="">{t('words.ecc.default')}</option>
                    <option value="L">L (7 %)</option>
                    <option value="M">M (15 %)</option>
                    <option value="Q">Q (25 %)</option>
                    <option value="H">H (30 %)</option>
                  </select>
                )}
              </Field>
              <Field label={t('edit.margin')} pointer="/style/margin" errors={f} hint={t('edit.marginHint')}>
                {(p) => (
                  <input
                    {...p}
                    inputMode="numeric"
                    placeholder="4"
                    value={draft.margin}
                    onChange={(e) => set({ margin: e.target.value })}
                  />
                )}
              </Field>
            </div>
          </fieldset>
          <CodeDesign draft={draft} set={set} errors={f} />
          {isDynamicUrl ? (
            <>
              <fieldset>
                <legend>{t('edit.ab')}</legend>
                <div className="field check">
                  <label>
                    <input
                      type="checkbox"
                      checked={draft.abEnabled}
                      onChange={(e) => set({ abEnabled: e.target.checked })}
                    />{' '}
                    {t('edit.ab')}
                  </label>
                </div>
                {draft.abEnabled ? (
                  <>
                    <p className="muted small">{t('edit.abHint')}</p>
                    {draft.destinations.map((d, i) => (
                      <div className="row ab-row" key={i}>
                        <Field label={t('edit.abUrl', { n: i + 1 })} pointer={`/destinations/${i}/url`} errors={f}>
                          {(p) => (
                            <input
                              {...p}
                              type="url"
                              value={d.url}
                              onChange={(e) =>
                                set({
                                  destinations: draft.destinations.map((x, j) =>
                                    j === i ? { ...x, url: e.target.value } : x,
                                  ),
                                })
                              }
                            />
                          )}
                        </Field>
                        <Field
                          label={t('edit.abWeight', { n: i + 1 })}
                          pointer={`/destinations/${i}/weight`}
                          errors={f}
                        >
                          {(p) => (
                            <input
                              {...p}
                              inputMode="numeric"
                              className="short"
                              value={d.weight}
                              onChange={(e) =>
                                set({
                                  destinations: draft.destinations.map((x, j) =>
                                    j === i ? { ...x, weight: e.target.value } : x,
                                  ),
                                })
                              }
                            />
                          )}
                        </Field>
                        <span className="share">{pct ? t('edit.abShare', { pct: fmt.number(pct[i]) }) : ''}</span>
                        <button
                          type="button"
                          className="btn btn-small"
                          disabled={draft.destinations.length <= 1}
                          onClick={() => set({ destinations: draft.destinations.filter((_, j) => j !== i) })}
                        >
                          {t('edit.abRemove', { n: i + 1 })}
                        </button>
                      </div>
                    ))}
                    <p className={`small ${pct ? 'muted' : 'field-error'}`} data-testid="ab-sum">
                      {pct ? t('edit.abSum', { total: fmt.number(total) }) : t('edit.abWeightBad')}
                    </p>
                    {draft.destinations.length < 20 ? (
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => set({ destinations: [...draft.destinations, { url: '', weight: '1' }] })}
                      >
                        {t('edit.abAdd')}
                      </button>
                    ) : null}
                  </>
                ) : null}
              </fieldset>
              <fieldset>
                <legend>{t('edit.expiry')}</legend>
                <div className="row">
                  <Field label={t('edit.expiresAt')} pointer="/expires_at" errors={f}>
                    {(p) => (
                      <input
                        {...p}
                        type="datetime-local"
                        value={draft.expiresAt}
                        onChange={(e) => set({ expiresAt: e.target.value })}
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
              <RedirectOptions {...more} />
            </>
          ) : null}
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
          <button className="btn btn-primary" disabled={save.busy}>
            {save.busy ? t('app.saving') : mode === 'create' ? t('edit.create') : t('app.save')}
          </button>
        </form>
        <Preview draft={draft} />
      </div>
    </section>
  );
}
