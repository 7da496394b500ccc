// The editor's "Content" section: type and title, then a URL or the type's content (hosted page or
// static), and a dynamic code's short code.
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { Field, type FieldErrors } from '../../ui/forms';
import { CODE_TYPES, type CodeType } from '../code-types';
import { emptyDraft, type Draft } from '../code-form';
import { ContentExtras, PageSwitch } from './ContentFields';
import { ShortCodeField, type MoreProps } from './ShortCodeField';
import { StaticContentFields } from './StaticContentFields';

export function ContentFieldset({
  mode,
  draft,
  set,
  replace,
  errors: f,
  more,
}: {
  mode: 'create' | 'update';
  draft: Draft;
  set(patch: Partial<Draft>): void;
  /** A new type starts from its empty draft. */
  replace(draft: Draft): void;
  errors: FieldErrors;
  more: MoreProps;
}) {
  const { t } = useI18n();
  return (
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
              replace({
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
          <PageSwitch type={draft.type} dynamic={draft.dynamic} mode={mode} onDynamic={(v) => set({ dynamic: v })} />
          <StaticContentFields type={draft.type} draft={draft} set={set} errors={f} />
          <ContentExtras type={draft.type} content={draft.content} {...more} />
        </>
      )}
      {draft.dynamic ? <ShortCodeField {...more} /> : null}
    </fieldset>
  );
}
