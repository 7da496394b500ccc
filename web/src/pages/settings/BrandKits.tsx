// The workspace's brand kits: list, and an editor that makes or changes one from a style
// (colours plus the code editor's design fields), with a live preview of the kit.
import { useEffect, useMemo, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { Field, ProblemAlert, toFormProblem, useSubmit, type FieldErrors } from '../../ui/forms';
import {
  useBrandKits,
  useBrandWrites,
  useKitPreview,
  useLogos,
  useObjectUrl,
  type BrandKit,
} from '../../api/hooks/brand';
import { DesignFields } from '../code/DesignFields';
import { ConfirmDelete } from './ConfirmDelete';
import { designDraftOf, designStyleOf, emptyDesign, type DesignDraft } from '../code/design-form';

interface KitDraft {
  id: string | null;
  name: string;
  foreground: string;
  background: string;
  design: DesignDraft;
  /** the hosted pages' look (docs/decisions.md D82) */
  page: { accent: string; background: string; font: string; logo: string };
  pagesDefault: boolean;
}

const PAGE_FONTS = ['system', 'sans', 'serif', 'rounded', 'mono'] as const;
const emptyPage = () => ({ accent: '', background: '', font: '', logo: '' });
const emptyKit = (): KitDraft => ({
  id: null,
  name: '',
  foreground: '',
  background: '',
  design: emptyDesign(),
  page: emptyPage(),
  pagesDefault: false,
});

const kitDraftOf = (k: BrandKit): KitDraft => ({
  id: k.id,
  name: k.name,
  foreground: k.style.foreground ?? '',
  background: k.style.background ?? '',
  design: designDraftOf(k.style),
  page: {
    accent: k.style.page?.accent ?? '',
    background: k.style.page?.background ?? '',
    font: k.style.page?.font ?? '',
    logo: k.style.page?.logo_id ?? '',
  },
  pagesDefault: k.pages_default,
});

/** The page style, or null when the kit leaves the pages alone. */
function pageStyleOf(d: KitDraft) {
  const p = {
    accent: d.page.accent.trim() || null,
    background: d.page.background.trim() || null,
    font: d.page.font || null,
    logo_id: d.page.logo || null,
  };
  return Object.values(p).some((v) => v !== null) ? p : null;
}

/** The kit's style as the API takes it: every field, null where the kit leaves it to the code. */
const kitStyleOf = (d: KitDraft) => ({
  foreground: d.foreground.trim() || null,
  background: d.background.trim() || null,
  ...designStyleOf(d.design, false),
  page: pageStyleOf(d),
});

const SAMPLE_URL = 'https://example.com/';

/** What a code would look like with only this kit: a static sample link, so no short URL is needed. */
function KitPreview({ draft, onProblems }: { draft: KitDraft; onProblems(f: FieldErrors): void }) {
  const { t } = useI18n();
  // The code's look only: the hosted pages' style is no part of a code's style, and the preview refuses it.
  const body = useMemo(() => {
    const { page: _page, ...style } = kitStyleOf(draft);
    return { type: 'url', dynamic: false, url: SAMPLE_URL, style };
  }, [draft]);
  const [debounced, setDebounced] = useState(body);
  useEffect(() => {
    const h = setTimeout(() => setDebounced(body), 250);
    return () => clearTimeout(h);
  }, [body]);
  const q = useKitPreview(debounced);
  const fields = useMemo(() => (q.error ? toFormProblem(q.error).fields : {}), [q.error]);
  useEffect(() => onProblems(fields), [fields, onProblems]);
  const url = useObjectUrl(q.data);
  return (
    <aside className="preview" aria-label={t('design.kitPreview')}>
      {url ? (
        <img src={url} alt={t('design.kitPreview')} data-testid="kit-preview" className={q.error ? 'stale' : ''} />
      ) : (
        <div className="preview-empty" />
      )}
    </aside>
  );
}

function KitSummary({ kit }: { kit: BrandKit }) {
  const { t } = useI18n();
  const logos = useLogos();
  const s = kit.style;
  const opt = (v: string) => t(`design.option.${v}` as MessageKey);
  const parts = [
    s.foreground ? `${t('edit.fg')} ${s.foreground}` : '',
    s.module_shape ? `${t('design.modules')}: ${opt(s.module_shape)}` : '',
    s.eye_shape ? `${t('design.eyes')}: ${opt(s.eye_shape)}` : '',
    s.logo_id ? `${t('design.logo')}: ${logos.data?.find((l) => l.id === s.logo_id)?.name ?? '…'}` : '',
    s.frame ? `${t('design.frameText')}: “${s.frame.text}”` : '',
  ].filter(Boolean);
  return <>{parts.join(' · ') || t('app.none')}</>;
}

export function BrandKits({ may }: { may: boolean }) {
  const { t } = useI18n();
  const writes = useBrandWrites();
  const kits = useBrandKits();
  const [draft, setDraft] = useState<KitDraft>(emptyKit);
  const [previewFields, setPreviewFields] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const save = useSubmit(async () => {
    const body = { name: draft.name.trim(), style: kitStyleOf(draft) as never, pages_default: draft.pagesDefault };
    const kit = await writes.saveKit(draft.id, body);
    setDone(t(draft.id ? 'design.kitSaved' : 'design.kitCreated', { name: kit.name }));
    setDraft(emptyKit());
  });
  const remove = useSubmit(async (id: string) => {
    await writes.removeKit(id);
    setDeleting(null);
    if (draft.id === id) setDraft(emptyKit());
  });
  const fields = useMemo(() => ({ ...previewFields, ...save.fields }), [previewFields, save.fields]);
  const list = kits.data ?? [];
  const set = (patch: Partial<KitDraft>) => {
    setDone(null);
    setDraft({ ...draft, ...patch });
  };
  return (
    <section aria-labelledby="kits-h">
      <h2 id="kits-h">{t('design.kits')}</h2>
      <ProblemAlert problem={remove.problem} />
      {kits.data && list.length === 0 ? (
        <p>{t('design.noKits')}</p>
      ) : (
        <table className="table" data-testid="kits-table">
          <thead>
            <tr>
              <th scope="col">{t('design.name')}</th>
              <th scope="col">{t('design.kitSummary')}</th>
              {may ? (
                <th scope="col">
                  <span className="sr-only">{t('design.edit')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {list.map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td>
                  <KitSummary kit={k} />
                </td>
                {may ? (
                  <td className="nowrap">
                    <button type="button" className="btn btn-small" onClick={() => setDraft(kitDraftOf(k))}>
                      {t('design.edit')}
                      <span className="sr-only"> {k.name}</span>
                    </button>{' '}
                    <ConfirmDelete
                      name={k.name}
                      asking={deleting === k.id}
                      ask={(on) => setDeleting(on ? k.id : null)}
                      onConfirm={() => void remove.run(k.id)}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {done ? (
        <p className="alert alert-ok" role="status">
          {done}
        </p>
      ) : null}
      {may ? (
        <div className="editor kit-editor">
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save.run();
            }}
          >
            <fieldset>
              <legend>{draft.id ? t('design.editKit', { name: draft.name }) : t('design.newKit')}</legend>
              <ProblemAlert problem={save.problem} fields={save.fields} />
              <Field label={t('design.kitName')} pointer="/name" errors={fields}>
                {(p) => (
                  <input {...p} maxLength={100} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
                )}
              </Field>
              <p className="muted small">{t('design.kitColours')}</p>
              <div className="row">
                <Field label={t('edit.fg')} pointer="/style/foreground" errors={fields}>
                  {(p) => (
                    <input
                      {...p}
                      placeholder="#RRGGBB"
                      value={draft.foreground}
                      onChange={(e) => set({ foreground: e.target.value })}
                    />
                  )}
                </Field>
                <Field label={t('edit.bg')} pointer="/style/background" errors={fields}>
                  {(p) => (
                    <input
                      {...p}
                      placeholder="#RRGGBB"
                      value={draft.background}
                      onChange={(e) => set({ background: e.target.value })}
                    />
                  )}
                </Field>
              </div>
              <DesignFields
                value={draft.design}
                onChange={(patch) => set({ design: { ...draft.design, ...patch } })}
                errors={fields}
                unsetLabel={t('design.default')}
              />
            </fieldset>
            <PageStyleFields draft={draft} set={set} errors={fields} />
            <button className="btn btn-primary" disabled={save.busy}>
              {save.busy ? t('app.saving') : draft.id ? t('design.saveKit') : t('design.createKit')}
            </button>{' '}
            {draft.id ? (
              <button type="button" className="btn" onClick={() => setDraft(emptyKit())}>
                {t('app.cancel')}
              </button>
            ) : null}
          </form>
          <KitPreview draft={draft} onProblems={setPreviewFields} />
        </div>
      ) : null}
    </section>
  );
}

/** The hosted pages' look: accent, background, font and logo, and whether the workspace's pages wear it (D82). */
function PageStyleFields({
  draft,
  set,
  errors,
}: {
  draft: KitDraft;
  set(patch: Partial<KitDraft>): void;
  errors: FieldErrors;
}) {
  const { t } = useI18n();
  const logos = useLogos();
  const page = (patch: Partial<KitDraft['page']>) => set({ page: { ...draft.page, ...patch } });
  return (
    <fieldset>
      <legend>{t('design.pageStyle')}</legend>
      <p className="muted small">{t('design.pageStyleNote')}</p>
      <div className="row">
        <Field label={t('design.pageAccent')} pointer="/style/page/accent" errors={errors}>
          {(p) => (
            <input
              {...p}
              placeholder="#RRGGBB"
              value={draft.page.accent}
              onChange={(e) => page({ accent: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('design.pageBackground')} pointer="/style/page/background" errors={errors}>
          {(p) => (
            <input
              {...p}
              placeholder="#RRGGBB"
              value={draft.page.background}
              onChange={(e) => page({ background: e.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="row">
        <Field label={t('design.pageFont')} pointer="/style/page/font" errors={errors}>
          {(p) => (
            <select {...p} value={draft.page.font} onChange={(e) => page({ font: e.target.value })}>
              <option value="">{t('design.default')}</option>
              {PAGE_FONTS.map((f) => (
                <option key={f} value={f}>
                  {t(`design.font.${f}` as MessageKey)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('design.pageLogo')} pointer="/style/page/logo_id" errors={errors}>
          {(p) => (
            <select {...p} value={draft.page.logo} onChange={(e) => page({ logo: e.target.value })}>
              <option value="">{t('app.none')}</option>
              {(logos.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="field check">
        <label>
          <input
            type="checkbox"
            checked={draft.pagesDefault}
            onChange={(e) => set({ pagesDefault: e.target.checked })}
          />{' '}
          {t('design.pagesDefault')}
        </label>
      </div>
    </fieldset>
  );
}
