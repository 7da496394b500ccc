// One dish of a menu's section: name, price, description and allergens.
import { FormField } from '../../../ui/FormField';
import { GroupErrors } from '../GroupErrors';
import { errorsUnder } from '../content-draft';
import type { PageForm } from '../editor-form';
import { ALLERGENS } from '../page-lists';
import { usePageWords } from '../page-words';
import { Checks } from '../routing/Checks';
import { allergenName } from './names';

export function MenuItemFields({
  form,
  name,
  n,
  m,
  remove,
}: {
  form: PageForm;
  /** its place in the form, `content.sections.N.items.M` */
  name: `content.sections.${number}.items.${number}`;
  /** the section's and the item's number, as the labels count */
  n: number;
  m: number;
  /** none while it is the section's only item */
  remove: (() => void) | null;
}) {
  const t = usePageWords();
  const pointer = `/${name.replaceAll('.', '/')}`;
  return (
    <fieldset className="nested">
      <legend>{t('pages.item', { n, m })}</legend>
      <div className="row">
        <FormField form={form} name={`${name}.name`} label={t('pages.itemName', { n, m })}>
          {(p) => <input {...p} />}
        </FormField>
        <FormField form={form} name={`${name}.price`} label={t('pages.price', { n, m })}>
          {(p) => <input {...p} inputMode="decimal" />}
        </FormField>
      </div>
      <FormField form={form} name={`${name}.description`} label={t('pages.itemDescription', { n, m })}>
        {(p) => <input {...p} />}
      </FormField>
      <Checks
        label={t('pages.allergens', { n, m })}
        control={form.control}
        name={`${name}.allergens`}
        options={ALLERGENS}
        word={(a) => allergenName(t, a)}
        className="nested checks"
      >
        <GroupErrors messages={errorsUnder(form.fields, `${pointer}/allergens`)} />
      </Checks>
      <button type="button" className="btn btn-small" disabled={!remove} onClick={() => remove?.()}>
        {t('pages.removeItem', { n, m })}
      </button>
    </fieldset>
  );
}
