// A menu's sections (`content.sections`), each with its dishes.
import { useFieldArray } from 'react-hook-form';
import { FormField } from '../../../ui/FormField';
import { pageForm, type PageForm } from '../editor-form';
import { GroupErrors } from '../GroupErrors';
import { MAX_ITEMS, MAX_SECTIONS } from '../page-lists';
import { emptyItem, emptySection } from '../page-draft';
import { usePageWords } from '../page-words';
import { MenuItemFields } from './MenuItemFields';
import type { PageEditorProps } from './props';

function MenuSection(props: { form: PageForm; i: number; count: number; up(): void; remove(): void }) {
  const t = usePageWords();
  const { form, i } = props;
  const items = useFieldArray({ control: form.control, name: `content.sections.${i}.items` });
  const base = `/content/sections/${i}`;
  const n = i + 1;
  return (
    <fieldset className="nested">
      <legend>{t('pages.section', { n })}</legend>
      <FormField form={form} name={`content.sections.${i}.name`} label={t('pages.sectionName', { n })}>
        {(p) => <input {...p} />}
      </FormField>
      {items.fields.map((it, k) => (
        <MenuItemFields
          key={it.id}
          form={form}
          name={`content.sections.${i}.items.${k}`}
          n={n}
          m={k + 1}
          remove={items.fields.length === 1 ? null : () => items.remove(k)}
        />
      ))}
      <GroupErrors
        messages={Object.entries(form.fields)
          .filter(([p]) => p === `${base}/items` || new RegExp(`^${base}/items/\\d+$`).test(p))
          .map(([, e]) => e)}
      />
      <div className="row">
        {items.fields.length < MAX_ITEMS ? (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => items.append(emptyItem(), { shouldFocus: false })}
          >
            {t('pages.addItem', { n })}
          </button>
        ) : null}
        <button type="button" className="btn btn-small" disabled={i === 0} onClick={props.up}>
          {t('pages.sectionUp', { n })}
        </button>
        <button type="button" className="btn btn-small" disabled={props.count === 1} onClick={props.remove}>
          {t('pages.removeSection', { n })}
        </button>
      </div>
    </fieldset>
  );
}

export function MenuEditor(props: PageEditorProps) {
  const t = usePageWords();
  const form = pageForm(props.form);
  const sections = useFieldArray({ control: form.control, name: 'content.sections' });
  return (
    <div data-testid="menu-editor">
      {sections.fields.map((s, i) => (
        <MenuSection
          key={s.id}
          form={form}
          i={i}
          count={sections.fields.length}
          up={() => sections.swap(i, i - 1)}
          remove={() => sections.remove(i)}
        />
      ))}
      {sections.fields.length < MAX_SECTIONS ? (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => sections.append(emptySection(), { shouldFocus: false })}
        >
          {t('pages.addSection')}
        </button>
      ) : null}
    </div>
  );
}
