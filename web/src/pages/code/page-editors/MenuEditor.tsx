// A menu's sections, each with its dishes.
import { Field } from '../../../ui/forms';
import { GroupErrors } from '../GroupErrors';
import { move } from '../LinkList';
import { MAX_ITEMS, MAX_SECTIONS } from '../page-lists';
import { emptyItem, emptySection, type MenuSectionDraft } from '../page-draft';
import { usePageWords } from '../page-words';
import type { MoreProps } from '../ShortCodeField';
import { MenuItemFields } from './MenuItemFields';

export function MenuEditor({ more, setMore, errors }: MoreProps) {
  const t = usePageWords();
  const sections = more.page.sections;
  const put = (next: MenuSectionDraft[]) => setMore({ page: { ...more.page, sections: next } });
  const putSection = (i: number, s: Partial<MenuSectionDraft>) =>
    put(sections.map((x, j) => (j === i ? { ...x, ...s } : x)));
  return (
    <div data-testid="menu-editor">
      {sections.map((s, i) => {
        const base = `/content/sections/${i}`;
        const n = i + 1;
        return (
          <fieldset className="nested" key={i}>
            <legend>{t('pages.section', { n })}</legend>
            <Field label={t('pages.sectionName', { n })} pointer={`${base}/name`} errors={errors}>
              {(p) => <input {...p} value={s.name} onChange={(e) => putSection(i, { name: e.target.value })} />}
            </Field>
            {s.items.map((it, k) => {
              return (
                <MenuItemFields
                  key={k}
                  item={it}
                  base={`${base}/items/${k}`}
                  n={n}
                  m={k + 1}
                  errors={errors}
                  putItem={(patch) =>
                    putSection(i, { items: s.items.map((x, j) => (j === k ? { ...x, ...patch } : x)) })
                  }
                  remove={
                    s.items.length === 1 ? null : () => putSection(i, { items: s.items.filter((_, j) => j !== k) })
                  }
                />
              );
            })}
            <GroupErrors
              messages={Object.entries(errors)
                .filter(([p]) => p === `${base}/items` || new RegExp(`^${base}/items/\\d+$`).test(p))
                .map(([, e]) => e)}
            />
            <div className="row">
              {s.items.length < MAX_ITEMS ? (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => putSection(i, { items: [...s.items, emptyItem()] })}
                >
                  {t('pages.addItem', { n })}
                </button>
              ) : null}
              <button
                type="button"
                className="btn btn-small"
                disabled={i === 0}
                onClick={() => put(move(sections, i, i - 1))}
              >
                {t('pages.sectionUp', { n })}
              </button>
              <button
                type="button"
                className="btn btn-small"
                disabled={sections.length === 1}
                onClick={() => put(sections.filter((_, j) => j !== i))}
              >
                {t('pages.removeSection', { n })}
              </button>
            </div>
          </fieldset>
        );
      })}
      {sections.length < MAX_SECTIONS ? (
        <button type="button" className="btn btn-small" onClick={() => put([...sections, emptySection()])}>
          {t('pages.addSection')}
        </button>
      ) : null}
    </div>
  );
}
